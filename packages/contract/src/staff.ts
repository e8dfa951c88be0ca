import { z } from 'zod';
import { email, idParam, isoDateTime, pageQueryFields, paged, text } from './common.js';
import { password } from './account.js';

/** The back office's API lives beside the customer's, under its own prefix and sessions. */
export const ADMIN_API_PREFIX = '/api/admin/v1';
/** Where the back office app is served. */
export const ADMIN_APP_PATH = '/admin';

/**
 * Fixed roles (README, "Staff roles"): owner everything and the only one to manage staff; manager the shop but not
 * staff; picker pick lists and packing; support reads customers and orders, resends mails, disables a customer.
 */
export const staffRoles = ['owner', 'manager', 'picker', 'support'] as const;
export const staffRole = z.enum(staffRoles);
export type StaffRole = z.infer<typeof staffRole>;

/** A staff sign-in lasts at most this long, however busy. */
export const STAFF_SESSION_MAX_MINUTES = 8 * 60;
/** A staff session left this long without a request ends. */
export const STAFF_SESSION_IDLE_MINUTES = 30;
/** How long the link that sets a new staff member's password works. */
export const STAFF_INVITE_HOURS = 24;
export const RECOVERY_CODE_COUNT = 10;

const staffName = text(80).min(1, { error: 'is required' });
/** Six digits from the authenticator app, or one of the recovery codes (`xxxxx-xxxxx`). */
export const oneTimeCode = text(11, {
  pattern: /^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/,
  error: 'must be the 6-digit code from the authenticator app, or a recovery code',
}).meta({ example: '123456' });

export const staffMember = z.object({
  staffID: z.number().int(),
  email: z.string().max(254),
  name: z.string().max(80),
  role: staffRole,
  /** Two-factor sign-in is on. */
  mfaEnabled: z.boolean(),
  disabled: z.boolean(),
  /** False until the member has set a password from the mailed link. */
  hasPassword: z.boolean(),
  createdAt: isoDateTime,
  lastSignInAt: isoDateTime.nullable(),
});
export type StaffMember = z.infer<typeof staffMember>;

export const staffLoginBody = z.strictObject({
  email,
  password: text(128, { trim: false, secret: true }).min(1, { error: 'is required' }),
  otp: oneTimeCode.optional(),
});
export type StaffLoginBody = z.infer<typeof staffLoginBody>;

/** Who is signed in to the back office. */
export const staffMe = staffMember.extend({
  /** Two-factor must be set up before this member may change anything (owners and managers, `STAFF_MFA_REQUIRED`). */
  mustEnrolMfa: z.boolean(),
  /** When this sign-in ends at the latest (8 hours after it began); it ends sooner after 30 idle minutes. */
  sessionEndsAt: isoDateTime,
});
export type StaffMe = z.infer<typeof staffMe>;

export const staffList = z.object({ list: z.array(staffMember).max(1000) });
export type StaffList = z.infer<typeof staffList>;

export const staffCreateBody = z.strictObject({ email, name: staffName, role: staffRole });
export type StaffCreateBody = z.infer<typeof staffCreateBody>;

export const staffUpdateBody = z
  .strictObject({ role: staffRole.optional(), disabled: z.boolean().optional(), name: staffName.optional() })
  .refine((b) => b.role !== undefined || b.disabled !== undefined || b.name !== undefined, {
    error: 'give role, name or disabled',
    path: ['role'],
  });
export type StaffUpdateBody = z.infer<typeof staffUpdateBody>;

export const staffIdParams = z.strictObject({ staffID: idParam });

/** The one-time link's token, and the password the new member chooses. */
export const staffSetPasswordBody = z.strictObject({
  token: text(100, { pattern: /^[A-Za-z0-9_-]+$/, error: 'is not a valid link' }).min(20),
  password,
});
export type StaffSetPasswordBody = z.infer<typeof staffSetPasswordBody>;

export const staffChangePasswordBody = z.strictObject({
  oldPassword: text(128, { trim: false, secret: true }).min(1, { error: 'is required' }),
  newPassword: password,
});
export type StaffChangePasswordBody = z.infer<typeof staffChangePasswordBody>;

/** A new TOTP secret to scan (RFC 6238, SHA-1, 6 digits, 30 s), not yet on until confirmed with a code. */
export const mfaEnrolment = z.object({
  secret: z.string().max(64),
  otpauthUrl: z.string().max(500),
});
export type MfaEnrolment = z.infer<typeof mfaEnrolment>;

export const mfaConfirmBody = z.strictObject({ otp: oneTimeCode });
export type MfaConfirmBody = z.infer<typeof mfaConfirmBody>;

/** Shown once: each works once in place of a code, and only their hashes are kept. */
export const recoveryCodes = z.object({
  recoveryCodes: z.array(z.string().max(11)).length(RECOVERY_CODE_COUNT),
});
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

export const auditQuery = z.strictObject({
  staffID: idParam.optional(),
  targetType: text(40).optional(),
  targetID: text(40).optional(),
  ...pageQueryFields(20),
});
export type AuditQuery = z.infer<typeof auditQuery>;

const auditValue = z.record(z.string(), z.unknown()).nullable();

/** One change a staff member made: who, what (before and after), when and from where. */
export const auditEntry = z.object({
  auditID: z.number().int(),
  at: isoDateTime,
  staffID: z.number().int(),
  staffName: z.string().max(80),
  staffRole: staffRole,
  action: z.string().max(60),
  targetType: z.string().max(40),
  targetID: z.string().max(40),
  before: auditValue,
  after: auditValue,
  requestID: z.string().max(100),
  ip: z.string().max(64),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditList = paged(auditEntry);
export type AuditList = z.infer<typeof auditList>;

/** One delivery window's orders (or, with no window, the courier orders of the day). */
export const dashboardWindow = z.object({
  windowID: z.number().int().nullable(),
  startsAt: isoDateTime.nullable(),
  endsAt: isoDateTime.nullable(),
  label: z.string().max(60).nullable(),
  orders: z.number().int(),
  totalCents: z.number().int(),
});
export const dashboardDay = z.object({
  /** The store's day (Sydney), YYYY-MM-DD. */
  date: z.string().max(10),
  windows: z.array(dashboardWindow).max(200),
});
export const countAndTotal = z.object({ count: z.number().int(), totalCents: z.number().int() });

export const dashboard = z.object({
  /** Today's and tomorrow's paid orders by delivery window. */
  days: z.array(dashboardDay).max(2),
  awaitingPayment: countAndTotal,
  /** Refunds the store still owes and is retrying (a provider was down). */
  refundsOwed: countAndTotal,
  /** Refunds the rounds could not settle with the provider: someone must look (they are not retried). */
  refundsUnsettled: countAndTotal,
  /** Mails the outbox has failed to send and is still retrying. */
  mailsFailing: z.number().int(),
  /**
   * Payment providers that refused the shop's own credentials or settings in the last 24 hours, and how often: the
   * customer was told only that the way to pay is not available; the operator must fix the configuration.
   */
  paymentProviderFaults: z.array(z.object({ provider: z.string().max(20), count: z.number().int() })).max(10),
});
export type Dashboard = z.infer<typeof dashboard>;

import {
  ADMIN_APP_PATH,
  STAFF_INVITE_HOURS,
  STAFF_SESSION_IDLE_MINUTES,
  STAFF_SESSION_MAX_MINUTES,
  type MfaEnrolment,
  type RecoveryCodes,
  type StaffChangePasswordBody,
  type StaffCreateBody,
  type StaffList,
  type StaffLoginBody,
  type StaffMe,
  type StaffMember,
  type StaffSetPasswordBody,
  type StaffUpdateBody,
} from '@storefront/contract/staff';
import type { Db, Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { insertMail } from '../mail/outbox.repo.js';
import type { Throttle } from '../throttle/throttle.service.js';
import { staffPasswordLinkMail } from './staff-mails.js';
import {
  countOtherActiveOwners,
  findLiveSession,
  findStaff,
  findStaffByEmail,
  insertPasswordLink,
  insertSession,
  insertStaff,
  listStaff,
  replaceRecoveryCodes,
  revokeSession,
  revokeSessionsOf,
  takePasswordLink,
  takeTotpStep,
  touchSession,
  updateStaff,
  useRecoveryCode,
  type StaffRow,
} from './staff.repo.js';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpStepOf } from './totp.js';

const MINUTE = 60_000;
/** A session's last request is written at most once a minute: idle time is counted in minutes anyway. */
const TOUCH_EVERY_MS = MINUTE;

/** The signed-in member of a staff request, read with its session on every request (no cache: a disabled member
 * or a changed password ends every session at once, in every process). */
export type StaffAuth = { sessionId: number; member: StaffRow; sessionEndsAt: Date };

export type StaffSettings = {
  scryptLogN: number;
  now: () => Date;
  publicUrl: string;
  mfaRequired: boolean;
};

export function toStaffMember(m: StaffRow): StaffMember {
  return {
    staffID: m.id,
    email: m.email,
    name: m.name,
    role: m.role,
    mfaEnabled: m.mfaSecret !== null,
    disabled: m.disabledAt !== null,
    hasPassword: m.passwordHash !== null,
    createdAt: m.createdAt.toISOString(),
    lastSignInAt: m.lastSignInAt?.toISOString() ?? null,
  };
}

/** What an audit entry shows of a member: never a hash or a secret. */
function auditView(m: StaffRow): Record<string, unknown> {
  return { email: m.email, name: m.name, role: m.role, disabled: m.disabledAt !== null };
}

export function createStaffService(db: Db, throttle: Throttle, settings: StaffSettings) {
  const { now } = settings;
  let decoy: Promise<string> | undefined;
  const decoyHash = () => (decoy ??= hashPassword('decoy password', settings.scryptLogN));

  /** Owners and managers move money and the catalogue: they write only once two-factor is on (if required). */
  function mustEnrolMfa(m: StaffRow): boolean {
    return settings.mfaRequired && m.mfaSecret === null && (m.role === 'owner' || m.role === 'manager');
  }

  function toMe(m: StaffRow, sessionEndsAt: Date): StaffMe {
    return { ...toStaffMember(m), mustEnrolMfa: mustEnrolMfa(m), sessionEndsAt: sessionEndsAt.toISOString() };
  }

  /** A TOTP code (taken once: its step must be later than the last one used) or an unused recovery code. */
  async function takeSecondFactor(
    exec: Executor,
    m: StaffRow,
    secret: string,
    code: string,
  ): Promise<boolean> {
    if (code.includes('-')) return useRecoveryCode(exec, m.id, hashRecoveryCode(code), now());
    const step = await totpStepOf(secret, code, now(), m.mfaLastStep);
    return step !== null && (await takeTotpStep(exec, m.id, step));
  }

  async function issueRecoveryCodes(tx: Executor, staffId: number): Promise<RecoveryCodes> {
    const recoveryCodes = newRecoveryCodes();
    await replaceRecoveryCodes(tx, staffId, recoveryCodes.map(hashRecoveryCode));
    return { recoveryCodes };
  }

  /** A one-time link that sets the member's password, mailed through the outbox in the caller's transaction. */
  async function mailPasswordLink(tx: Executor, m: StaffRow, kind: 'welcome' | 'reset'): Promise<string> {
    const token = newToken();
    await insertPasswordLink(
      tx,
      {
        staffId: m.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(now().getTime() + STAFF_INVITE_HOURS * 60 * MINUTE),
      },
      now(),
    );
    const link = `${settings.publicUrl}${ADMIN_APP_PATH}/set-password?token=${token}`;
    await insertMail(tx, staffPasswordLinkMail(m, link, kind), now());
    return link;
  }

  return {
    mustEnrolMfa,

    /** The member and session a bearer token belongs to, while it lives: null when it has ended. */
    async authenticate(token: string): Promise<StaffAuth | null> {
      const at = now();
      const found = await findLiveSession(
        db,
        hashToken(token),
        at,
        new Date(at.getTime() - STAFF_SESSION_IDLE_MINUTES * MINUTE),
      );
      if (!found) return null;
      if (at.getTime() - found.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS)
        await touchSession(db, found.session.id, at);
      return { sessionId: found.session.id, member: found.member, sessionEndsAt: found.session.expiresAt };
    },

    me: (auth: StaffAuth): StaffMe => toMe(auth.member, auth.sessionEndsAt),

    /**
     * Password, then the second factor when two-factor is on. Failures count per IP and per account as customers'
     * do (a wrong code too); a right password asking for its code gives its attempt back.
     */
    async login(body: StaffLoginBody, ip: string): Promise<{ token: string; me: StaffMe }> {
      await throttle.reserve('perIp', `staff-login:ip:${ip}`);
      const reservations = [
        await throttle.reserve('perAccount', `staff-login:account-ip:${body.email}:${ip}`),
        await throttle.reserve('untrustedPerAccount', `staff-login:account:${body.email}`),
      ];
      const m = await findStaffByEmail(db, body.email);
      const valid = await verifyPassword(body.password, m?.passwordHash ?? (await decoyHash()));
      if (!m || !m.passwordHash || !valid) throw new AppError('STAFF_WRONG_CREDENTIALS');
      if (m.disabledAt) throw new AppError('STAFF_DISABLED');
      if (m.mfaSecret !== null) {
        if (body.otp === undefined) {
          await throttle.release(reservations);
          throw new AppError('STAFF_OTP_REQUIRED');
        }
        if (!(await takeSecondFactor(db, m, m.mfaSecret, body.otp))) throw new AppError('STAFF_OTP_INVALID');
      }
      await throttle.release(reservations);
      const token = newToken();
      const at = now();
      const endsAt = new Date(at.getTime() + STAFF_SESSION_MAX_MINUTES * MINUTE);
      await db.transaction(async (tx) => {
        await insertSession(tx, {
          staffId: m.id,
          tokenHash: hashToken(token),
          createdAt: at,
          expiresAt: endsAt,
        });
        await updateStaff(tx, m.id, { lastSignInAt: at });
      });
      return { token, me: toMe({ ...m, lastSignInAt: at }, endsAt) };
    },

    logout: (sessionId: number) => revokeSession(db, sessionId, now()),

    /** The new member's first password (or a new one the owner sent a link for): every session they had ends. */
    async setPassword(body: StaffSetPasswordBody, meta: { requestId: string; ip: string }): Promise<void> {
      const passwordHash = await hashPassword(body.password, settings.scryptLogN);
      await db.transaction(async (tx) => {
        const staffId = await takePasswordLink(tx, hashToken(body.token), now());
        const m = staffId === null ? undefined : await findStaff(tx, staffId, { lock: true });
        if (!m || m.disabledAt) throw new AppError('STAFF_LINK_INVALID');
        await updateStaff(tx, m.id, { passwordHash });
        await revokeSessionsOf(tx, m.id, now());
        await recordAudit(
          tx,
          { staffId: m.id, role: m.role, ...meta },
          { action: 'staff.password_set', targetType: 'staff', targetId: m.id },
          now(),
        );
      });
    },

    async changePassword(auth: StaffAuth, body: StaffChangePasswordBody, actor: Actor): Promise<void> {
      const reservation = await throttle.reserve('perAccount', `staff-password:${auth.member.id}`);
      const { passwordHash } = auth.member;
      if (!passwordHash || !(await verifyPassword(body.oldPassword, passwordHash)))
        throw new AppError('STAFF_WRONG_PASSWORD');
      await throttle.release([reservation]);
      const newHash = await hashPassword(body.newPassword, settings.scryptLogN);
      await db.transaction(async (tx) => {
        await updateStaff(tx, auth.member.id, { passwordHash: newHash });
        await revokeSessionsOf(tx, auth.member.id, now(), auth.sessionId);
        await recordAudit(
          tx,
          actor,
          { action: 'staff.password_changed', targetType: 'staff', targetId: auth.member.id },
          now(),
        );
      });
    },

    /** A new secret to scan; two-factor turns on (or moves to the new phone) only once a code from it is confirmed. */
    async enrolMfa(auth: StaffAuth, actor: Actor): Promise<MfaEnrolment> {
      const { secret, otpauthUrl } = newTotpSecret();
      await db.transaction(async (tx) => {
        await updateStaff(tx, auth.member.id, { mfaPendingSecret: secret });
        await recordAudit(
          tx,
          actor,
          { action: 'staff.mfa_enrolment_started', targetType: 'staff', targetId: auth.member.id },
          now(),
        );
      });
      return { secret, otpauthUrl: otpauthUrl(auth.member.email) };
    },

    async confirmMfa(auth: StaffAuth, otp: string, actor: Actor): Promise<RecoveryCodes> {
      return db.transaction(async (tx) => {
        const m = await findStaff(tx, auth.member.id, { lock: true });
        const pending = m?.mfaPendingSecret;
        if (!m || !pending) throw new AppError('STAFF_MFA_NOT_STARTED');
        const step = await totpStepOf(pending, otp, now(), null);
        if (step === null) throw new AppError('STAFF_OTP_INVALID');
        await updateStaff(tx, m.id, { mfaSecret: pending, mfaPendingSecret: null });
        await takeTotpStep(tx, m.id, step);
        const codes = await issueRecoveryCodes(tx, m.id);
        await recordAudit(
          tx,
          actor,
          {
            action: 'staff.mfa_enabled',
            targetType: 'staff',
            targetId: m.id,
            before: { mfaEnabled: m.mfaSecret !== null },
            after: { mfaEnabled: true },
          },
          now(),
        );
        return codes;
      });
    },

    /** A new set of recovery codes for a code from the app (or one of the old set); the old set stops working. */
    async renewRecoveryCodes(auth: StaffAuth, otp: string, actor: Actor): Promise<RecoveryCodes> {
      return db.transaction(async (tx) => {
        const m = await findStaff(tx, auth.member.id, { lock: true });
        if (!m?.mfaSecret) throw new AppError('STAFF_MFA_NOT_STARTED');
        if (!(await takeSecondFactor(tx, m, m.mfaSecret, otp))) throw new AppError('STAFF_OTP_INVALID');
        const codes = await issueRecoveryCodes(tx, m.id);
        await recordAudit(
          tx,
          actor,
          { action: 'staff.recovery_codes_renewed', targetType: 'staff', targetId: m.id },
          now(),
        );
        return codes;
      });
    },

    async list(): Promise<StaffList> {
      return { list: (await listStaff(db)).map(toStaffMember) };
    },

    /** Adds a member and mails them the link to set a password; answers the link too (the command line prints it). */
    async add(
      body: StaffCreateBody,
      actor: Actor | 'command line',
    ): Promise<{ member: StaffMember; link: string }> {
      return db.transaction(async (tx) => {
        const m = await insertStaff(tx, body, now());
        if (!m) throw new AppError('STAFF_EMAIL_TAKEN');
        const link = await mailPasswordLink(tx, m, 'welcome');
        const by =
          actor === 'command line'
            ? { staffId: m.id, role: m.role, requestId: 'command line', ip: 'command line' }
            : actor;
        await recordAudit(
          tx,
          by,
          { action: 'staff.created', targetType: 'staff', targetId: m.id, after: auditView(m) },
          now(),
        );
        return { member: toStaffMember(m), link };
      });
    },

    /**
     * A new role, name or disabled state. The shop keeps at least one active owner (the owner rows are locked, so two
     * owners demoting each other at once cannot both go). A disabled member's sessions end at once.
     */
    async update(staffId: number, body: StaffUpdateBody, actor: Actor): Promise<StaffMember> {
      return db.transaction(async (tx) => {
        const m = await findStaff(tx, staffId, { lock: true });
        if (!m) throw new AppError('NOT_FOUND', 'No such staff member.');
        const disabledAt =
          body.disabled === undefined ? m.disabledAt : body.disabled ? (m.disabledAt ?? now()) : null;
        const role = body.role ?? m.role;
        const losesOwner =
          m.role === 'owner' && m.disabledAt === null && (role !== 'owner' || disabledAt !== null);
        if (losesOwner && (await countOtherActiveOwners(tx, m.id)) === 0)
          throw new AppError('STAFF_LAST_OWNER');
        const updated = await updateStaff(tx, m.id, { role, name: body.name ?? m.name, disabledAt });
        if (!updated) throw new AppError('NOT_FOUND', 'No such staff member.');
        if (disabledAt !== null) await revokeSessionsOf(tx, m.id, now());
        await recordAudit(
          tx,
          actor,
          {
            action: 'staff.updated',
            targetType: 'staff',
            targetId: m.id,
            before: auditView(m),
            after: auditView(updated),
          },
          now(),
        );
        return toStaffMember(updated);
      });
    },

    /** Mails the member a new link to set their password (a lost one, or a first link that expired). */
    async sendPasswordLink(staffId: number, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const m = await findStaff(tx, staffId, { lock: true });
        if (!m) throw new AppError('NOT_FOUND', 'No such staff member.');
        await mailPasswordLink(tx, m, m.passwordHash === null ? 'welcome' : 'reset');
        await recordAudit(
          tx,
          actor,
          { action: 'staff.password_link_sent', targetType: 'staff', targetId: m.id },
          now(),
        );
      });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;

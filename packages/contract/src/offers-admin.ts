import { z } from 'zod';
import {
  email,
  INT32_MAX,
  idParam,
  isoDateTime,
  pageQueryFields,
  paged,
  searchText,
  text,
} from './common.js';
import { couponKind, couponText, type CouponKind } from './cart.js';
import { normaliseCode } from './limits.js';

export const COUPON_CODE_MIN = 3;
export const COUPON_CODE_MAX = 32;
/** Cents: a fixed coupon's money off and a gift voucher's amount, at most $10,000. */
export const OFFER_AMOUNT_MAX = 1_000_000;
/** Cents: the largest minimum spend, $100,000. */
export const MIN_SPEND_MAX = 10_000_000;
export const PER_CUSTOMER_LIMIT_MAX = 1000;
/** Customers given a coupon at once. */
export const COUPON_GIVE_MAX = 200;
/** Customers a coupon's page lists (newest first); `customerCount` counts them all. */
export const COUPON_CUSTOMERS_SHOWN = 200;
export const VOUCHER_BATCH_MAX = 1000;
export const VOUCHER_LABEL_MAX = 60;
/** The columns of a batch's CSV export, in order: amount in dollars, times as ISO 8601 (UTC). */
export const VOUCHER_CSV_COLUMNS = ['code', 'amount', 'expires', 'redeemed_at'] as const;

/** A moment as a form sends it: ISO 8601 with its offset (Z or +11:00). */
const instant = z.iso
  .datetime({ offset: true, error: 'must be a date and time such as 2026-12-01T00:00:00+11:00' })
  .max(40);

/**
 * A coupon code as the shop types it: letters and digits, spaces typed in it dropped, kept in capitals (customers
 * may type it in any case).
 */
export const couponCode = z
  .string()
  .max(COUPON_CODE_MAX * 2)
  .regex(/^[A-Za-z0-9 ]*$/, { error: 'use letters and digits only' })
  .transform((code) => normaliseCode(code).toUpperCase())
  .pipe(
    z
      .string()
      .min(COUPON_CODE_MIN, { error: `must be at least ${COUPON_CODE_MIN} letters or digits` })
      .max(COUPON_CODE_MAX, { error: `must be at most ${COUPON_CODE_MAX} letters or digits` }),
  );

/** What is wrong with a coupon's value for its kind, or null: percent 1-100, fixed cents above 0, free delivery 0. */
export function couponValueProblem(kind: CouponKind, value: number): string | null {
  if (kind === 'percent' && (value < 1 || value > 100)) return 'must be a percentage from 1 to 100';
  if (kind === 'fixed' && value < 1) return 'must be more than 0 cents';
  if (kind === 'free_shipping' && value !== 0) return 'must be 0 for a free delivery coupon';
  return null;
}

/** A coupon as staff write it, to create one or to replace one's fields. */
export const couponBody = z
  .strictObject({
    code: couponCode.meta({ example: 'SPRING15' }),
    description: text(500).min(1, { error: 'describe the offer' }),
    kind: couponKind,
    /** Percent (1-100) for percent coupons, cents for fixed ones, 0 for free shipping. */
    value: z.int32().min(0).max(OFFER_AMOUNT_MAX),
    /** Cents of goods the cart must hold. */
    minSpend: z.int32().min(0).max(MIN_SPEND_MAX),
    startsAt: instant.meta({ example: '2026-12-01T00:00:00+11:00' }),
    /** The first moment it no longer works. */
    endsAt: instant.meta({ example: '2026-12-08T00:00:00+11:00' }),
    /** Uses across all customers; null = unlimited. Never below the uses it already has. */
    usageLimit: z.int32().min(1).max(INT32_MAX).nullable(),
    perCustomerLimit: z.int32().min(1).max(PER_CUSTOMER_LIMIT_MAX),
    /** Works only for the customers it is given to; a public one is a code anyone may type. */
    isPersonal: z.boolean(),
  })
  .superRefine((c, ctx) => {
    const problem = couponValueProblem(c.kind, c.value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
    if (Date.parse(c.endsAt) <= Date.parse(c.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after startsAt' });
  });
export type CouponBody = z.infer<typeof couponBody>;

/** scheduled: not started; running: works now; ended: past its end, or every use taken. */
export const couponStatuses = ['scheduled', 'running', 'ended'] as const;
export const couponStatus = z.enum(couponStatuses);
export type CouponStatus = z.infer<typeof couponStatus>;

export const couponListQuery = z.strictObject({
  /** Part of the code or the description. */
  q: searchText(100).optional(),
  status: couponStatus.optional(),
  ...pageQueryFields(20),
});
export type CouponListQuery = Partial<z.output<typeof couponListQuery>>;
export type CouponListParams = z.output<typeof couponListQuery>;

export const couponParams = z.strictObject({ couponID: idParam });

export const staffCoupon = z.object({
  couponID: z.number().int(),
  code: couponText.code,
  description: couponText.description,
  kind: couponKind,
  value: z.number().int(),
  minSpend: z.number().int(),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  usageLimit: z.number().int().nullable(),
  /** Uses across all customers. */
  usedCount: z.number().int(),
  perCustomerLimit: z.number().int(),
  isPersonal: z.boolean(),
  status: couponStatus,
  /** Customers whose wallet holds it: given it, or (a public one) who used it. */
  customerCount: z.number().int(),
});
export type StaffCoupon = z.infer<typeof staffCoupon>;

export const couponList = paged(staffCoupon);
export type CouponList = z.infer<typeof couponList>;

export const couponHolder = z.object({
  customerID: z.number().int(),
  email: z.string().max(254),
  name: z.string().max(120),
  receivedAt: isoDateTime,
  /** This customer's uses. */
  usedCount: z.number().int(),
});
export type CouponHolder = z.infer<typeof couponHolder>;

/** A coupon with the customers holding it, the most recent first. */
export const couponDetail = staffCoupon.extend({
  customers: z.array(couponHolder).max(COUPON_CUSTOMERS_SHOWN),
});
export type CouponDetail = z.infer<typeof couponDetail>;

/** Customers by their account's email; an email no account has refuses them all. */
export const couponGiveBody = z.strictObject({
  emails: z.array(email).min(1, { error: 'name at least one customer' }).max(COUPON_GIVE_MAX),
});
export type CouponGiveBody = z.infer<typeof couponGiveBody>;

/** Customers it was added for now, and customers who already held it. */
export const couponGiveResult = z.object({ added: z.number().int(), alreadyHeld: z.number().int() });
export type CouponGiveResult = z.infer<typeof couponGiveResult>;

/** A batch's label: its name in the list and the export, unique. */
export const voucherBatchLabel = text(VOUCHER_LABEL_MAX).min(1, { error: 'name the batch' });

export const voucherBatchBody = z.strictObject({
  label: voucherBatchLabel,
  count: z.int32().min(1).max(VOUCHER_BATCH_MAX),
  /** Cents each voucher credits. */
  amount: z.int32().min(1).max(OFFER_AMOUNT_MAX),
  /** The first moment the codes no longer work; in the future. */
  expiresAt: instant.meta({ example: '2027-12-01T00:00:00+11:00' }),
});
export type VoucherBatchBody = z.infer<typeof voucherBatchBody>;

export const voucherBatch = z.object({
  label: z.string().max(VOUCHER_LABEL_MAX),
  count: z.number().int(),
  redeemed: z.number().int(),
  amount: z.number().int(),
  expiresAt: isoDateTime,
  createdAt: isoDateTime,
});
export type VoucherBatch = z.infer<typeof voucherBatch>;

export const voucherBatchListQuery = z.strictObject(pageQueryFields(20));
export type VoucherBatchListQuery = z.output<typeof voucherBatchListQuery>;

export const voucherBatchList = paged(voucherBatch);
export type VoucherBatchList = z.infer<typeof voucherBatchList>;

export const voucherBatchParams = z.strictObject({ batch: voucherBatchLabel });
export type VoucherBatchParams = z.infer<typeof voucherBatchParams>;

/** The export: `VOUCHER_CSV_COLUMNS`, one row per code, in the order they were made. */
export const voucherBatchCsv = z.string().max(VOUCHER_BATCH_MAX * 100);

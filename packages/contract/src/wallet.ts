import { z } from 'zod';
import { isoDateTime, pageQueryFields, paged, text } from './common.js';
import { couponKind, couponText } from './cart.js';
import { normaliseCode } from './limits.js';

export const VOUCHER_CODE_MAX = 40;

export const creditReason = z.enum(['voucher', 'order_payment', 'order_refund', 'goodwill']);
export type CreditReason = z.infer<typeof creditReason>;

export const creditsQuery = z.strictObject(pageQueryFields(10));
export type CreditsQuery = z.infer<typeof creditsQuery>;

/** One ledger entry; `amount` in cents, positive credits the customer, negative spends. */
export const creditEntry = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  reason: creditReason,
  orderID: z.number().int().nullable(),
  voucherCode: z.string().max(VOUCHER_CODE_MAX).nullable(),
  createdAt: isoDateTime,
});
export type CreditEntry = z.infer<typeof creditEntry>;

/** `balance` (cents) is the sum of every entry, never negative; `entries` newest first. */
export const credits = z.object({ balance: z.number().int(), entries: paged(creditEntry) });
export type Credits = z.infer<typeof credits>;

/**
 * A wallet coupon's state for this customer: `available` now, `upcoming` (not started yet, usable later),
 * `used` (this customer's limit reached), `expired` (ended, or used up by everyone).
 */
export const walletCouponStatus = z.enum(['available', 'upcoming', 'used', 'expired']);
export type WalletCouponStatus = z.infer<typeof walletCouponStatus>;

const statusList = z.union([walletCouponStatus, z.array(walletCouponStatus).max(4)]);

export const couponPackageQuery = z.strictObject({
  status: statusList.optional().transform((s) => (s === undefined ? undefined : Array.isArray(s) ? s : [s])),
});
export type CouponPackageQuery = z.input<typeof couponPackageQuery>;

export const walletCoupon = z.object({
  couponID: z.number().int(),
  code: couponText.code,
  description: couponText.description,
  kind: couponKind,
  /** Percent (1-100) for percent coupons, cents for fixed ones, 0 for free shipping. */
  value: z.number().int(),
  minSpend: z.number().int(),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  /** Uses across all customers; null = unlimited. */
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int(),
  /** This customer's uses. */
  usedCount: z.number().int(),
  receivedAt: isoDateTime,
  status: walletCouponStatus,
});
export type WalletCoupon = z.infer<typeof walletCoupon>;

/** Every coupon the customer received: the shop issues a few dozen at most. */
export const couponPackage = z.object({ list: z.array(walletCoupon).max(1000) });
export type CouponPackage = z.infer<typeof couponPackage>;

/** Any letter case; spaces typed in the code ("GIFT - 2500") are dropped. */
export const applyVoucherBody = z.strictObject({
  code: z
    .string()
    .max(VOUCHER_CODE_MAX * 2)
    // Spaces as typed ("GIFT 2500"); not every \s, which takes invisible ones such as U+FEFF.
    .regex(/^[A-Za-z0-9 -]*$/, { error: 'use letters, digits and dashes only' })
    .transform(normaliseCode)
    .pipe(
      text(VOUCHER_CODE_MAX, {
        pattern: /^[A-Za-z0-9-]*$/,
        error: 'use letters, digits and dashes only',
      }).min(1, { error: 'enter a voucher code' }),
    ),
});
export type ApplyVoucherBody = z.input<typeof applyVoucherBody>;

/** Cents: the new balance and what the voucher added. */
export const applyVoucherResult = z.object({ balance: z.number().int(), credited: z.number().int() });
export type ApplyVoucherResult = z.infer<typeof applyVoucherResult>;

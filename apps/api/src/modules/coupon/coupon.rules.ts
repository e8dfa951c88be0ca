import type { ErrorName } from '@storefront/contract/errors';
import type { WalletCouponStatus } from '@storefront/contract/wallet';
import type { CouponRow, CustomerCoupon } from './coupon.repo.js';

/**
 * The first rule the coupon breaks for this customer and subtotal, or null when it applies. `customerUses` is
 * null when the coupon is not in the customer's wallet: a personal coupon then answers like an unknown code, before
 * any other rule, so a non-holder learns nothing about it (not even that it has expired).
 */
export function couponProblem(
  { coupon, customerUses }: CustomerCoupon,
  ctx: { subtotal: number; now: Date },
): ErrorName | null {
  if (coupon.isPersonal && customerUses === null) return 'COUPON_INVALID';
  if (ctx.now < coupon.startsAt) return 'COUPON_NOT_STARTED';
  if (ctx.now >= coupon.endsAt) return 'COUPON_EXPIRED';
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return 'COUPON_USED_UP';
  if ((customerUses ?? 0) >= coupon.perCustomerLimit) return 'COUPON_USED_UP';
  if (ctx.subtotal < coupon.minSpendCents) return 'COUPON_MIN_SPEND';
  return null;
}

/** Money off the goods; never more than the subtotal, and none for a free-shipping coupon. */
export function discountOf(coupon: CouponRow, subtotal: number): number {
  if (coupon.kind === 'percent') return Math.min(subtotal, Math.round((subtotal * coupon.value) / 100));
  if (coupon.kind === 'fixed') return Math.min(subtotal, coupon.value);
  return 0;
}

/** A wallet coupon's state, ignoring the minimum spend (that depends on a cart). */
export function walletCouponStatusOf(coupon: CouponRow, customerUses: number, now: Date): WalletCouponStatus {
  if (customerUses >= coupon.perCustomerLimit) return 'used';
  const problem = couponProblem({ coupon, customerUses }, { subtotal: Number.MAX_SAFE_INTEGER, now });
  if (problem === 'COUPON_NOT_STARTED') return 'upcoming';
  if (problem === null) return 'available';
  return 'expired';
}

import type { WalletCoupon } from '@storefront/contract/wallet';
import type { Executor } from '../../db/client.js';
import { together } from '../../db/together.js';
import { AppError } from '../../lib/app-error.js';
import { claimCouponUse, claimCustomerCouponUse, listWalletCoupons, type CouponRow } from './coupon.repo.js';
import { walletCouponStatusOf } from './coupon.rules.js';

/**
 * Counts one use of the coupon, store-wide and in the customer's wallet, inside the caller's transaction.
 * Conditional increments: two parallel checkouts cannot both take the last use of a coupon.
 */
export async function claimCoupon(tx: Executor, customerId: number, coupon: CouponRow): Promise<void> {
  // Sent together: if either use is not left, the caller's transaction is rolled back with both.
  const claimed = await together([
    claimCouponUse(tx, coupon.id),
    claimCustomerCouponUse(tx, customerId, coupon.id, coupon.perCustomerLimit),
  ]);
  if (claimed.includes(false)) throw new AppError('COUPON_USED_UP');
}

/** The customer's coupon wallet with each coupon's rules and its state for them now. */
export async function walletCoupons(db: Executor, customerId: number, now: Date): Promise<WalletCoupon[]> {
  const rows = await listWalletCoupons(db, customerId);
  return rows.map(({ coupon, usedCount, receivedAt }) => ({
    couponID: coupon.id,
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind,
    value: coupon.value,
    minSpend: coupon.minSpendCents,
    startsAt: coupon.startsAt.toISOString(),
    endsAt: coupon.endsAt.toISOString(),
    usageLimit: coupon.usageLimit,
    perCustomerLimit: coupon.perCustomerLimit,
    usedCount,
    receivedAt: receivedAt.toISOString(),
    status: walletCouponStatusOf(coupon, usedCount, now),
  }));
}

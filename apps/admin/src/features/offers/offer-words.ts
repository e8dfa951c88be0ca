import type { CouponKind } from '@storefront/contract/cart';
import type { StaffCoupon } from '@storefront/contract/offers-admin';
import { formatMoney } from '../../lib/format';
import { formatShortDay, lastStoreDay, storeDayAt } from './store-days';

export const couponKindLabels: Record<CouponKind, string> = {
  percent: 'Percent off',
  fixed: 'Dollars off',
  free_shipping: 'Free delivery',
};

/** What the coupon gives: "15% off", "$5.00 off", "Free delivery". */
export function couponOffer(coupon: { kind: CouponKind; value: number }): string {
  if (coupon.kind === 'percent') return `${coupon.value}% off`;
  if (coupon.kind === 'fixed') return `${formatMoney(coupon.value)} off`;
  return 'Free delivery';
}

export function minSpendText(cents: number): string {
  return cents > 0 ? `Spend ${formatMoney(cents)}` : 'No minimum';
}

/** The store days it works: "1 Dec 2026 – 31 Dec 2026". */
export function couponDays(coupon: Pick<StaffCoupon, 'startsAt' | 'endsAt'>): string {
  const first = storeDayAt(coupon.startsAt);
  const last = lastStoreDay(coupon.endsAt);
  return last < first
    ? `Ended ${formatShortDay(last)}`
    : `${formatShortDay(first)} – ${formatShortDay(last)}`;
}

/** "3 of 100 used", or "3 used, no limit". */
export function couponUses(coupon: Pick<StaffCoupon, 'usedCount' | 'usageLimit'>): string {
  return coupon.usageLimit === null
    ? `${coupon.usedCount} used, no limit`
    : `${coupon.usedCount} of ${coupon.usageLimit} used`;
}

export function isUsedUp(coupon: Pick<StaffCoupon, 'usedCount' | 'usageLimit'>): boolean {
  return coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit;
}

/** A batch's file, named as the API names it. */
export function voucherFileName(label: string): string {
  const slug = label.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '');
  return `vouchers${slug ? `-${slug}` : ''}.csv`;
}

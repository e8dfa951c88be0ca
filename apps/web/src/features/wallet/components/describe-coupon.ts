import { STORE_TIME_ZONE } from '@storefront/contract/limits';
import type { WalletCoupon } from '@storefront/contract/wallet';
import { formatMoney } from '../../../lib/money';

/** The store's days: a coupon starts and ends by the shop's clock, wherever the customer is. */
const dateFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: STORE_TIME_ZONE });

export function formatWalletDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** A coupon works until just before `endsAt`: its last day is the one that moment falls on. */
function lastDay(endsAt: string): string {
  return dateFormat.format(new Date(new Date(endsAt).getTime() - 1));
}

/** The coupon's rules in plain words, e.g. "10% off orders of $30.00 or more, until 31 Dec 2026". */
export function describeCoupon(coupon: WalletCoupon): string {
  const benefit =
    coupon.kind === 'percent'
      ? `${coupon.value}% off`
      : coupon.kind === 'fixed'
        ? `${formatMoney(coupon.value)} off`
        : 'Free standard delivery';
  const scope = coupon.minSpend > 0 ? ` orders of ${formatMoney(coupon.minSpend)} or more` : ' any order';
  const window =
    coupon.status === 'upcoming'
      ? `, from ${formatWalletDate(coupon.startsAt)} until ${lastDay(coupon.endsAt)}`
      : coupon.status === 'expired' && new Date(coupon.endsAt) <= new Date()
        ? `, ended ${lastDay(coupon.endsAt)}`
        : `, until ${lastDay(coupon.endsAt)}`;
  const joiner = coupon.kind === 'free_shipping' ? ' on' : '';
  return `${benefit}${joiner}${scope}${window}`;
}

export function describeUses(coupon: WalletCoupon): string {
  const mine = `Used ${coupon.usedCount} of ${coupon.perCustomerLimit} ${coupon.perCustomerLimit === 1 ? 'time' : 'times'}`;
  return coupon.usageLimit === null ? mine : `${mine} · limited to ${coupon.usageLimit} uses in total`;
}

/**
 * The tag of a coupon that can no longer be used by anyone: ended, or every use the shop allowed taken before its
 * end (the wallet calls both `expired`; only the first has passed its date).
 */
export function goneLabel(coupon: WalletCoupon, now: Date): string {
  return new Date(coupon.endsAt) > now ? 'All taken' : 'Expired';
}

import type { CouponKind } from '@storefront/contract/cart';
import type { CouponBody, StaffCoupon } from '@storefront/contract/offers-admin';
import { dollarsToCents, storeDayOf } from '../../lib/format';
import { lastStoreDay, storeDayAt, storeDayStart, storeDaysEnd } from './store-days';

/** A coupon as its form holds it: money in dollars as typed, the dates as the store's first and last days. */
export type CouponFormValues = {
  code: string;
  description: string;
  kind: CouponKind;
  /** Percent, or dollars for a fixed coupon; none for free delivery. */
  value?: string;
  minSpend?: string;
  /** The first store day it works (YYYY-MM-DD). */
  startsAt: string;
  /** The last store day it works. */
  endsAt: string;
  usageLimit?: number | null;
  perCustomerLimit: number;
  isPersonal: boolean;
};

const DEFAULT_DAYS = 30;

function dollarsOf(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The form's values for a coupon, or for a new one (public, 10% off, from today for 30 days). */
export function couponFormValues(coupon: StaffCoupon | null, now: Date = new Date()): CouponFormValues {
  if (!coupon) {
    const today = storeDayOf(now);
    return {
      code: '',
      description: '',
      kind: 'percent',
      value: '10',
      minSpend: '',
      startsAt: today,
      endsAt: storeDayOf(new Date(now.getTime() + (DEFAULT_DAYS - 1) * 24 * 3600 * 1000)),
      usageLimit: null,
      perCustomerLimit: 1,
      isPersonal: false,
    };
  }
  return {
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind,
    value:
      coupon.kind === 'fixed'
        ? dollarsOf(coupon.value)
        : coupon.kind === 'percent'
          ? String(coupon.value)
          : '',
    minSpend: coupon.minSpend > 0 ? dollarsOf(coupon.minSpend) : '',
    startsAt: storeDayAt(coupon.startsAt),
    endsAt: lastStoreDay(coupon.endsAt),
    usageLimit: coupon.usageLimit,
    perCustomerLimit: coupon.perCustomerLimit,
    isPersonal: coupon.isPersonal,
  };
}

/** The coupon's value in the API's units: percent, cents, or 0 for free delivery. */
export function couponValueOf(kind: CouponKind, typed: string | undefined): number {
  const text = (typed ?? '').trim();
  if (kind === 'percent') return /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
  if (kind === 'fixed') return dollarsToCents(text) ?? Number.NaN;
  return 0;
}

/**
 * What the API takes for the form's values. Dates left as they were keep the coupon's own moments: one ended at
 * 3 pm stays ended then, not at midnight.
 */
export function couponBodyOf(values: CouponFormValues, coupon: StaffCoupon | null): CouponBody {
  const keepsStart = coupon !== null && values.startsAt === storeDayAt(coupon.startsAt);
  const keepsEnd = coupon !== null && values.endsAt === lastStoreDay(coupon.endsAt);
  return {
    code: values.code.trim(),
    description: values.description.trim(),
    kind: values.kind,
    value: couponValueOf(values.kind, values.value),
    minSpend: dollarsToCents(values.minSpend?.trim() || '0') ?? Number.NaN,
    startsAt: keepsStart && coupon ? coupon.startsAt : storeDayStart(values.startsAt),
    endsAt: keepsEnd && coupon ? coupon.endsAt : storeDaysEnd(values.endsAt),
    usageLimit: values.usageLimit ?? null,
    perCustomerLimit: values.perCustomerLimit,
    isPersonal: values.isPersonal,
  };
}

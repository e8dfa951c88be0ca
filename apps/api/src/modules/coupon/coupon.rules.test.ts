import { describe, expect, it } from 'vitest';
import type { CouponRow } from './coupon.repo.js';
import { couponProblem, discountOf, walletCouponStatusOf } from './coupon.rules.js';

const NOW = new Date('2025-06-01T00:00:00Z');
const DAY = 24 * 3600 * 1000;
const at = (ms: number) => new Date(NOW.getTime() + ms);

function coupon(overrides: Partial<CouponRow> = {}): CouponRow {
  return {
    id: 1,
    code: 'WELCOME10',
    description: '10% off $30 or more',
    kind: 'percent',
    value: 10,
    minSpendCents: 3_000,
    startsAt: at(-DAY),
    endsAt: at(DAY),
    usageLimit: null,
    usedCount: 0,
    perCustomerLimit: 1,
    isPersonal: false,
    ...overrides,
  };
}

const problemOf = (c: CouponRow, subtotal = 5_000, customerUses: number | null = 0, now = NOW) =>
  couponProblem({ coupon: c, customerUses }, { subtotal, now });

describe('couponProblem', () => {
  it('lets a coupon work from the very moment it starts, and not a millisecond before', () => {
    const c = coupon({ startsAt: NOW });
    expect(problemOf(c)).toBeNull();
    expect(problemOf(c, 5_000, 0, at(-1))).toBe('COUPON_NOT_STARTED');
  });

  it('stops a coupon at the moment it ends, and lets it work a millisecond before', () => {
    const c = coupon({ endsAt: NOW });
    expect(problemOf(c)).toBe('COUPON_EXPIRED');
    expect(problemOf(c, 5_000, 0, at(-1))).toBeNull();
  });

  it('applies from exactly the minimum spend, and not a cent below it', () => {
    expect(problemOf(coupon(), 3_000)).toBeNull();
    expect(problemOf(coupon(), 2_999)).toBe('COUPON_MIN_SPEND');
  });

  it('applies while a store-wide usage limit is set but not reached, and stops once it is', () => {
    expect(problemOf(coupon({ usageLimit: 100, usedCount: 99 }))).toBeNull();
    expect(problemOf(coupon({ usageLimit: 100, usedCount: 100 }))).toBe('COUPON_USED_UP');
    expect(problemOf(coupon({ usageLimit: null, usedCount: 1_000_000 }))).toBeNull();
  });

  it('applies while the customer has uses left, and stops at their limit', () => {
    expect(problemOf(coupon({ perCustomerLimit: 3 }), 5_000, 2)).toBeNull();
    expect(problemOf(coupon({ perCustomerLimit: 3 }), 5_000, 3)).toBe('COUPON_USED_UP');
  });

  it('lets a public coupon not yet in the wallet work, counting no uses for it', () => {
    expect(problemOf(coupon(), 5_000, null)).toBeNull();
  });

  it('answers a personal coupon outside the wallet like an unknown code, whatever else is wrong with it', () => {
    expect(problemOf(coupon({ isPersonal: true }), 5_000, null)).toBe('COUPON_INVALID');
    expect(problemOf(coupon({ isPersonal: true, endsAt: at(-DAY) }), 0, null)).toBe('COUPON_INVALID');
    expect(problemOf(coupon({ isPersonal: true }), 5_000, 0)).toBeNull();
  });

  it('names the first rule broken: not started before used up before minimum spend', () => {
    const everythingWrong = coupon({ startsAt: at(DAY), endsAt: at(2 * DAY), usageLimit: 1, usedCount: 1 });
    expect(problemOf(everythingWrong, 0)).toBe('COUPON_NOT_STARTED');
    expect(problemOf(coupon({ usageLimit: 1, usedCount: 1 }), 0)).toBe('COUPON_USED_UP');
    expect(problemOf(coupon({ endsAt: NOW, usageLimit: 1, usedCount: 1 }), 0)).toBe('COUPON_EXPIRED');
  });
});

describe('discountOf', () => {
  it('takes a percentage off, rounded to the nearest cent', () => {
    expect(discountOf(coupon({ value: 10 }), 4_567)).toBe(457);
    expect(discountOf(coupon({ value: 10 }), 4_564)).toBe(456);
  });

  it('takes a fixed amount smaller than the subtotal off in full', () => {
    expect(discountOf(coupon({ kind: 'fixed', value: 500 }), 4_000)).toBe(500);
  });

  it('never takes more than the subtotal off', () => {
    expect(discountOf(coupon({ kind: 'fixed', value: 500 }), 300)).toBe(300);
    expect(discountOf(coupon({ kind: 'percent', value: 150 }), 300)).toBe(300);
  });

  it('takes nothing off the goods for a free-shipping coupon', () => {
    expect(discountOf(coupon({ kind: 'free_shipping', value: 0 }), 4_000)).toBe(0);
    expect(discountOf(coupon({ kind: 'free_shipping', value: 10 }), 4_000)).toBe(0);
  });
});

describe('walletCouponStatusOf', () => {
  it('shows a coupon the customer may still use as available, whatever the cart holds', () => {
    expect(walletCouponStatusOf(coupon({ minSpendCents: 1_000_000 }), 0, NOW)).toBe('available');
  });

  it('shows a coupon the customer has used up as used, even after it has expired', () => {
    expect(walletCouponStatusOf(coupon({ perCustomerLimit: 1 }), 1, NOW)).toBe('used');
    expect(walletCouponStatusOf(coupon({ endsAt: at(-DAY) }), 1, NOW)).toBe('used');
  });

  it('shows a coupon that has not started as upcoming', () => {
    expect(walletCouponStatusOf(coupon({ startsAt: at(DAY), endsAt: at(2 * DAY) }), 0, NOW)).toBe('upcoming');
  });

  it('shows an ended coupon, or one the whole store has used up, as expired', () => {
    expect(walletCouponStatusOf(coupon({ endsAt: NOW }), 0, NOW)).toBe('expired');
    expect(walletCouponStatusOf(coupon({ usageLimit: 5, usedCount: 5 }), 0, NOW)).toBe('expired');
  });
});

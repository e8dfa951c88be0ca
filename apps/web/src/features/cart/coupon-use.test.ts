import type { AppliedCoupon } from '@storefront/contract/cart';
import { describe, expect, it } from 'vitest';
import { unusedCouponNote } from './coupon-use';

function makeCoupon(overrides: Partial<AppliedCoupon> = {}): AppliedCoupon {
  return {
    code: 'FREESHIP',
    description: 'Delivery is on us',
    kind: 'free_shipping',
    value: 0,
    minSpend: 0,
    endsAt: '2030-01-01T00:00:00.000Z',
    isApplicable: true,
    problemCode: null,
    problem: null,
    ...overrides,
  };
}

const standardFreedByCoupon = { service: 'standard', freeReason: 'coupon' } as const;
const express = { service: 'express', freeReason: null } as const;

describe('a coupon that saves nothing', () => {
  it('says a free-delivery coupon is not used with express delivery', () => {
    expect(unusedCouponNote(makeCoupon(), express)).toBe(
      'Free standard delivery — not used with Express. It stays in your cart for another order.',
    );
    expect(unusedCouponNote(makeCoupon(), { service: 'express', freeReason: 'threshold' })).toContain(
      'not used with Express',
    );
  });

  it('says it is not needed when standard delivery is free by the spend already', () => {
    expect(unusedCouponNote(makeCoupon(), { service: 'standard', freeReason: 'threshold' })).toContain(
      'Not needed',
    );
  });

  it('says nothing when the coupon frees the standard delivery chosen, or no delivery is chosen yet', () => {
    expect(unusedCouponNote(makeCoupon(), standardFreedByCoupon)).toBeNull();
    expect(unusedCouponNote(makeCoupon(), null)).toBeNull();
  });

  it('leaves money-off coupons, and coupons that do not apply (they say their own problem), alone', () => {
    expect(unusedCouponNote(makeCoupon({ kind: 'percent', value: 10 }), express)).toBeNull();
    expect(unusedCouponNote(makeCoupon({ isApplicable: false, problem: 'Expired.' }), express)).toBeNull();
    expect(unusedCouponNote(null, express)).toBeNull();
  });
});

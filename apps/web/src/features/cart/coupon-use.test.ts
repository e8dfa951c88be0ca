import { describe, expect, it } from 'vitest';
import { freeDeliveryCoupon } from '../../test-support/coupon';
import { unusedCouponNote } from './coupon-use';

const standardFreedByCoupon = { service: 'standard', freeReason: 'coupon' } as const;
const express = { service: 'express', freeReason: null } as const;

describe('a coupon that saves nothing', () => {
  it('says a free-delivery coupon is not used with express delivery', () => {
    expect(unusedCouponNote(freeDeliveryCoupon(), express)).toBe(
      'Free standard delivery — not used with Express. It stays in your cart for another order.',
    );
    expect(unusedCouponNote(freeDeliveryCoupon(), { service: 'express', freeReason: 'threshold' })).toContain(
      'not used with Express',
    );
  });

  it('says it is not needed when standard delivery is free by the spend already', () => {
    expect(
      unusedCouponNote(freeDeliveryCoupon(), { service: 'standard', freeReason: 'threshold' }),
    ).toContain('Not needed');
  });

  it('says nothing when the coupon frees the standard delivery chosen, or no delivery is chosen yet', () => {
    expect(unusedCouponNote(freeDeliveryCoupon(), standardFreedByCoupon)).toBeNull();
    expect(unusedCouponNote(freeDeliveryCoupon(), null)).toBeNull();
  });

  it('leaves money-off coupons, and coupons that do not apply (they say their own problem), alone', () => {
    expect(unusedCouponNote(freeDeliveryCoupon({ kind: 'percent', value: 10 }), express)).toBeNull();
    expect(
      unusedCouponNote(freeDeliveryCoupon({ isApplicable: false, problem: 'Expired.' }), express),
    ).toBeNull();
    expect(unusedCouponNote(null, express)).toBeNull();
  });
});

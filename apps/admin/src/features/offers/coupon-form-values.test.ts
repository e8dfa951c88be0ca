import { describe, expect, it } from 'vitest';
import { couponBodyOf, couponFormValues, couponValueOf } from './coupon-form-values';
import { makeCoupon } from './offers-factories';

describe('the coupon form values', () => {
  it('show a coupon in dollars and store days', () => {
    const values = couponFormValues(makeCoupon({ kind: 'fixed', value: 550, minSpend: 4000 }));
    expect(values).toMatchObject({
      kind: 'fixed',
      value: '5.50',
      minSpend: '40.00',
      startsAt: '2026-12-01',
      endsAt: '2026-12-31',
      usageLimit: 100,
    });
  });

  it('send a value in the units of its kind', () => {
    expect(couponValueOf('percent', '15')).toBe(15);
    expect(couponValueOf('fixed', '7.5')).toBe(750);
    expect(couponValueOf('fixed', '$12')).toBe(1200);
    expect(couponValueOf('free_shipping', '10')).toBe(0);
    expect(couponValueOf('percent', '12.5')).toBeNaN();
  });

  it('send whole store days for a new coupon, the last one included', () => {
    const body = couponBodyOf(
      { ...couponFormValues(null), startsAt: '2026-12-01', endsAt: '2026-12-31' },
      null,
    );
    expect(body.startsAt).toBe('2026-11-30T13:00:00.000Z');
    expect(body.endsAt).toBe('2026-12-31T13:00:00.000Z');
    expect(body).toMatchObject({ kind: 'percent', value: 10, minSpend: 0, usageLimit: null });
  });

  it('keep the moments of days left as they were: a coupon ended at 3 pm stays ended then', () => {
    const ended = makeCoupon({ endsAt: '2026-12-10T04:00:00.000Z', status: 'ended' });
    const values = { ...couponFormValues(ended), description: 'New words' };
    expect(values.endsAt).toBe('2026-12-10');
    expect(couponBodyOf(values, ended)).toMatchObject({
      description: 'New words',
      startsAt: ended.startsAt,
      endsAt: ended.endsAt,
    });
    expect(couponBodyOf({ ...values, endsAt: '2026-12-20' }, ended).endsAt).toBe('2026-12-20T13:00:00.000Z');
  });
});

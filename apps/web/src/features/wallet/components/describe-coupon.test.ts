import { describe, expect, it } from 'vitest';
import type { WalletCoupon } from '@storefront/contract/wallet';
import { describeCoupon, describeUses, goneLabel } from './describe-coupon';

const base: WalletCoupon = {
  couponID: 1,
  code: 'WELCOME10',
  description: '10% off',
  kind: 'percent',
  value: 10,
  minSpend: 3000,
  startsAt: '2026-01-01T12:00:00.000Z',
  endsAt: '2099-12-31T12:00:00.000Z',
  usageLimit: null,
  perCustomerLimit: 1,
  usedCount: 0,
  receivedAt: '2026-01-01T12:00:00.000Z',
  status: 'available',
};

describe('describeCoupon', () => {
  it('words a percent coupon with a minimum spend and its end date', () => {
    expect(describeCoupon(base)).toBe('10% off orders of $30.00 or more, until 31 Dec 2099');
  });

  it('words a fixed and a free-shipping coupon', () => {
    expect(describeCoupon({ ...base, kind: 'fixed', value: 500, minSpend: 0 })).toBe(
      '$5.00 off any order, until 31 Dec 2099',
    );
    expect(describeCoupon({ ...base, kind: 'free_shipping', value: 0, minSpend: 0 })).toBe(
      'Free standard delivery on any order, until 31 Dec 2099',
    );
  });

  it("names the last day it works by the store's clock: an end at Sydney midnight is the day before", () => {
    // 1 Jul 2026 00:00 in Sydney: the coupon works through 30 June.
    expect(describeCoupon({ ...base, endsAt: '2026-06-30T14:00:00.000Z' })).toMatch(/until 30 June 2026$/);
    // 1 Jul 01:00 in Sydney, still 30 June by UTC: it works on 1 July.
    expect(describeCoupon({ ...base, endsAt: '2026-06-30T15:00:00.000Z' })).toMatch(/until 1 July 2026$/);
  });

  it('says when an ended coupon ended and the uses left', () => {
    const ended = { ...base, status: 'expired' as const, endsAt: '2020-03-01T12:00:00.000Z' };
    expect(describeCoupon(ended)).toBe('10% off orders of $30.00 or more, ended 1 Mar 2020');
    expect(describeUses({ ...base, usageLimit: 100 })).toBe(
      'Used 0 of 1 time · limited to 100 uses in total',
    );
  });
});

describe('goneLabel', () => {
  const now = new Date('2026-11-26T00:00:00.000Z');

  it('an ended coupon is expired; one whose every use was taken before its end is all taken', () => {
    expect(goneLabel({ ...base, status: 'expired', endsAt: '2026-11-01T00:00:00.000Z' }, now)).toBe(
      'Expired',
    );
    expect(goneLabel({ ...base, status: 'expired', usageLimit: 1000 }, now)).toBe('All taken');
  });
});

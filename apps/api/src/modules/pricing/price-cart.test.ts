import { describe, expect, it } from 'vitest';
import type { ProductRow } from '../catalog/catalog.repo.js';
import type { CustomerCoupon } from '../coupon/coupon.repo.js';
import type { ShippingRateRow } from '../shipping/shipping.repo.js';
import { coupon, DAY, NOW, product } from '../../../test/pricing-rows.js';
import { priceCart, withCredit, type PricingLine } from './price-cart.js';

function line(overrides: Partial<ProductRow> = {}, quantity = 1, selected = true): PricingLine {
  return { product: product(overrides), quantity, selected };
}

const rate = (
  service: 'standard' | 'express',
  overrides: Partial<ShippingRateRow> = {},
): ShippingRateRow => ({
  id: service === 'standard' ? 1 : 2,
  zone: 'metro',
  service,
  baseCents: service === 'standard' ? 900 : 1500,
  perKgCents: 200,
  freeOverCents: 10_000,
  etaDaysMin: 1,
  etaDaysMax: 3,
  ...overrides,
});
const rates = [rate('express'), rate('standard')];

describe('priceCart', () => {
  it('totals only the selected available lines and sorts the rest by why they cannot be bought', () => {
    const price = priceCart({
      lines: [
        line({ id: 1, priceCents: 450 }, 2),
        line({ id: 2, priceCents: 300 }, 1, false),
        line({ id: 3, isActive: false }),
        line({ id: 4, stock: 0 }),
        line({ id: 5, stock: 2 }, 3),
      ],
      coupon: null,
      now: NOW,
    });
    expect(price.available.map((l) => l.product.id)).toEqual([1, 2]);
    expect(price.selected.map((l) => l.product.id)).toEqual([1]);
    expect(price.unavailable.map((u) => [u.line.product.id, u.reason])).toEqual([
      [3, 'inactive'],
      [4, 'out_of_stock'],
      [5, 'not_enough_stock'],
    ]);
    expect(price).toMatchObject({ count: 2, weightGrams: 1000, couponProblem: null, shippingOption: null });
    expect(price.totals).toEqual({ subtotal: 900, discount: 0, shipping: 0, total: 900 });
  });

  it('takes a percentage or a fixed amount off, never more than the subtotal', () => {
    const lines = [line({ priceCents: 1000 }, 2)];
    expect(priceCart({ lines, coupon: coupon(), now: NOW }).totals).toMatchObject({
      discount: 200,
      total: 1800,
    });
    const fixed = coupon({ kind: 'fixed', value: 5000 });
    expect(priceCart({ lines, coupon: fixed, now: NOW }).totals).toMatchObject({ discount: 2000, total: 0 });
  });

  it('gives nothing off for a coupon that breaks a rule, and names the first rule it breaks', () => {
    const lines = [line({ priceCents: 1000 })];
    const cases: [CustomerCoupon, string][] = [
      [coupon({ isPersonal: true, endsAt: new Date(NOW.getTime() - DAY) }, null), 'COUPON_INVALID'],
      [coupon({ startsAt: new Date(NOW.getTime() + DAY) }), 'COUPON_NOT_STARTED'],
      [coupon({ endsAt: NOW }), 'COUPON_EXPIRED'],
      [coupon({ usageLimit: 5, usedCount: 5 }), 'COUPON_USED_UP'],
      [coupon({ perCustomerLimit: 1 }, 1), 'COUPON_USED_UP'],
      [coupon({ minSpendCents: 1001 }), 'COUPON_MIN_SPEND'],
    ];
    for (const [c, problem] of cases) {
      const price = priceCart({ lines, coupon: c, now: NOW });
      expect(price.couponProblem).toBe(problem);
      expect(price.totals.discount).toBe(0);
    }
  });

  it('lets a personal coupon work for the customer whose wallet holds it', () => {
    const price = priceCart({ lines: [line()], coupon: coupon({ isPersonal: true }, 0), now: NOW });
    expect(price.couponProblem).toBeNull();
    expect(price.totals.discount).toBe(50);
  });

  it('prices every shipping service for the selected weight and adds the chosen one to the total', () => {
    const price = priceCart({
      lines: [line({ weightGrams: 1500 }, 1)],
      coupon: null,
      shipping: { rates, service: 'express' },
      now: NOW,
    });
    expect(price.shippingOptions.map((o) => [o.service, o.price])).toEqual([
      ['standard', 1100],
      ['express', 1700],
    ]);
    expect(price.shippingOption?.service).toBe('express');
    expect(price.totals).toEqual({ subtotal: 500, discount: 0, shipping: 1700, total: 2200 });
  });

  it('makes standard shipping free with a free-shipping coupon, and any service free over its threshold', () => {
    const freeShip = coupon({ kind: 'free_shipping', value: 0 });
    const withCoupon = priceCart({
      lines: [line()],
      coupon: freeShip,
      shipping: { rates, service: 'standard' },
      now: NOW,
    });
    expect(withCoupon).toMatchObject({
      freeShipping: true,
      totals: { discount: 0, shipping: 0, total: 500 },
    });
    expect(withCoupon.shippingOptions.find((o) => o.service === 'express')?.isFree).toBe(false);
    const overThreshold = priceCart({
      lines: [line({ priceCents: 10_000 })],
      coupon: null,
      shipping: { rates, service: 'express' },
      now: NOW,
    });
    expect(overThreshold.totals.shipping).toBe(0);
  });

  it('answers no chosen option for a service the destination does not have', () => {
    const price = priceCart({
      lines: [line()],
      coupon: null,
      shipping: { rates: [rate('standard')], service: 'express' },
      now: NOW,
    });
    expect(price.shippingOption).toBeNull();
  });
});

describe('withCredit', () => {
  it('leaves the total as it is and owes what credit did not pay', () => {
    const totals = { subtotal: 1000, discount: 100, shipping: 900, total: 1800 };
    expect(withCredit(totals, 300)).toEqual({ ...totals, creditUsed: 300, amountDue: 1500 });
    expect(withCredit(totals, 1800).amountDue).toBe(0);
  });
});

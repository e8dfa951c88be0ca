import { describe, expect, it } from 'vitest';
import type { ProductRow } from '../catalog/catalog.repo.js';
import type { CouponRow, CustomerCoupon } from '../coupon/coupon.repo.js';
import type { ShippingRateRow } from '../shipping/shipping.repo.js';
import { coupon, NOW, product } from '../../../test/pricing-rows.js';
import { priceCart, type PricingLine } from './price-cart.js';

function line(priceCents: number, quantity = 1, overrides: Partial<ProductRow> = {}): PricingLine {
  const oil = {
    id: priceCents,
    sku: `SKU-${priceCents}`,
    name: 'Olive oil',
    imageUrl: '/oil.svg',
    priceCents,
  };
  return {
    product: product({ ...oil, stock: 50, weightGrams: 400, ...overrides }),
    quantity,
    selected: true,
  };
}

function walletCoupon(overrides: Partial<CouponRow>): CustomerCoupon {
  const welcome = { id: 7, code: 'WELCOME10', description: '10% off $30 or more', minSpendCents: 3_000 };
  return coupon({ ...welcome, ...overrides }, 0);
}
const WELCOME10 = walletCoupon({});
const SAVE5 = walletCoupon({ code: 'SAVE5', kind: 'fixed', value: 500, minSpendCents: 4_000 });
const FREESHIP = walletCoupon({ code: 'FREESHIP', kind: 'free_shipping', value: 0, minSpendCents: 0 });

const metroRates: ShippingRateRow[] = [
  {
    id: 1,
    zone: 'metro',
    service: 'standard',
    baseCents: 795,
    perKgCents: 150,
    freeOverCents: 7_500,
    etaDaysMin: 2,
    etaDaysMax: 4,
  },
  {
    id: 2,
    zone: 'metro',
    service: 'express',
    baseCents: 1_495,
    perKgCents: 250,
    freeOverCents: null,
    etaDaysMin: 1,
    etaDaysMax: 2,
  },
];

const price = (
  lines: PricingLine[],
  coupon: CustomerCoupon | null,
  service: 'standard' | 'express' = 'standard',
) => priceCart({ lines, coupon, shipping: { rates: metroRates, service }, now: NOW });

describe('the money of a cart', () => {
  it('with WELCOME10 totals the subtotal minus 10% plus shipping', () => {
    const { totals } = price([line(2_000, 2)], WELCOME10);
    expect(totals).toEqual({ subtotal: 4_000, discount: 400, shipping: 795, total: 4_000 - 400 + 795 });
  });

  it('with SAVE5 totals the subtotal minus $5 plus express shipping', () => {
    const { totals } = price([line(4_500)], SAVE5, 'express');
    expect(totals).toEqual({ subtotal: 4_500, discount: 500, shipping: 1_495, total: 4_500 - 500 + 1_495 });
  });

  it('with FREESHIP ships standard free and charges the goods in full', () => {
    const result = price([line(1_000)], FREESHIP);
    expect(result.freeShipping).toBe(true);
    expect(result.totals).toEqual({ subtotal: 1_000, discount: 0, shipping: 0, total: 1_000 });
  });

  it('with FREESHIP still charges for express delivery', () => {
    expect(price([line(1_000)], FREESHIP, 'express').totals).toMatchObject({ shipping: 1_495, total: 2_495 });
  });

  it('with a percentage coupon still charges for standard shipping', () => {
    const result = price([line(2_000, 2)], WELCOME10);
    expect(result.freeShipping).toBe(false);
    expect(result.shippingOption).toMatchObject({ service: 'standard', isFree: false, price: 795 });
  });

  it('without a coupon charges for standard shipping', () => {
    const result = price([line(1_000)], null);
    expect(result.freeShipping).toBe(false);
    expect(result.totals).toEqual({ subtotal: 1_000, discount: 0, shipping: 795, total: 1_795 });
  });

  it('with FREESHIP past its end charges for shipping again', () => {
    const expired = walletCoupon({ kind: 'free_shipping', value: 0, minSpendCents: 0, endsAt: NOW });
    const result = price([line(1_000)], expired);
    expect(result).toMatchObject({ couponProblem: 'COUPON_EXPIRED', freeShipping: false });
    expect(result.totals).toEqual({ subtotal: 1_000, discount: 0, shipping: 795, total: 1_795 });
  });

  it('once the cart drops below WELCOME10 minimum spend takes nothing off and charges full shipping', () => {
    const result = price([line(2_999)], WELCOME10);
    expect(result.couponProblem).toBe('COUPON_MIN_SPEND');
    expect(result.totals).toEqual({ subtotal: 2_999, discount: 0, shipping: 795, total: 2_999 + 795 });
  });

  it('counts only the selected lines towards the coupon minimum spend', () => {
    const unselected = { ...line(5_000), selected: false };
    const result = price([line(2_000), unselected], WELCOME10);
    expect(result.couponProblem).toBe('COUPON_MIN_SPEND');
    expect(result.totals).toMatchObject({ subtotal: 2_000, discount: 0, total: 2_795 });
  });

  it('leaves an unavailable line out of the subtotal, the weight and the shipping', () => {
    const result = price(
      [line(2_000, 2, { weightGrams: 500 }), line(9_000, 1, { stock: 0, weightGrams: 9_000 })],
      null,
    );
    expect(result).toMatchObject({ count: 2, weightGrams: 1_000 });
    expect(result.totals).toEqual({ subtotal: 4_000, discount: 0, shipping: 795, total: 4_795 });
  });

  it('weighs every unit of a line, so heavier carts pay per extra kilogram', () => {
    const result = price([line(1_000, 3, { weightGrams: 700 })], null);
    expect(result.weightGrams).toBe(2_100);
    expect(result.totals.shipping).toBe(795 + 2 * 150);
  });
});

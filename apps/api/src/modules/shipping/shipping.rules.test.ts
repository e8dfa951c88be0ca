import { describe, expect, it } from 'vitest';
import type { SuburbRow } from '../suburb/suburb.repo.js';
import type { ShippingRateRow } from './shipping.repo.js';
import {
  amountToMinimum,
  distanceKm,
  minimumOrderOf,
  ratePrice,
  shippingOptions,
  WAREHOUSE,
  zoneOf,
} from './shipping.rules.js';

/** Degrees of latitude per kilometre along a meridian (Earth radius 6371 km). */
const DEGREES_PER_KM = 180 / (Math.PI * 6371);

function suburb(overrides: Partial<SuburbRow> = {}): SuburbRow {
  return {
    id: 1,
    postcode: '2000',
    locality: 'Sydney',
    state: 'NSW',
    latitude: WAREHOUSE.latitude,
    longitude: WAREHOUSE.longitude,
    remoteness: 1,
    ...overrides,
  };
}

/** A suburb due south of the warehouse, `km` away. */
const southBy = (km: number, overrides: Partial<SuburbRow> = {}) =>
  suburb({ latitude: WAREHOUSE.latitude - km * DEGREES_PER_KM, ...overrides });

function rate(service: 'standard' | 'express', overrides: Partial<ShippingRateRow> = {}): ShippingRateRow {
  return {
    id: service === 'standard' ? 1 : 2,
    zone: 'metro',
    service,
    baseCents: service === 'standard' ? 795 : 1495,
    perKgCents: 150,
    freeOverCents: 7_500,
    etaDaysMin: service === 'standard' ? 2 : 1,
    etaDaysMax: service === 'standard' ? 4 : 2,
    ...overrides,
  };
}

describe('distanceKm', () => {
  it('measures the great-circle distance: Sydney to Melbourne is about 714 km', () => {
    const melbourne = { latitude: -37.8136, longitude: 144.9631 };
    expect(distanceKm(WAREHOUSE, melbourne)).toBeCloseTo(713.4, 0);
    expect(distanceKm(melbourne, WAREHOUSE)).toBeCloseTo(distanceKm(WAREHOUSE, melbourne), 6);
  });

  it('counts east-west distance by the cosine of the latitude', () => {
    const east = { latitude: WAREHOUSE.latitude, longitude: WAREHOUSE.longitude + 1 };
    expect(distanceKm(WAREHOUSE, east)).toBeCloseTo(92.3, 0);
  });

  it('is zero from a place to itself', () => {
    expect(distanceKm(WAREHOUSE, WAREHOUSE)).toBe(0);
  });
});

describe('zoneOf', () => {
  it('puts a suburb a metre inside the 50 km metro radius in metro, and one a metre past it outside', () => {
    expect(distanceKm(WAREHOUSE, southBy(49.999))).toBeCloseTo(49.999, 9);
    expect(zoneOf(southBy(49.999))).toBe('metro');
    expect(zoneOf(southBy(50.001))).toBe('regional');
  });

  it('calls NSW and the ACT beyond the metro radius regional, and every other state interstate', () => {
    expect(zoneOf(southBy(250, { state: 'ACT' }))).toBe('regional');
    expect(zoneOf(southBy(250, { state: 'NSW' }))).toBe('regional');
    expect(zoneOf(southBy(250, { state: 'VIC' }))).toBe('interstate');
    expect(zoneOf(southBy(250, { state: 'QLD' }))).toBe('interstate');
  });

  it('calls remote and very remote places remote wherever they are, even inside the metro radius', () => {
    expect(zoneOf(suburb({ remoteness: 4 }))).toBe('remote');
    expect(zoneOf(suburb({ remoteness: 5 }))).toBe('remote');
    expect(zoneOf(southBy(2000, { state: 'WA', remoteness: 5 }))).toBe('remote');
  });

  it('prices an outer-regional place by distance and state, and one without a remoteness class too', () => {
    expect(zoneOf(suburb({ remoteness: 3 }))).toBe('metro');
    expect(zoneOf(suburb({ remoteness: null }))).toBe('metro');
    expect(zoneOf(southBy(250, { state: 'VIC', remoteness: null }))).toBe('interstate');
  });
});

describe('ratePrice', () => {
  it('charges the base for the first kilogram and the per-kg price for each kilogram begun after it', () => {
    const standard = rate('standard', { baseCents: 800, perKgCents: 150 });
    expect(ratePrice(standard, 0)).toBe(800);
    expect(ratePrice(standard, 1000)).toBe(800);
    expect(ratePrice(standard, 1001)).toBe(950);
    expect(ratePrice(standard, 2000)).toBe(950);
    expect(ratePrice(standard, 2001)).toBe(1100);
    expect(ratePrice(standard, 5500)).toBe(800 + 5 * 150);
  });
});

describe('shippingOptions', () => {
  const order = { weightGrams: 1500, subtotal: 2_000, hasFreeShippingCoupon: false };

  it('lists standard before express with their labels, prices, thresholds and delivery times', () => {
    expect(shippingOptions([rate('express'), rate('standard')], order)).toEqual([
      {
        service: 'standard',
        label: 'Standard delivery',
        price: 945,
        fullPrice: 945,
        isFree: false,
        freeReason: null,
        freeOver: 7_500,
        amountToFree: 5_500,
        etaDaysMin: 2,
        etaDaysMax: 4,
      },
      {
        service: 'express',
        label: 'Express delivery',
        price: 1645,
        fullPrice: 1645,
        isFree: false,
        freeReason: null,
        freeOver: 7_500,
        amountToFree: 5_500,
        etaDaysMin: 1,
        etaDaysMax: 2,
      },
    ]);
  });

  it('keeps standard first when the rates already come in order', () => {
    const options = shippingOptions([rate('standard'), rate('express')], order);
    expect(options.map((o) => o.service)).toEqual(['standard', 'express']);
  });

  it('ships free from exactly the threshold, and a cent below it still costs', () => {
    const atThreshold = shippingOptions([rate('standard')], { ...order, subtotal: 7_500 });
    expect(atThreshold[0]).toMatchObject({ price: 0, fullPrice: 945, isFree: true, freeReason: 'threshold' });
    expect(atThreshold[0]?.amountToFree).toBeNull();
    const justBelow = shippingOptions([rate('standard')], { ...order, subtotal: 7_499 });
    expect(justBelow[0]).toMatchObject({ price: 945, isFree: false, freeReason: null, amountToFree: 1 });
  });

  it('never ships free by threshold on a rate without one, and shows no amount to go', () => {
    const [option] = shippingOptions([rate('standard', { freeOverCents: null })], {
      ...order,
      subtotal: 1_000_000,
    });
    expect(option).toMatchObject({
      price: 945,
      isFree: false,
      freeReason: null,
      freeOver: null,
      amountToFree: null,
    });
  });

  it('makes only standard delivery free with a free-shipping coupon, naming the coupon as the reason', () => {
    const [standard, express] = shippingOptions([rate('standard'), rate('express')], {
      ...order,
      hasFreeShippingCoupon: true,
    });
    expect(standard).toMatchObject({
      price: 0,
      fullPrice: 945,
      isFree: true,
      freeReason: 'coupon',
      amountToFree: null,
    });
    expect(express).toMatchObject({ price: 1645, isFree: false, freeReason: null, amountToFree: 5_500 });
  });

  it('names the threshold as the reason when both the threshold and a coupon make it free', () => {
    const [standard] = shippingOptions([rate('standard')], {
      ...order,
      subtotal: 8_000,
      hasFreeShippingCoupon: true,
    });
    expect(standard).toMatchObject({ price: 0, isFree: true, freeReason: 'threshold' });
  });

  it('offers nothing to a zone without rates', () => {
    expect(shippingOptions([], order)).toEqual([]);
  });

  it('offers a zone delivered in booked windows one option: the window delivery at the standard rate, no express', () => {
    const options = shippingOptions([rate('express'), rate('standard')], {
      ...order,
      isWindowDelivery: true,
    });
    expect(options).toEqual([
      {
        ...shippingOptions([rate('standard')], order)[0],
        service: 'standard',
        label: 'Delivery window',
      },
    ]);
  });

  it('a window delivery is free from the threshold and with a free-shipping coupon, as standard is', () => {
    const [byThreshold] = shippingOptions([rate('standard'), rate('express')], {
      ...order,
      subtotal: 7_500,
      isWindowDelivery: true,
    });
    expect(byThreshold).toMatchObject({ price: 0, isFree: true, freeReason: 'threshold' });
    const [byCoupon] = shippingOptions([rate('standard'), rate('express')], {
      ...order,
      hasFreeShippingCoupon: true,
      isWindowDelivery: true,
    });
    expect(byCoupon).toMatchObject({ price: 0, fullPrice: 945, isFree: true, freeReason: 'coupon' });
  });
});

describe('the minimum order', () => {
  it('is what is left to add to the subtotal, none once reached or when no minimum is set', () => {
    expect(amountToMinimum(3_000, 1_760)).toBe(1_240);
    expect(amountToMinimum(3_000, 2_999)).toBe(1);
    expect(amountToMinimum(3_000, 3_000)).toBe(0);
    expect(amountToMinimum(3_000, 9_000)).toBe(0);
    expect(amountToMinimum(0, 0)).toBe(0);
  });

  it("is read from the zone's rates, each of which carries it; none without rates", () => {
    expect(minimumOrderOf([{ minimumOrderCents: 3_000 }, { minimumOrderCents: 3_000 }])).toBe(3_000);
    expect(minimumOrderOf([])).toBe(0);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShippingQuote } from '@storefront/contract/shipping';
import { deliveryWindowTemplates, shippingZones } from '../../db/schema/index.js';
import { createProduct } from '../../../test/catalog-factories.js';
import {
  addAddress,
  addToCart,
  bearer,
  newcastleAddress,
  registerCustomer,
  sydneyAddress,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

// What a zone asks of an order, as the shipping quote says it: how it delivers (in a booked window, or by courier)
// and its minimum order.

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  // Sydney's vans deliver in windows; Newcastle (regional), Perth and the rest go by courier.
  await db()
    .insert(deliveryWindowTemplates)
    .values([
      { zone: 'metro', startTime: '09:00', endTime: '11:00', capacity: 10 },
      { zone: 'metro', startTime: '17:00', endTime: '19:00', capacity: 10, priceDeltaCents: 300 },
    ]);
});
afterAll(() => t.close());

async function setMinimum(zone: 'metro' | 'regional', cents: number): Promise<void> {
  await db().update(shippingZones).set({ minimumOrderCents: cents }).where(eq(shippingZones.zone, zone));
  // Checkout keeps the zones in memory until their trigger's announcement is heard (shipping/rates-cache.ts).
  await t.app.shippingChangesHeard();
}

async function quoteSelected(token: string, addressID: number): Promise<ShippingQuote> {
  const res = await t.app.inject({
    url: `/api/v1/shipping/calc-selected?addressID=${addressID}`,
    headers: bearer(token),
  });
  const body = res.json<{ code: number; data: ShippingQuote }>();
  expect(body.code).toBe(0);
  return body.data;
}

async function quoteSingle(payload: object): Promise<ShippingQuote> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/shipping/calc-single', payload });
  const body = res.json<{ code: number; data: ShippingQuote }>();
  expect(body.code).toBe(0);
  return body.data;
}

/** A customer with a Sydney and a Newcastle address and `cents` worth of one product in the cart. */
async function shopper(cents: number) {
  const c = await registerCustomer(t.app);
  const sydney = await addAddress(t.app, c, sydneyAddress);
  const newcastle = await addAddress(t.app, c, newcastleAddress);
  const product = await createProduct(db(), { priceCents: cents, weightGrams: 500, stock: 50 });
  await addToCart(t.app, c, product.id);
  return { c, sydney, newcastle, product };
}

describe('how a zone delivers', () => {
  it('a zone with windows offers one delivery option, the window at the standard rate, and no express', async () => {
    const { c, sydney } = await shopper(1_000);
    const quote = await quoteSelected(c.token, sydney);
    expect(quote.zone).toBe('metro');
    expect(quote.deliveryMode).toBe('window');
    expect(quote.options).toEqual([
      expect.objectContaining({ service: 'standard', label: 'Delivery window', price: 795, isFree: false }),
    ]);
  });

  it('a courier zone keeps standard and express with their delivery times', async () => {
    const { c, newcastle } = await shopper(1_000);
    const quote = await quoteSelected(c.token, newcastle);
    expect(quote.deliveryMode).toBe('courier');
    expect(quote.options.map((o) => [o.service, o.label, o.etaDaysMin, o.etaDaysMax])).toEqual([
      ['standard', 'Standard delivery', 2, 4],
      ['express', 'Express delivery', 1, 2],
    ]);
  });

  it('the window delivery is free from the zone threshold, as standard delivery is', async () => {
    const { c, sydney } = await shopper(10_000);
    const [option] = (await quoteSelected(c.token, sydney)).options;
    expect(option).toMatchObject({ price: 0, fullPrice: 795, isFree: true, freeReason: 'threshold' });
  });

  it('a single product priced to a postcode says the same', async () => {
    const product = await createProduct(db(), { priceCents: 500 });
    const sydney = await quoteSingle({ productID: product.id, quantity: 1, postcode: '2000' });
    expect([sydney.deliveryMode, sydney.options.map((o) => o.service)]).toEqual(['window', ['standard']]);
    const perth = await quoteSingle({ productID: product.id, quantity: 1, postcode: '6000' });
    expect([perth.deliveryMode, perth.options.map((o) => o.service)]).toEqual([
      'courier',
      ['standard', 'express'],
    ]);
  });

  it('once its windows are all switched off, the zone goes by courier again, with express', async () => {
    const { c, sydney } = await shopper(1_000);
    await db().update(deliveryWindowTemplates).set({ isActive: false });
    try {
      const quote = await quoteSelected(c.token, sydney);
      expect(quote.deliveryMode).toBe('courier');
      expect(quote.options.map((o) => o.service)).toEqual(['standard', 'express']);
    } finally {
      await db().update(deliveryWindowTemplates).set({ isActive: true });
    }
  });
});

describe("a zone's minimum order in the quote", () => {
  it('is none until staff set one', async () => {
    const { c, sydney } = await shopper(500);
    expect(await quoteSelected(c.token, sydney)).toMatchObject({ minimumOrder: 0, amountToMinimum: 0 });
  });

  it('says how much more to add, measured on the subtotal before discounts, and nothing once reached', async () => {
    await setMinimum('metro', 3_000);
    try {
      const { c, sydney, newcastle, product } = await shopper(1_760);
      expect(await quoteSelected(c.token, sydney)).toMatchObject({
        subtotal: 1_760,
        minimumOrder: 3_000,
        amountToMinimum: 1_240,
      });
      // Another zone's minimum is its own.
      expect(await quoteSelected(c.token, newcastle)).toMatchObject({ minimumOrder: 0, amountToMinimum: 0 });
      await addToCart(t.app, c, product.id, 1);
      expect(await quoteSelected(c.token, sydney)).toMatchObject({
        subtotal: 3_520,
        minimumOrder: 3_000,
        amountToMinimum: 0,
      });
      const single = await quoteSingle({ productID: product.id, quantity: 1, postcode: '2000' });
      expect(single).toMatchObject({ minimumOrder: 3_000, amountToMinimum: 1_240 });
    } finally {
      await setMinimum('metro', 0);
    }
  });
});

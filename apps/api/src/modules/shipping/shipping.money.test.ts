import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@storefront/contract/errors';
import type { ShippingQuote } from '@storefront/contract/shipping';
import { carts, customers, shippingRates, suburbs } from '../../db/schema/index.js';
import { addToCart, bearer, registerCustomer } from '../../../test/factories.js';
import { createCoupon, createProduct } from '../../../test/catalog-factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { findSuburbByPostcode } from '../suburb/suburb.repo.js';
import { distanceKm, WAREHOUSE } from './shipping.rules.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

function single(payload: object, token?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/shipping/calc-single',
    headers: token ? bearer(token) : {},
    payload,
  });
}

function quoteOf(res: { body: string; json: () => { code: number; data: ShippingQuote } }): ShippingQuote {
  expect(res.json().code, res.body).toBe(0);
  return res.json().data;
}

const priceOf = (q: ShippingQuote, service: 'standard' | 'express') =>
  q.options.find((o) => o.service === service)?.price;

describe('a shipping quote', () => {
  it('prices Canberra, in the ACT beyond the metro radius, as regional', async () => {
    const p = await createProduct(db(), { weightGrams: 800 });
    const q = quoteOf(await single({ productID: p.id, quantity: 1, postcode: '2600' }));
    expect(q.destination).toMatchObject({ postcode: '2600', state: 'ACT' });
    expect(q.zone).toBe('regional');
    expect([priceOf(q, 'standard'), priceOf(q, 'express')]).toEqual([1095, 1995]);
  });

  it('shows the customer the destination and its distance from the warehouse to a tenth of a kilometre', async () => {
    const p = await createProduct(db());
    const melbourne = await findSuburbByPostcode(db(), '3000');
    if (!melbourne) throw new Error('no suburb 3000');
    const q = quoteOf(await single({ productID: p.id, quantity: 1, postcode: '3000' }));
    expect(q.destination).toMatchObject({
      suburbID: melbourne.id,
      postcode: '3000',
      locality: melbourne.locality,
      state: 'VIC',
      source: 'postcode',
      addressID: null,
    });
    const shown = q.destination.distanceKm;
    expect(shown).toBeGreaterThan(700);
    expect(shown).toBeLessThan(730);
    expect(shown).toBeCloseTo(distanceKm(WAREHOUSE, melbourne), 1);
    expect(shown.toFixed(1)).toBe(String(shown));
  });

  it('weighs and prices the quantity asked for', async () => {
    const p = await createProduct(db(), { weightGrams: 800, priceCents: 500 });
    const q = quoteOf(await single({ productID: p.id, quantity: 3, postcode: '2000' }));
    expect(q).toMatchObject({ zone: 'metro', weightGrams: 2_400, subtotal: 1_500 });
    expect(priceOf(q, 'standard')).toBe(795 + 2 * 50);
  });

  it('for one product ignores the free-shipping coupon on the customer’s cart', async () => {
    const c = await registerCustomer(t.app);
    const inCart = await createProduct(db());
    await addToCart(t.app, c, inCart.id);
    const coupon = await createCoupon(db(), { kind: 'free_shipping', value: 0 }, t.clock.now());
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/apply-discount',
      headers: bearer(c.token),
      payload: { code: coupon.code },
    });
    expect(applied.json().code).toBe(0);
    const q = quoteOf(await single({ productID: inCart.id, quantity: 1, postcode: '2000' }, c.token));
    expect(q.options[0]).toMatchObject({ service: 'standard', price: 795, isFree: false, freeReason: null });
  });

  it('is refused for a product that is no longer sold', async () => {
    const p = await createProduct(db(), { isActive: false });
    const res = await single({ productID: p.id, quantity: 1, postcode: '2000' });
    expect(res.json()).toMatchObject({ code: errorCatalogue.PRODUCT_UNAVAILABLE.code, data: null });
  });

  it('is refused for a destination whose zone has no rates', async () => {
    const p = await createProduct(db());
    const remote = await db().select().from(shippingRates).where(eq(shippingRates.zone, 'remote'));
    await db().delete(shippingRates).where(eq(shippingRates.zone, 'remote'));
    try {
      const res = await single({ productID: p.id, quantity: 1, postcode: '0870' });
      expect(res.json()).toMatchObject({
        code: errorCatalogue.NO_DESTINATION.code,
        msg: 'We do not deliver to that suburb yet.',
        data: null,
      });
      expect(quoteOf(await single({ productID: p.id, quantity: 1, postcode: '2000' })).zone).toBe('metro');
    } finally {
      await db().insert(shippingRates).values(remote);
    }
  });
});

describe('the destination of a quote', () => {
  function selected(token: string, addressID?: number) {
    const query = addressID === undefined ? '' : `?addressID=${addressID}`;
    return t.app.inject({ url: `/api/v1/shipping/calc-selected${query}`, headers: bearer(token) });
  }

  async function customerAt(postCode: string, suburb: string) {
    const c = await registerCustomer(t.app);
    await db().update(customers).set({ postCode, suburb }).where(eq(customers.id, c.user.customerID));
    await t.app.authChangesHeard();
    return c;
  }

  it('is the customer’s own locality when their postcode has several', async () => {
    const first = await findSuburbByPostcode(db(), '2000');
    const [other] = await db()
      .select()
      .from(suburbs)
      .where(and(eq(suburbs.postcode, '2000'), ne(suburbs.locality, first?.locality ?? '')))
      .limit(1);
    if (!other) throw new Error('postcode 2000 has one locality');
    const c = await customerAt('2000', other.locality.toLowerCase());
    const p = await createProduct(db());
    const q = quoteOf(await single({ productID: p.id, quantity: 1 }, c.token));
    expect(q.destination).toMatchObject({
      suburbID: other.id,
      locality: other.locality,
      source: 'customer_postcode',
    });
  });

  it('is the postcode’s first locality when the customer’s suburb is not one of its localities', async () => {
    const first = await findSuburbByPostcode(db(), '3000');
    const c = await customerAt('3000', 'Nowhere Special');
    const p = await createProduct(db());
    const q = quoteOf(await single({ productID: p.id, quantity: 1 }, c.token));
    expect(q.destination).toMatchObject({
      suburbID: first?.id,
      postcode: '3000',
      source: 'customer_postcode',
    });
    expect(q.zone).toBe('interstate');
  });

  it('cannot be found for a customer without an address whose postcode is unknown', async () => {
    const c = await customerAt('0001', 'Nowhere');
    const p = await createProduct(db());
    await addToCart(t.app, c, p.id);
    expect((await selected(c.token)).json()).toMatchObject({
      code: errorCatalogue.NO_DESTINATION.code,
      data: null,
    });
    const quoted = await single({ productID: p.id, quantity: 1 }, c.token);
    expect(quoted.json()).toMatchObject({ code: errorCatalogue.NO_DESTINATION.code, data: null });
  });

  it('for a customer who has never had a cart leaves nothing selected to price', async () => {
    const c = await registerCustomer(t.app);
    await db().delete(carts).where(eq(carts.customerId, c.user.customerID));
    expect((await selected(c.token)).json()).toMatchObject({ code: errorCatalogue.NOTHING_SELECTED.code });
  });

  it('names what was not found: an address, a product, a suburb, a postcode', async () => {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db());
    await addToCart(t.app, c, p.id);
    expect((await selected(c.token, 2_000_000_000)).json()).toMatchObject({ msg: 'No such address.' });
    const noProduct = await single({ productID: 2_000_000_000, quantity: 1, postcode: '2000' });
    expect(noProduct.json()).toMatchObject({ msg: 'No such product.' });
    const noSuburb = await single({ productID: p.id, quantity: 1, suburbID: 2_000_000_000 });
    expect(noSuburb.json()).toMatchObject({ msg: 'No such suburb.' });
    const noPostcode = await single({ productID: p.id, quantity: 1, postcode: '0001' });
    expect(noPostcode.json()).toMatchObject({
      code: errorCatalogue.UNKNOWN_POSTCODE.code,
      msg: 'That postcode is not a known Australian postcode.',
    });
  });
});

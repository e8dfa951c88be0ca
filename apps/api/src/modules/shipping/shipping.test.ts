import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShippingQuote } from '@storefront/contract/shipping';
import { addresses, carts } from '../../db/schema/index.js';
import { bearer, registerCustomer } from '../../../test/factories.js';
import { createCoupon, createProduct } from '../../../test/catalog-factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { findSuburbByPostcode } from '../suburb/suburb.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

async function suburbId(postcode: string): Promise<number> {
  const s = await findSuburbByPostcode(db(), postcode);
  if (!s) throw new Error(`no suburb ${postcode}`);
  return s.id;
}

async function addAddress(customerId: number, postcode: string, isDefaultShipping = false): Promise<number> {
  const s = await findSuburbByPostcode(db(), postcode);
  if (!s) throw new Error(`no suburb ${postcode}`);
  const [row] = await db()
    .insert(addresses)
    .values({
      customerId,
      firstName: 'Test',
      lastName: 'Customer',
      phone: '0412345678',
      line1: '1 Test St',
      suburbId: s.id,
      suburb: s.locality,
      state: s.state,
      postcode: s.postcode,
      isDefaultShipping,
    })
    .returning({ id: addresses.id });
  if (!row) throw new Error('no address');
  return row.id;
}

function single(payload: object, token?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/shipping/calc-single',
    headers: token ? bearer(token) : {},
    payload,
  });
}

function selected(token: string, addressID?: number | string) {
  const query = addressID === undefined ? '' : `?addressID=${addressID}`;
  return t.app.inject({ url: `/api/v1/shipping/calc-selected${query}`, headers: bearer(token) });
}

const quoteOf = (res: { json: () => { code: number; data: ShippingQuote } }) => {
  expect(res.json().code).toBe(0);
  return res.json().data;
};
const priceOf = (q: ShippingQuote, service: 'standard' | 'express') =>
  q.options.find((o) => o.service === service)?.price;

describe('shipping/calc-single', () => {
  it.each([
    ['2000', 'metro', 795, 1495],
    ['2300', 'regional', 1095, 1995],
    ['3000', 'interstate', 1395, 2495],
    ['0870', 'remote', 2495, 4495],
    ['6765', 'remote', 2495, 4495],
  ])('prices postcode %s as %s, standard and express', async (postcode, zone, standard, express) => {
    const p = await createProduct(db(), { weightGrams: 800, priceCents: 500 });
    const q = quoteOf(await single({ productID: p.id, quantity: 1, postcode }));
    expect(q.zone).toBe(zone);
    expect(q.destination.postcode).toBe(postcode);
    expect(q.options.map((o) => o.service)).toEqual(['standard', 'express']);
    expect([priceOf(q, 'standard'), priceOf(q, 'express')]).toEqual([standard, express]);
  });

  it('adds the per-kg rate for every started kilogram past the first', async () => {
    const p = await createProduct(db(), { weightGrams: 1250, priceCents: 100 });
    const one = quoteOf(await single({ productID: p.id, quantity: 1, postcode: '2000' }));
    const two = quoteOf(await single({ productID: p.id, quantity: 2, postcode: '2000' }));
    expect(one.weightGrams).toBe(1250);
    expect(priceOf(one, 'standard')).toBe(795 + 50);
    expect(two.weightGrams).toBe(2500);
    expect(priceOf(two, 'standard')).toBe(795 + 2 * 50);
    expect(priceOf(two, 'express')).toBe(1495 + 2 * 80);
  });

  it('makes standard shipping free from the zone threshold, but not express', async () => {
    const p = await createProduct(db(), { priceCents: 5000, weightGrams: 500 });
    const below = quoteOf(await single({ productID: p.id, quantity: 1, postcode: '2000' }));
    expect(below.options[0]).toMatchObject({ price: 795, isFree: false, amountToFree: 5000 });
    const at = quoteOf(await single({ productID: p.id, quantity: 2, postcode: '2000' }));
    expect(at.options[0]).toMatchObject({ price: 0, fullPrice: 795, isFree: true, freeReason: 'threshold' });
    expect(at.options[1]).toMatchObject({ price: 1495, isFree: false });
  });

  it('takes a suburb id, and a signed-in customer’s own postcode when given neither', async () => {
    const p = await createProduct(db());
    const byId = quoteOf(await single({ productID: p.id, quantity: 1, suburbID: await suburbId('3000') }));
    expect(byId.zone).toBe('interstate');
    const c = await registerCustomer(t.app);
    const home = quoteOf(await single({ productID: p.id, quantity: 1 }, c.token));
    expect(home.destination).toMatchObject({ postcode: '2000', source: 'customer_postcode' });
    const anonymous = await single({ productID: p.id, quantity: 1 });
    expect(anonymous.json().code).toBe(100501);
  });

  it('takes a postcode beside the suburb id only when it is the suburb’s own', async () => {
    const p = await createProduct(db());
    const melbourne = await suburbId('3000');
    const same = quoteOf(
      await single({ productID: p.id, quantity: 1, suburbID: melbourne, postcode: '3000' }),
    );
    expect(same.destination.postcode).toBe('3000');
    const other = await single({ productID: p.id, quantity: 1, suburbID: melbourne, postcode: '2000' });
    expect(other.json()).toMatchObject({ code: 100201, data: null });
  });

  it('refuses unknown postcodes, suburbs and products, and malformed input', async () => {
    const p = await createProduct(db());
    expect((await single({ productID: p.id, quantity: 1, postcode: '0001' })).json().code).toBe(100108);
    expect((await single({ productID: p.id, quantity: 1, suburbID: 2_000_000_000 })).statusCode).toBe(404);
    expect((await single({ productID: 2_000_000_000, quantity: 1, postcode: '2000' })).statusCode).toBe(404);
    const bad = await single({ productID: p.id, quantity: 1, postcode: '20000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields[0].field).toBe('body.postcode');
    expect((await single({ productID: p.id, quantity: 0, postcode: '2000' })).statusCode).toBe(400);
  });
});

describe('shipping/calc-selected', () => {
  async function customerWithCart(items: { priceCents?: number; weightGrams?: number; quantity: number }[]) {
    const c = await registerCustomer(t.app);
    for (const item of items) {
      const p = await createProduct(db(), { priceCents: item.priceCents, weightGrams: item.weightGrams });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/cart/add',
        headers: bearer(c.token),
        payload: { productID: p.id, quantity: item.quantity },
      });
      expect(res.json().code).toBe(0);
    }
    return c;
  }

  it('prices the selected lines to the customer’s postcode when there is no address', async () => {
    const c = await customerWithCart([
      { weightGrams: 700, priceCents: 1000, quantity: 2 },
      { weightGrams: 600, priceCents: 500, quantity: 1 },
    ]);
    const q = quoteOf(await selected(c.token));
    expect(q).toMatchObject({ zone: 'metro', weightGrams: 2000, subtotal: 2500 });
    expect(q.destination.source).toBe('customer_postcode');
    expect(priceOf(q, 'standard')).toBe(795 + 50);
  });

  it('uses the given address, else the cart’s chosen one, else the default one', async () => {
    const c = await customerWithCart([{ quantity: 1 }]);
    const melbourne = await addAddress(c.user.customerID, '3000', true);
    const newcastle = await addAddress(c.user.customerID, '2300');
    const remote = await addAddress(c.user.customerID, '6765');
    expect(quoteOf(await selected(c.token))).toMatchObject({
      zone: 'interstate',
      destination: { source: 'default_address', addressID: melbourne },
    });
    await db().update(carts).set({ addressId: newcastle }).where(eq(carts.customerId, c.user.customerID));
    expect(quoteOf(await selected(c.token))).toMatchObject({
      zone: 'regional',
      destination: { source: 'cart_address', addressID: newcastle },
    });
    expect(quoteOf(await selected(c.token, remote))).toMatchObject({
      zone: 'remote',
      destination: { source: 'address', addressID: remote },
    });
  });

  it('answers another customer’s address exactly like a missing one', async () => {
    const owner = await customerWithCart([{ quantity: 1 }]);
    const other = await customerWithCart([{ quantity: 1 }]);
    const theirs = await addAddress(owner.user.customerID, '3000');
    const res = await selected(other.token, theirs);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual((await selected(other.token, 2_000_000_000)).json());
  });

  it('makes standard shipping free with a free-shipping coupon', async () => {
    const c = await customerWithCart([{ quantity: 1, priceCents: 1000 }]);
    const coupon = await createCoupon(db(), { kind: 'free_shipping', value: 0 }, t.clock.now());
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/apply-discount',
      headers: bearer(c.token),
      payload: { code: coupon.code },
    });
    const q = quoteOf(await selected(c.token));
    expect(q.options[0]).toMatchObject({ service: 'standard', price: 0, isFree: true, freeReason: 'coupon' });
    expect(q.options[1]?.price).toBe(1495);
  });

  it('refuses when nothing is selected, and malformed address ids', async () => {
    const c = await customerWithCart([{ quantity: 1 }]);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/cart/select-all',
      headers: bearer(c.token),
      payload: { selected: false },
    });
    expect((await selected(c.token)).json().code).toBe(100502);
    const bad = await selected(c.token, 'x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields[0].field).toBe('querystring.addressID');
    expect((await t.app.inject({ url: '/api/v1/shipping/calc-selected' })).statusCode).toBe(401);
  });
});

import { count, eq } from 'drizzle-orm';
import { MAX_ADDRESSES } from '@storefront/contract/address';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../../db/schema/index.js';
import { bearer, registerCustomer, sydneyAddress, type Customer } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const home = sydneyAddress;
const work = { ...home, line1: '200 Bourke St', suburb: 'melbourne', state: 'VIC', postcode: '3000' };

function call(c: Customer, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(c.token),
    ...(payload ? { payload } : {}),
  });
}

async function add(c: Customer, body: object = home) {
  const res = await call(c, 'POST', '/address/add', body);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data as { addressID: number; isDefaultShipping: boolean; isDefaultBilling: boolean };
}

const list = async (c: Customer) => (await call(c, 'GET', '/address/list')).json().data;

const rowsOf = async (customerId: number) =>
  (await t.database.db.select({ n: count() }).from(addresses).where(eq(addresses.customerId, customerId)))[0]
    ?.n;

describe('address book', () => {
  it('the first address becomes the default for shipping and billing; later ones do not', async () => {
    const c = await registerCustomer(t.app);
    const first = await add(c);
    expect(first).toMatchObject({
      isDefaultShipping: true,
      isDefaultBilling: true,
      suburb: 'Sydney',
      country: 'AU',
    });
    const second = await add(c, work);
    expect(second).toMatchObject({
      isDefaultShipping: false,
      isDefaultBilling: false,
      suburb: 'Melbourne',
      phone: '0412345678',
    });
    const l = await list(c);
    expect(l.list.map((a: { addressID: number }) => a.addressID)).toEqual([
      first.addressID,
      second.addressID,
    ]);
    expect(l.cartAddressID).toBeNull();
  });

  it('refuses a postcode, suburb and state that do not agree, writing nothing', async () => {
    const c = await registerCustomer(t.app);
    for (const body of [
      { ...home, postcode: '3000' },
      { ...home, state: 'VIC' },
      { ...home, suburb: 'Atlantis' },
    ]) {
      const res = await call(c, 'POST', '/address/add', body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 100201, data: null });
    }
    expect(await rowsOf(c.user.customerID)).toBe(0);
  });

  it.each([
    ['phone', { phone: '123' }],
    ['postcode', { postcode: 'abcd' }],
    ['state', { state: 'XYZ' }],
    ['line1', { line1: '' }],
    ['country', { country: 'NZ' }],
    ['firstName', { firstName: undefined }],
  ])('answers bad %s with a 400 naming it', async (field, override) => {
    const c = await registerCustomer(t.app);
    const res = await call(c, 'POST', '/address/add', { ...home, ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(field);
    expect(await rowsOf(c.user.customerID)).toBe(0);
  });

  it('edits an address, keeping its default flags', async () => {
    const c = await registerCustomer(t.app);
    const a = await add(c);
    const res = await call(c, 'PUT', `/address/${a.addressID}`, { ...work, line2: 'Level 3' });
    expect(res.json().data).toMatchObject({
      addressID: a.addressID,
      line1: '200 Bourke St',
      line2: 'Level 3',
      suburb: 'Melbourne',
      state: 'VIC',
      isDefaultShipping: true,
    });
  });

  it('moves the defaults to another address when the default is deleted', async () => {
    const c = await registerCustomer(t.app);
    const a = await add(c);
    const b = await add(c, work);
    expect((await call(c, 'DELETE', `/address/${a.addressID}`)).json()).toEqual({
      code: 0,
      msg: 'ok',
      data: null,
    });
    const l = await list(c);
    expect(l.list).toHaveLength(1);
    expect(l.list[0]).toMatchObject({
      addressID: b.addressID,
      isDefaultShipping: true,
      isDefaultBilling: true,
    });
  });

  it('sets the default shipping and billing addresses independently', async () => {
    const c = await registerCustomer(t.app);
    const a = await add(c);
    const b = await add(c, work);
    await call(c, 'POST', '/address/set-default', { addressID: b.addressID });
    await call(c, 'POST', '/address/set-billing', { addressID: a.addressID });
    const byId = Object.fromEntries((await list(c)).list.map((x: { addressID: number }) => [x.addressID, x]));
    expect(byId[a.addressID]).toMatchObject({ isDefaultShipping: false, isDefaultBilling: true });
    expect(byId[b.addressID]).toMatchObject({ isDefaultShipping: true, isDefaultBilling: false });
  });

  it('change picks the address the cart ships to', async () => {
    const c = await registerCustomer(t.app);
    await add(c);
    const b = await add(c, work);
    expect((await call(c, 'POST', '/address/change', { addressID: b.addressID })).json().data).toEqual({
      cartAddressID: b.addressID,
    });
    expect((await list(c)).cartAddressID).toBe(b.addressID);
  });

  it("another customer's address answers like a missing one on every route", async () => {
    const owner = await registerCustomer(t.app);
    const a = await add(owner);
    const stranger = await registerCustomer(t.app);
    const attempts = [
      await call(stranger, 'PUT', `/address/${a.addressID}`, work),
      await call(stranger, 'DELETE', `/address/${a.addressID}`),
      await call(stranger, 'POST', '/address/set-default', { addressID: a.addressID }),
      await call(stranger, 'POST', '/address/set-billing', { addressID: a.addressID }),
      await call(stranger, 'POST', '/address/change', { addressID: a.addressID }),
    ];
    const missing = await call(stranger, 'DELETE', '/address/2147483000');
    for (const res of attempts) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    expect((await list(stranger)).list).toEqual([]);
    expect((await list(owner)).list[0]).toMatchObject({ line1: home.line1, isDefaultShipping: true });
  });

  it('caps the address book', async () => {
    const c = await registerCustomer(t.app);
    for (let i = 0; i < MAX_ADDRESSES; i++) await add(c, { ...home, line1: `${i + 1} George St` });
    const res = await call(c, 'POST', '/address/add', home);
    expect(res.json().code).toBe(100202);
    expect(await rowsOf(c.user.customerID)).toBe(MAX_ADDRESSES);
  });

  it('parallel first addresses still leave exactly one default of each kind', async () => {
    const c = await registerCustomer(t.app);
    const results = await Promise.all(Array.from({ length: 5 }, () => call(c, 'POST', '/address/add', home)));
    expect(results.every((r) => r.json().code === 0)).toBe(true);
    const l = (await list(c)).list as { isDefaultShipping: boolean; isDefaultBilling: boolean }[];
    expect(l.filter((x) => x.isDefaultShipping)).toHaveLength(1);
    expect(l.filter((x) => x.isDefaultBilling)).toHaveLength(1);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ url: '/api/v1/address/list' });
    expect(res.statusCode).toBe(401);
  });
});

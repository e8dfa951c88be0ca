import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, customers, vouchers } from '../../db/schema/index.js';
import { createCoupon } from '../../../test/catalog-factories.js';
import { bearer, registerCustomer, sydneyAddress, type Customer } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/** What Australians type into the store's forms, through the API on the database: taken, kept in one form, or refused. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const db = () => t.database.db;

function call(c: Customer, method: 'POST' | 'PUT', url: string, payload: object) {
  return t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(c.token), payload });
}

const addressRows = async (customerId: number) =>
  (await db().select({ n: count() }).from(addresses).where(eq(addresses.customerId, customerId)))[0]?.n;

describe('phone numbers as Australians write them', () => {
  it.each([
    ['0412 345 678', '0412345678'],
    ['+61 412 345 678', '0412345678'],
    ['61412345678', '0412345678'],
    ['+61 (0) 412 345 678', '0412345678'],
    ['(02) 9876 5432', '0298765432'],
    ['1300 123 456', '1300123456'],
  ])('%j is kept as %j on the profile and on an address', async (typed, kept) => {
    const c = await registerCustomer(t.app);
    const profile = await call(c, 'PUT', '/customer/update', { phone: typed });
    expect(profile.json()).toMatchObject({ code: 0, data: { phone: kept } });
    const [row] = await db()
      .select({ phone: customers.phone })
      .from(customers)
      .where(eq(customers.id, c.user.customerID));
    expect(row?.phone).toBe(kept);
    const address = await call(c, 'POST', '/address/add', { ...sydneyAddress, phone: typed });
    expect(address.json()).toMatchObject({ code: 0, data: { phone: kept } });
  });

  it('a number kept in the international form before still loads', async () => {
    const c = await registerCustomer(t.app);
    await db().update(customers).set({ phone: '+61412345678' }).where(eq(customers.id, c.user.customerID));
    await t.app.authChangesHeard();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/customer/info', headers: bearer(c.token) });
    expect(res.json()).toMatchObject({ code: 0, data: { phone: '+61412345678' } });
  });
});

describe('addresses', () => {
  it.each(['3/12 Smith St', 'Unit 3, 12 Smith St', 'Level 2, 100 George St'])(
    '%j is a street address',
    async (line1) => {
      const c = await registerCustomer(t.app);
      const res = await call(c, 'POST', '/address/add', { ...sydneyAddress, line1, line2: '' });
      expect(res.json()).toMatchObject({ code: 0, data: { line1, line2: null } });
    },
  );

  it.each([
    ['line1', { line1: 'PO Box 123' }],
    ['line1', { line1: 'Locked Bag 5' }],
    ['line2', { line2: 'GPO Box 1234' }],
  ])('a post office %s is refused with a 400 naming it, and nothing is written', async (field, over) => {
    const c = await registerCustomer(t.app);
    const res = await call(c, 'POST', '/address/add', { ...sydneyAddress, ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual([
      { field: `body.${field}`, message: expect.stringMatching(/PO Box/) },
    ]);
    expect(await addressRows(c.user.customerID)).toBe(0);
  });

  it.each([
    ['0800', 'Darwin', 'NT'],
    ['0870', 'Alice Springs', 'NT'],
    ['2600', 'Canberra', 'ACT'],
    ['2900', 'Tuggeranong', 'ACT'],
  ])(
    '%s %s %s keeps its postcode as four digits, pasted with spaces or not',
    async (postcode, suburb, state) => {
      const c = await registerCustomer(t.app);
      const res = await call(c, 'POST', '/address/add', {
        ...sydneyAddress,
        postcode: ` ${postcode} `,
        suburb,
        state,
      });
      expect(res.json()).toMatchObject({ code: 0, data: { postcode, suburb, state } });
      const home = await call(c, 'PUT', '/customer/update', {
        postCode: `${postcode} `,
        suburb: ` ${suburb}`,
      });
      expect(home.json()).toMatchObject({ code: 0, data: { postCode: postcode, suburb } });
    },
  );
});

describe('codes typed with spaces and in lower case', () => {
  it('a discount code applies', async () => {
    const c = await registerCustomer(t.app);
    const coupon = await createCoupon(db(), { code: 'WELCOME10' });
    const res = await call(c, 'POST', '/cart/apply-discount', { code: ' welcome 10 ' });
    expect(res.json()).toMatchObject({ code: 0, data: { coupon: { code: coupon.code } } });
  });

  it('a gift voucher is redeemed', async () => {
    const c = await registerCustomer(t.app);
    await db()
      .insert(vouchers)
      .values({ code: 'GIFT-SPACES', amountCents: 2500, expiresAt: new Date(t.clock.now().getTime() + DAY) });
    const res = await call(c, 'POST', '/customer/apply-voucher', { code: ' gift - spaces ' });
    expect(res.json()).toMatchObject({ code: 0, data: { credited: 2500 } });
  });
});

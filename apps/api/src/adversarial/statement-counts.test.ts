import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openPglite, openPostgres, queryRows, type Database } from '../db/client.js';
import {
  addAddress,
  addToCart,
  bearer,
  newcastleAddress,
  placeOrder,
  registerCustomer,
  type Customer,
} from '../../test/factories.js';
import type { DeliveryWindows } from '@storefront/contract/delivery';
import { deliveryWindowTemplates } from '../db/schema/index.js';
import { createProduct, giveCredit } from '../../test/catalog-factories.js';
import { adminQuery, uniqueName, withDatabase } from '../../test/databases.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// SQL statements per request must not grow with the size of the cart, the order or the page (Saleor's query-count
// tests): each route is asked with a small and a large one, and both must send the same number of statements.

const statements: string[] = [];
let counting = false;
// Transaction control is left out: drizzle tells the logger about it on node-postgres but not on PGlite.
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
const onStatement = (sql: string) => {
  if (counting && !TRANSACTION_CONTROL.test(sql)) statements.push(sql);
};

/** The test database, telling `onStatement` every statement the app sends. */
async function openCountedDatabase(): Promise<Database> {
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set');
    const name = uniqueName('sf_t');
    await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    const database = await openPostgres(withDatabase(url, name), { onStatement });
    return {
      ...database,
      async close() {
        await database.close();
        await adminQuery(url, `DROP DATABASE IF EXISTS ${name}`);
      },
    };
  }
  const tar = await readFile(inject('pgliteTemplate'));
  return openPglite({ loadDataDir: new Blob([tar]), onStatement });
}

let t: TestApp;
let database: Database;
beforeAll(async () => {
  database = await openCountedDatabase();
  t = await createTestApp({ database });
});
afterAll(async () => {
  await t.close();
  await database.close();
});

/** The statements one request sends, with its answer's code (0 is success). */
async function count(
  c: Customer | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<{ n: number; code: number }> {
  statements.length = 0;
  counting = true;
  try {
    const res = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: c ? bearer(c.token) : {},
      ...(payload ? { payload } : {}),
    });
    return { n: statements.length, code: res.json<{ code: number }>().code };
  } finally {
    counting = false;
  }
}

/** A customer with `lines` products of their own in the cart, and a delivery address. */
async function shopper(lines: number): Promise<{ c: Customer; addressID: number; productIds: number[] }> {
  const c = await registerCustomer(t.app);
  const addressID = await addAddress(t.app, c);
  const productIds: number[] = [];
  for (let i = 0; i < lines; i += 1) {
    const product = await createProduct(t.database.db, { stock: 100 });
    productIds.push(product.id);
    await addToCart(t.app, c, product.id);
  }
  return { c, addressID, productIds };
}

/** Has this process read the zones' rates, which checkout then takes from memory (shipping/rates-cache.ts). */
async function ratesKept(): Promise<void> {
  const { c, addressID } = await shopper(1);
  await placeOrder(t.app, c, { addressID });
}

const READS_RATES = /from "shipping_rates"/;

const SET_PLAN_MODE = /^\s*set local plan_cache_mode/i;

/**
 * How each statement sent (but the settings themselves) was planned: `custom` after planEachStatement, `usual`
 * before it and after planAsUsual.
 */
function planModesOf(sent: string[]): { kind: string; mode: 'custom' | 'usual' }[] {
  let mode: 'custom' | 'usual' = 'usual';
  return sent.flatMap((q) => {
    if (SET_PLAN_MODE.test(q)) {
      mode = /force_custom_plan/.test(q) ? 'custom' : 'usual';
      return [];
    }
    return [{ kind: (/^\s*(\w+)/.exec(q)?.[1] ?? '').toLowerCase(), mode }];
  });
}

/**
 * Checkout plans for their values the statements that find rows in tables that grow (its reads, its updates and
 * deletes), and every insert as usual, so the foreign-key checks each inserted row runs keep their plans.
 */
function expectCheckoutPlanModes(sent: string[]): void {
  const modes = planModesOf(sent);
  expect(modes.filter((m) => m.kind === 'insert').length).toBeGreaterThan(0);
  expect(modes.filter((m) => m.kind !== 'insert').length).toBeGreaterThan(0);
  for (const m of modes) expect(m).toEqual({ kind: m.kind, mode: m.kind === 'insert' ? 'usual' : 'custom' });
}

describe('SQL statements per request', () => {
  it('health sends none', async () => {
    expect(await count(null, 'GET', '/health')).toEqual({ n: 0, code: 0 });
  });

  it('customer/me reads a session it has not seen once, then answers from memory', async () => {
    const c = await registerCustomer(t.app);
    expect(await count(c, 'GET', '/customer/me')).toEqual({ n: 1, code: 0 });
    expect(statements[0]).toMatch(/from "sessions"/);
    expect(await count(c, 'GET', '/customer/me')).toEqual({ n: 0, code: 0 });
  });

  it('product/list sends as many for a page of 24 as for a page of 1', async () => {
    for (let i = 0; i < 24; i += 1) await createProduct(t.database.db);
    const one = await count(null, 'GET', '/product/list?pageSize=1');
    const many = await count(null, 'GET', '/product/list?pageSize=24');
    expect(one).toEqual({ n: 1, code: 0 });
    expect(many).toEqual(one);
    // Free from allergens is a condition of the same statement.
    expect(await count(null, 'GET', '/product/list?freeFrom=milk,peanut&pageSize=24')).toEqual(one);
  });

  it('a search sends one statement; one no product matches with every word, two; its later pages, three', async () => {
    const word = `zq${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < 3; i += 1) await createProduct(t.database.db, { name: `Zed ${word} ${i}` });
    expect(await count(null, 'GET', `/product/list?keyword=${word}&pageSize=1`)).toEqual({ n: 1, code: 0 });
    expect(await count(null, 'GET', `/product/list?keyword=${word}+qqq&pageSize=1`)).toEqual({
      n: 2,
      code: 0,
    });
    // A later page of the any-word list: the every-word page is empty, so its count is read, then the list.
    expect(await count(null, 'GET', `/product/list?keyword=${word}+qqq&pageSize=1&page=3`)).toEqual({
      n: 3,
      code: 0,
    });
  });

  it("suggestions, the filters' facets, and a listing by brand, diet or unit price send one statement each", async () => {
    const word = `zq${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < 3; i += 1) {
      await createProduct(t.database.db, { name: `Zed ${word} ${i}`, brand: 'Zed', dietary: ['vegan'] });
    }
    const one = { n: 1, code: 0 };
    // The aisles' counts ride along on the products' rows.
    expect(await count(null, 'GET', `/product/suggest?keyword=${word}`)).toEqual(one);
    expect(await count(null, 'GET', `/product/facets?keyword=${word}`)).toEqual(one);
    expect(await count(null, 'GET', `/product/list?keyword=${word}&brand=zed&dietary=vegetarian`)).toEqual(
      one,
    );
    // The unit groups' counts ride along too.
    expect(await count(null, 'GET', `/product/list?keyword=${word}&sort=unit-price-asc`)).toEqual(one);
  });

  it('cart/list, cart/add and cart/update send as many for ten lines as for one', async () => {
    const small = await shopper(1);
    const large = await shopper(10);
    const listed = [await count(small.c, 'GET', '/cart/list'), await count(large.c, 'GET', '/cart/list')];
    // The session is known by now (session-cache.ts): one statement for the lines with their products and the
    // coupon with the customer's uses of it.
    expect(listed[0]).toEqual({ n: 1, code: 0 });
    expect(listed[1]).toEqual(listed[0]);
    const extra = await createProduct(t.database.db, { stock: 100 });
    const added = [
      await count(small.c, 'POST', '/cart/add', { productID: extra.id, quantity: 1 }),
      await count(large.c, 'POST', '/cart/add', { productID: extra.id, quantity: 1 }),
    ];
    // The line added in one statement that also answers the cart's lines (the cart's lock and line cap are the
    // database's).
    expect(added[0]).toEqual({ n: 1, code: 0 });
    expect(statements[0]).toMatch(/^insert into "cart_lines"/);
    expect(added[1]).toEqual(added[0]);
    const updated = [
      await count(small.c, 'PUT', '/cart/update', { productID: extra.id, quantity: 3, selected: false }),
      await count(large.c, 'PUT', '/cart/update', { productID: extra.id, quantity: 3, selected: false }),
    ];
    // The line changed in one statement (its stock check with it); the cart listed.
    expect(updated[0]).toEqual({ n: 2, code: 0 });
    expect(statements[0]).toMatch(/^update "cart_lines"/);
    expect(updated[1]).toEqual(updated[0]);
    const substituted = await count(large.c, 'PUT', '/cart/update', {
      productID: extra.id,
      allowSubstitute: false,
    });
    expect(substituted).toEqual({ n: 2, code: 0 });
  });

  it('cart/add from twelve customers at once: at most one statement each (on PostgreSQL fewer), each answered for its own cart', async () => {
    const shoppers = await Promise.all(Array.from({ length: 12 }, () => shopper(1)));
    // Each session read once before, so the adds reach the cart at once.
    for (const { c } of shoppers) await count(c, 'GET', '/customer/me');
    const extra = await createProduct(t.database.db, { stock: 100 });
    statements.length = 0;
    counting = true;
    try {
      const answers = await Promise.all(
        shoppers.map(({ c }, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/v1/cart/add',
            headers: bearer(c.token),
            payload: { productID: extra.id, quantity: i + 1 },
          }),
        ),
      );
      expect(answers.map((res) => res.json<{ data: unknown }>().data)).toEqual(
        shoppers.map((_, i) => ({ productID: extra.id, quantity: i + 1, count: i + 2, lineCount: 2 })),
      );
    } finally {
      counting = false;
    }
    const inserts = statements.filter((s) => /^insert into "cart_lines"/.test(s));
    const batched = inserts.filter((s) => s.includes('unnest('));
    if (process.env.TEST_DB === 'postgres') {
      // Two ran alone (both slots were free) and the rest, waiting for a slot, went together (three inserts when
      // every request reaches the cart before the first answer; a loaded machine may split them a little more),
      // each batch reading its carts' lines once after its insert.
      expect(inserts.length).toBeLessThanOrEqual(6);
      expect(batched.length).toBeGreaterThan(0);
      expect(statements.filter((s) => /^select "cart_lines"."customer_id", json_agg/.test(s))).toHaveLength(
        batched.length,
      );
      expect(statements).toHaveLength(inserts.length + batched.length);
    } else {
      // On the embedded database each add goes alone (cart.service.ts, `batchAdds`).
      expect(statements).toHaveLength(12);
      expect(inserts).toHaveLength(12);
    }
  });

  it('cart/select-all and cart/delete send as many for ten lines as for one: the write, and the cart listed', async () => {
    const small = await shopper(1);
    const large = await shopper(10);
    const cleared = [
      await count(small.c, 'PUT', '/cart/select-all', { selected: false }),
      await count(large.c, 'PUT', '/cart/select-all', { selected: false }),
    ];
    expect(cleared[0]).toEqual({ n: 2, code: 0 });
    expect(statements[0]).toMatch(/^update "cart_lines"/);
    expect(cleared[1]).toEqual(cleared[0]);
    const deleted = [
      await count(small.c, 'DELETE', '/cart/delete', { productIDs: small.productIds }),
      await count(large.c, 'DELETE', '/cart/delete', { productIDs: large.productIds.slice(0, 5) }),
    ];
    expect(deleted[0]).toEqual({ n: 2, code: 0 });
    expect(statements[0]).toMatch(/^delete from "cart_lines"/);
    expect(deleted[1]).toEqual(deleted[0]);
  });

  it('delivery/windows: only the first listing writes; later ones read, as many for six templates as for two', async () => {
    // Regional windows, so the other tests' Sydney (metro) orders still need none.
    const c = await registerCustomer(t.app);
    const addressID = await addAddress(t.app, c, newcastleAddress);
    const template = (hour: number) => ({
      zone: 'regional' as const,
      startTime: `${String(hour).padStart(2, '0')}:00`,
      endTime: `${String(hour + 1).padStart(2, '0')}:00`,
      capacity: 10,
      cutoffMinutes: 60,
    });
    const listAgain = async () => {
      await count(c, 'GET', `/delivery/windows?addressID=${addressID}`);
      const n = await count(c, 'GET', `/delivery/windows?addressID=${addressID}`);
      const writes = statements.filter((q) => /^\s*(insert|update|delete)/i.test(q));
      return { n, writes };
    };
    await t.database.db.insert(deliveryWindowTemplates).values([template(8), template(9)]);
    const few = await listAgain();
    await t.database.db
      .insert(deliveryWindowTemplates)
      .values([template(10), template(11), template(12), template(13)]);
    const many = await listAgain();
    // The address's suburb; then the zone's templates, its windows and its closed days side by side (pipelined).
    expect(few.n).toEqual({ n: 4, code: 0 });
    expect(few.writes).toEqual([]);
    expect(many).toEqual(few);
  });

  it('order/create and order/cancel send as many for ten lines as for one', async () => {
    await ratesKept();
    const small = await shopper(1);
    const large = await shopper(10);
    const body = (addressID: number) => ({ addressID, shippingService: 'standard', useCredit: false });
    const created = [
      await count(small.c, 'POST', '/order/create', body(small.addressID)),
      await count(large.c, 'POST', '/order/create', body(large.addressID)),
    ];
    // Read, each statement planned for its values (planEachStatement): the cart locked with its coupon; the
    // customer's orders awaiting payment; the addresses with the delivery suburb; the selected lines with their
    // products locked; the zones with windows; the order's id (the rates are in memory). Written: the stock taken;
    // the lines off the cart; then, planned as usual (planAsUsual), the order, its lines, its first move (status
    // history); the mail (to the customer as the session knows them). The answer is what was written.
    expect(created[0]).toEqual({ n: 14, code: 0 });
    expect(created[1]).toEqual(created[0]);
    expectCheckoutPlanModes(statements);

    const smallOrder = await orderOf(small);
    const largeOrder = await orderOf(large);
    const cancelled = [
      await count(small.c, 'PUT', '/order/cancel', { orderID: smallOrder }),
      await count(large.c, 'PUT', '/order/cancel', { orderID: largeOrder }),
    ];
    // An unpaid order without credit spent, coupon or delivery window: its started payments (none here, so no
    // provider is asked); the order locked, cancelled, the move recorded, its lines, their stock back; whether a
    // payment is still undecided, and the mail (its customer read, an unsent "awaits payment" mail withdrawn, the
    // mail queued); the answer (the order, its lines, its moves). Nothing for a window, a coupon or credit it has
    // not got.
    expect(cancelled[0]).toEqual({ n: 13, code: 0 });
    expect(cancelled[1]).toEqual(cancelled[0]);
  });

  it('order/create booking a window, with and without store credit: the window in the reads, no round trip more', async () => {
    // Regional windows (Newcastle), as the listing test's: the other tests' Sydney orders still need none.
    await t.database.db.insert(deliveryWindowTemplates).values({
      zone: 'regional',
      startTime: '16:00',
      endTime: '18:00',
      capacity: 10,
      cutoffMinutes: 60,
    });
    await ratesKept();
    const ordered = async (useCredit: boolean) => {
      const { c } = await shopper(2);
      const addressID = await addAddress(t.app, c, newcastleAddress);
      if (useCredit) await giveCredit(t.database.db, c.user.customerID, 500);
      const listed = await t.app.inject({
        url: `/api/v1/delivery/windows?addressID=${addressID}`,
        headers: bearer(c.token),
      });
      const { data } = listed.json<{ data: DeliveryWindows }>();
      const window = data.days.flatMap((d) => d.windows).find((w) => !w.isFull);
      if (!window) throw new Error('no regional window is offered');
      const n = await count(c, 'POST', '/order/create', {
        addressID,
        deliveryWindowID: window.windowID,
        shippingService: 'standard',
        useCredit,
      });
      expectCheckoutPlanModes(statements);
      return { n, booked: statements.filter((q) => /^\s*update "delivery_windows"/i.test(q)).length };
    };
    // The reads of a courier order with, in their place of the zones with windows, the window's place taken (a
    // conditional update); with credit, the customer locked and their credit summed beside them, and its ledger
    // entry among the writes. Nothing is read again to book the window or hold the credit.
    expect(await ordered(false)).toEqual({ n: { n: 14, code: 0 }, booked: 1 });
    expect(await ordered(true)).toEqual({ n: { n: 17, code: 0 }, booked: 1 });
  });

  it('order/create takes the rates from memory until a change of them is announced, then reads them once', async () => {
    await ratesKept();
    const order = async () => {
      const { c, addressID } = await shopper(1);
      const body = { addressID, shippingService: 'standard', useCredit: false };
      return {
        n: await count(c, 'POST', '/order/create', body),
        read: statements.filter((q) => READS_RATES.test(q)),
      };
    };
    const kept = await order();
    expect(kept.read).toEqual([]);
    // Any change of the shipping tables, however made, is announced by their trigger on commit.
    await queryRows(
      t.database.db,
      sql`update shipping_zones set updated_at = now() where zone = 'interstate'`,
    );
    await t.app.shippingChangesHeard();
    const afterChange = await order();
    expect(afterChange.read).toHaveLength(1);
    expect(afterChange.n.n).toBe(kept.n.n + 1);
    expect((await order()).read).toEqual([]);
  });

  it('order/detail sends as many for ten lines as for one, and asks for no coupon or window it has not got', async () => {
    const small = await shopper(1);
    const large = await shopper(10);
    const details = [
      await count(small.c, 'GET', `/order/detail?orderID=${await orderOf(small)}`),
      await count(large.c, 'GET', `/order/detail?orderID=${await orderOf(large)}`),
    ];
    // The order, its lines, its moves, and, as it awaits payment, whether a provider is still deciding a payment for
    // it (asked beside the lines; a paid or closed order is not asked, and an unpaid one has no refunds to read).
    expect(details[0]).toEqual({ n: 4, code: 0 });
    expect(details[1]).toEqual(details[0]);
  });
});

/** A fresh order of the shopper's products (the cart is filled again), answering its id. */
async function orderOf(s: { c: Customer; addressID: number; productIds: number[] }): Promise<number> {
  for (const id of s.productIds) await addToCart(t.app, s.c, id);
  return (await placeOrder(t.app, s.c, { addressID: s.addressID })).orderID;
}

describe('password/forgot', () => {
  it('sends the same statements before answering whether or not the address has an account', async () => {
    const c = await registerCustomer(t.app);
    const answered = async (email: string) => {
      statements.length = 0;
      counting = true;
      try {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/password/forgot',
          payload: { email },
        });
        return { code: res.json<{ code: number }>().code, sent: [...statements] };
      } finally {
        counting = false;
      }
    };
    const known = await answered(c.email);
    await t.app.passwordResetLinksWritten();
    const unknown = await answered(`nobody-${randomBytes(4).toString('hex')}@example.com`);
    await t.app.passwordResetLinksWritten();
    expect(known.code).toBe(0);
    expect(unknown).toEqual(known);
    // The account is looked up only after the answer has gone.
    expect(known.sent.some((s) => /from "customers"/i.test(s))).toBe(false);
  });
});

import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CART_LINE_QUANTITY_MAX,
  CART_LINES_MAX,
  type CartList,
  type CartMergeResult,
} from '@storefront/contract/cart';
import { violatedConstraint } from '../../db/client.js';
import { cartLines, carts, coupons } from '../../db/schema/index.js';
import { addToCartsAtOnce } from './cart.repo.js';
import { bearer, registerCustomer } from '../../../test/factories.js';
import { createCoupon, createProduct, giveCoupon, updateProduct } from '../../../test/catalog-factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { DEMO_LOGIN, seedDemo } from '../../db/seed/demo.js';
import { seedDemoCoupons } from '../../db/seed/products.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(method: Method, url: string, token: string, payload?: object) {
  return t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });
}

async function cartOf(token: string): Promise<CartList> {
  const res = await call('GET', '/cart/list', token);
  expect(res.json().code).toBe(0);
  return res.json<{ data: CartList }>().data;
}

async function add(token: string, productID: number, quantity = 1) {
  return call('POST', '/cart/add', token, { productID, quantity });
}

async function lineRows(customerId: number) {
  return t.database.db.select().from(cartLines).where(eq(cartLines.customerId, customerId));
}

const db = () => t.database.db;

type Answer = Awaited<ReturnType<typeof call>>;

/**
 * Sends `request` while another connection holds row locks of the customer's (`lock`, a `for update` query), and
 * releases them after `beforeCommit` and longer than a pipelined statement waits for a lock (it is then run again
 * on the pool, after the listing sent behind it). Answers the request's reply.
 */
async function whileLocked(
  lock: 'carts' | 'cart_lines',
  customerId: number,
  request: () => Promise<Answer>,
  beforeCommit: (locker: pg.Client) => Promise<unknown> = async () => undefined,
): Promise<Answer> {
  const locker = new pg.Client({ connectionString: t.database.url });
  await locker.connect();
  try {
    await locker.query('begin');
    await locker.query(`select 1 from ${lock} where customer_id = $1 for update`, [customerId]);
    const answered = request();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await beforeCommit(locker);
    await locker.query('commit');
    return await answered;
  } finally {
    await locker.end();
  }
}

describe('cart/list', () => {
  it('answers an empty cart for a new customer', async () => {
    const c = await registerCustomer(t.app);
    expect(await cartOf(c.token)).toEqual({
      available: [],
      unavailable: [],
      subtotal: 0,
      count: 0,
      lineCount: 0,
      discount: 0,
      freeShipping: false,
      coupon: null,
      total: 0,
    });
  });

  it('needs a signed-in customer', async () => {
    const res = await t.app.inject({ url: '/api/v1/cart/list' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(100010);
  });

  it('totals only the selected available lines', async () => {
    const c = await registerCustomer(t.app);
    const apples = await createProduct(db(), { priceCents: 450, weightGrams: 1000 });
    const bread = await createProduct(db(), { priceCents: 600 });
    const gone = await createProduct(db(), { priceCents: 999 });
    await add(c.token, apples.id, 2);
    await add(c.token, bread.id, 1);
    await add(c.token, gone.id, 1);
    await updateProduct(db(), gone.id, { isActive: false });
    await call('PUT', '/cart/update', c.token, { productID: bread.id, selected: false });

    const cart = await cartOf(c.token);
    expect(cart.available.map((l) => [l.productID, l.quantity, l.selected, l.lineTotal])).toEqual(
      expect.arrayContaining([
        [apples.id, 2, true, 900],
        [bread.id, 1, false, 600],
      ]),
    );
    expect(cart.unavailable).toEqual([
      expect.objectContaining({ productID: gone.id, unavailableReason: 'inactive' }),
    ]);
    expect(cart).toMatchObject({ subtotal: 900, count: 2, lineCount: 3, discount: 0, total: 900 });
  });

  it('lists each line with its product as stored, newest first, its time to the millisecond', async () => {
    const c = await registerCustomer(t.app);
    const latest = await createProduct(db(), { priceCents: 250, name: 'Crème fraîche "double" 200ml' });
    const pair = [
      await createProduct(db(), { priceCents: 125 }),
      await createProduct(db(), { priceCents: 300 }),
    ];
    for (const p of [latest, ...pair]) await add(c.token, p.id, 2);
    // The pair at one instant written with Sydney's offset (16:04 UTC on 1 January), the other eleven hours later.
    const at = (iso: string) => sql`${iso}::timestamptz`;
    await db()
      .update(cartLines)
      .set({
        addedAt: sql`case ${cartLines.productId}
          when ${latest.id} then ${at('2026-01-02T03:04:05.678999Z')}
          else ${at('2026-01-02T03:04:06.001500+11:00')} end`,
      })
      .where(eq(cartLines.customerId, c.user.customerID));
    const [first, second] = pair.sort((a, b) => a.id - b.id);
    await call('PUT', '/cart/update', c.token, { productID: second?.id, allowSubstitute: false });

    const cart = await cartOf(c.token);
    expect(cart.available.map((l) => l.productID)).toEqual([latest.id, first?.id, second?.id]);
    expect(cart.available[0]).toMatchObject({
      name: 'Crème fraîche "double" 200ml',
      sku: latest.sku,
      imageUrl: latest.imageUrl,
      category: latest.category,
      price: 250,
      quantity: 2,
      selected: true,
      allowSubstitute: true,
      stock: latest.stock,
      weightGrams: latest.weightGrams,
      gstFree: latest.gstFree,
      addedAt: '2026-01-02T03:04:05.678Z',
    });
    expect(cart.available[2]).toMatchObject({ allowSubstitute: false, addedAt: '2026-01-01T16:04:06.001Z' });
  });

  it('moves a line to unavailable when the product is deactivated, runs out or drops below the quantity', async () => {
    const c = await registerCustomer(t.app);
    const a = await createProduct(db(), { stock: 5 });
    const b = await createProduct(db(), { stock: 5 });
    const d = await createProduct(db(), { stock: 5 });
    const kept = await createProduct(db(), { stock: 5, priceCents: 300 });
    for (const p of [a, b, d, kept]) await add(c.token, p.id, 3);
    await updateProduct(db(), a.id, { stock: 0 });
    await updateProduct(db(), b.id, { stock: 2 });
    await updateProduct(db(), d.id, { isActive: false });
    const cart = await cartOf(c.token);
    expect(cart.available.map((l) => l.productID)).toEqual([kept.id]);
    const reasons = Object.fromEntries(cart.unavailable.map((l) => [l.productID, l.unavailableReason]));
    expect(reasons).toEqual({ [a.id]: 'out_of_stock', [b.id]: 'not_enough_stock', [d.id]: 'inactive' });
    expect(cart.subtotal).toBe(900);
    expect(cart.count).toBe(3);
  });
});

describe('cart/add', () => {
  it('adds a line and merges a second add into it', async () => {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db(), { priceCents: 250 });
    const first = await add(c.token, p.id, 2);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ productID: p.id, quantity: 2, count: 2, lineCount: 1 });
    const second = await add(c.token, p.id, 3);
    expect(second.json().data).toEqual({ productID: p.id, quantity: 5, count: 5, lineCount: 1 });
    const cart = await cartOf(c.token);
    expect(cart).toMatchObject({ subtotal: 1250, count: 5, lineCount: 1 });
    expect(cart.available[0]).toMatchObject({ productID: p.id, quantity: 5, selected: true });
  });

  it("answers the cart's counts as the listing counts them: unticked and unavailable lines are not counted", async () => {
    const c = await registerCustomer(t.app);
    const product = () => createProduct(db(), { stock: 10 });
    const [unticked, soldOut, withdrawn, kept, added] = [
      await product(),
      await product(),
      await product(),
      await product(),
      await product(),
    ];
    for (const p of [unticked, soldOut, withdrawn, kept]) await add(c.token, p.id, 2);
    await call('PUT', '/cart/update', c.token, { productID: unticked.id, selected: false });
    await updateProduct(db(), soldOut.id, { stock: 1 });
    await updateProduct(db(), withdrawn.id, { isActive: false });
    const answer = (await add(c.token, added.id, 3)).json().data;
    const cart = await cartOf(c.token);
    expect(answer).toEqual({ productID: added.id, quantity: 3, count: 5, lineCount: 5 });
    expect(cart).toMatchObject({ count: answer.count, lineCount: answer.lineCount });
  });

  it('refuses more than the stock, counting what is already in the cart, and keeps the line as it was', async () => {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db(), { stock: 4 });
    await add(c.token, p.id, 3);
    const res = await add(c.token, p.id, 2);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 100401, data: null });
    expect(res.json().msg).toContain('Only 4');
    expect((await lineRows(c.user.customerID))[0]?.quantity).toBe(3);
  });

  it('refuses an out-of-stock product without writing a line', async () => {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db(), { stock: 0 });
    expect((await add(c.token, p.id)).json().code).toBe(100401);
    expect(await lineRows(c.user.customerID)).toEqual([]);
  });

  it('refuses an inactive product as unavailable', async () => {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db(), { isActive: false });
    expect((await add(c.token, p.id)).json().code).toBe(100402);
    expect(await lineRows(c.user.customerID)).toEqual([]);
  });

  it('answers an unknown product with 404 not found', async () => {
    const c = await registerCustomer(t.app);
    const res = await add(c.token, 2_000_000_000);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 100002, msg: 'No such product.' });
  });

  it('keeps a line at 99 at most', async () => {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db(), { stock: 500 });
    expect((await add(c.token, p.id, 98)).json().code).toBe(0);
    // A batch checks the limit itself, under the cart lock: up to 99 goes in.
    const batch = { items: [{ productID: p.id, quantity: 1 }] };
    expect((await call('POST', '/cart/add/batch', c.token, batch)).json().code).toBe(0);
    expect((await add(c.token, p.id, 1)).json().code).toBe(100409);
    expect((await lineRows(c.user.customerID))[0]?.quantity).toBe(99);
  });

  it.each([
    ['quantity', { quantity: 0 }],
    ['quantity', { quantity: 100 }],
    ['quantity', { quantity: 1.5 }],
    ['productID', { productID: -1 }],
    ['productID', { productID: 'abc' }],
  ])('answers bad %s with a 400 naming it and writes nothing', async (field, override) => {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db());
    const res = await call('POST', '/cart/add', c.token, { productID: p.id, quantity: 1, ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(100001);
    expect(res.json().data.fields.map((f: { field: string }) => f.field)).toContain(`body.${field}`);
    expect(await lineRows(c.user.customerID)).toEqual([]);
  });

  it('refuses unknown fields', async () => {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db());
    const res = await call('POST', '/cart/add', c.token, { productID: p.id, quantity: 1, customerID: 1 });
    expect(res.statusCode).toBe(400);
    expect(await lineRows(c.user.customerID)).toEqual([]);
  });

  it('counts all of 20 parallel adds of one product by one customer', async () => {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db(), { stock: 50 });
    const results = await Promise.all(Array.from({ length: 20 }, () => add(c.token, p.id, 1)));
    expect(results.map((r) => r.json().code)).toEqual(Array(20).fill(0));
    expect((await lineRows(c.user.customerID))[0]?.quantity).toBe(20);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    "an add held up by another writer's lock still answers the counts with the line it added",
    async () => {
      const c = await registerCustomer(t.app);
      const p = await createProduct(db(), { stock: 10 });
      await add(c.token, p.id, 1);
      // The add waits past the pipeline's patience and is run again on the pool.
      const res = await whileLocked('carts', c.user.customerID, () => add(c.token, p.id, 2));
      expect(res.json()).toMatchObject({
        code: 0,
        data: { productID: p.id, quantity: 3, count: 3, lineCount: 1 },
      });
    },
  );

  it.runIf(process.env.TEST_DB === 'postgres')(
    'an add that waited for another writer of the cart counts the line that writer added',
    async () => {
      const c = await registerCustomer(t.app);
      const [p, q] = [await createProduct(db(), { stock: 10 }), await createProduct(db(), { stock: 10 })];
      await add(c.token, p.id, 1);
      // The other writer adds its line after the add has started and waited: counted on the cart as the statement
      // started, the answer would miss it.
      const res = await whileLocked(
        'carts',
        c.user.customerID,
        () => add(c.token, p.id, 1),
        (locker) =>
          locker.query('insert into cart_lines (customer_id, product_id, quantity) values ($1, $2, 4)', [
            c.user.customerID,
            q.id,
          ]),
      );
      expect(res.json()).toMatchObject({
        code: 0,
        data: { productID: p.id, quantity: 2, count: 6, lineCount: 2 },
      });
    },
  );

  it('never lets parallel adds push a line past the stock', async () => {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db(), { stock: 7 });
    const results = await Promise.all(Array.from({ length: 12 }, () => add(c.token, p.id, 1)));
    const codes = results.map((r) => r.json().code);
    expect(codes.filter((code) => code === 0)).toHaveLength(7);
    expect(codes.filter((code) => code === 100401)).toHaveLength(5);
    expect((await lineRows(c.user.customerID))[0]?.quantity).toBe(7);
  });

  it('refuses a new line when the cart already holds 100 lines', async () => {
    const c = await registerCustomer(t.app);
    const items = [];
    for (let i = 0; i < 100; i += 1) items.push({ productID: (await createProduct(db())).id, quantity: 1 });
    expect((await call('POST', '/cart/add/batch', c.token, { items: items.slice(0, 50) })).json().code).toBe(
      0,
    );
    expect((await call('POST', '/cart/add/batch', c.token, { items: items.slice(50) })).json().code).toBe(0);
    const extra = await createProduct(db());
    expect((await add(c.token, extra.id)).json().code).toBe(100408);
    const first = items[0];
    if (!first) throw new Error('no items');
    expect((await add(c.token, first.productID)).json().code).toBe(0);
    const more = { items: [{ productID: first.productID, quantity: 1 }] };
    expect((await call('POST', '/cart/add/batch', c.token, more)).json().code).toBe(0);
  });

  it('an add the database fails for another reason answers that failure, not a full cart', async () => {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db());
    // Stands in for any other failure of the add's one statement (a lost connection, a timeout).
    await db().execute(
      sql.raw(`create function refuse_line_for_test() returns trigger language plpgsql as $$
        begin raise exception 'refused for the test'; end $$`),
    );
    await db().execute(
      sql.raw(`create trigger refuse_line_for_test before insert on cart_lines for each row
        when (new.product_id = ${p.id}) execute function refuse_line_for_test()`),
    );
    try {
      const res = await add(c.token, p.id);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: 100500, data: null });
    } finally {
      await db().execute(sql.raw('drop trigger refuse_line_for_test on cart_lines'));
      await db().execute(sql.raw('drop function refuse_line_for_test()'));
    }
    expect(await lineRows(c.user.customerID)).toEqual([]);
  });
});

describe('cart/add to several carts in one statement', () => {
  it("adds each customer's line, sums onto a line already there, and answers each cart's lines", async () => {
    const [a, b] = await Promise.all([registerCustomer(t.app), registerCustomer(t.app)]);
    const [p, q] = [await createProduct(db(), { stock: 10 }), await createProduct(db(), { stock: 10 })];
    await add(b.token, p.id, 3);
    await add(b.token, q.id, 1);
    const added = await addToCartsAtOnce(
      db(),
      [
        { customerId: a.user.customerID, productId: p.id, quantity: 2 },
        { customerId: b.user.customerID, productId: p.id, quantity: 4 },
      ],
      CART_LINE_QUANTITY_MAX,
    );
    const quantities = (id: number) =>
      Object.fromEntries((added.get(id) ?? []).map((l) => [l.productId, l.quantity]));
    expect(quantities(a.user.customerID)).toEqual({ [p.id]: 2 });
    expect(quantities(b.user.customerID)).toEqual({ [p.id]: 7, [q.id]: 1 });
    expect((await lineRows(a.user.customerID))[0]?.quantity).toBe(2);
  });

  it('leaves out of its answer, without writing, the adds refused: past the stock, the line cap, inactive or unknown', async () => {
    const customers = await Promise.all(Array.from({ length: 5 }, () => registerCustomer(t.app)));
    const [ok, low, inactive] = [
      await createProduct(db(), { stock: 10 }),
      await createProduct(db(), { stock: 2 }),
      await createProduct(db(), { isActive: false }),
    ];
    await add(customers[1]?.token ?? '', low.id, 2);
    const adds = [ok.id, low.id, inactive.id, 2_000_000_000, ok.id].map((productId, i) => ({
      customerId: customers[i]?.user.customerID ?? 0,
      productId,
      quantity: i === 4 ? CART_LINE_QUANTITY_MAX + 1 : 1,
    }));
    const added = await addToCartsAtOnce(db(), adds, CART_LINE_QUANTITY_MAX);
    expect([...added.keys()]).toEqual([customers[0]?.user.customerID]);
    expect((await lineRows(customers[1]?.user.customerID ?? 0))[0]?.quantity).toBe(2);
    for (const c of customers.slice(2)) expect(await lineRows(c.user.customerID)).toEqual([]);
  });
});

describe("a cart's line cap, kept by the database", () => {
  async function cartOfLines(n: number) {
    const c = await registerCustomer(t.app);
    const items = [];
    for (let i = 0; i < n; i += 1) items.push({ productID: (await createProduct(db())).id, quantity: 1 });
    for (let i = 0; i < n; i += 50) {
      const batch = { items: items.slice(i, i + 50) };
      expect((await call('POST', '/cart/add/batch', c.token, batch)).json().code).toBe(0);
    }
    return { c, productIds: items.map((i) => i.productID) };
  }

  it('lets exactly one of several parallel new lines into a cart one line short of full', async () => {
    const { c } = await cartOfLines(99);
    const extras = await Promise.all(Array.from({ length: 6 }, () => createProduct(db())));
    const codes = (await Promise.all(extras.map((p) => add(c.token, p.id)))).map((r) => r.json().code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === 100408)).toHaveLength(5);
    expect(await lineRows(c.user.customerID)).toHaveLength(100);
  });

  it('refuses a batch that would pass 100 lines, and adds none of it', async () => {
    const { c } = await cartOfLines(99);
    const extras = await Promise.all(Array.from({ length: 2 }, () => createProduct(db())));
    const res = await call('POST', '/cart/add/batch', c.token, {
      items: extras.map((p) => ({ productID: p.id, quantity: 1 })),
    });
    expect(res.json().code).toBe(100408);
    expect(await lineRows(c.user.customerID)).toHaveLength(99);
  });

  it("one statement adding to several carts, one of them full, fails as a whole and writes none of the others' lines", async () => {
    const { c: full } = await cartOfLines(100);
    const others = await Promise.all([registerCustomer(t.app), registerCustomer(t.app)]);
    const p = await createProduct(db(), { stock: 10 });
    const adds = [others[0], full, others[1]].map((c) => ({
      customerId: c.user.customerID,
      productId: p.id,
      quantity: 1,
    }));
    const refused = await addToCartsAtOnce(db(), adds, CART_LINE_QUANTITY_MAX).catch((err: unknown) => err);
    expect(violatedConstraint(refused)).toBe('cart_lines_cap');
    for (const c of others) expect(await lineRows(c.user.customerID)).toEqual([]);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'a full cart among adds from many customers at once is refused alone; every other add goes in',
    async () => {
      const { c: full } = await cartOfLines(100);
      const others = await Promise.all(Array.from({ length: 11 }, () => registerCustomer(t.app)));
      // The full cart's add in the middle: the first two run alone, the rest wait and go in batches.
      const customers = [...others.slice(0, 6), full, ...others.slice(6)];
      for (const c of customers) await cartOf(c.token);
      const p = await createProduct(db(), { stock: 100 });
      // The batch with the full cart in it is refused whole, and its adds are run again one by one.
      const answers = await Promise.all(customers.map((c) => add(c.token, p.id, 2)));
      expect(answers.map((res) => res.json().code)).toEqual(customers.map((c) => (c === full ? 100408 : 0)));
      for (const c of others) expect((await lineRows(c.user.customerID))[0]?.quantity).toBe(2);
      expect(await lineRows(full.user.customerID)).toHaveLength(100);
    },
  );

  it('refuses a 101st line written straight to the table, and still takes more of a line it holds', async () => {
    const { c, productIds } = await cartOfLines(100);
    const extra = await createProduct(db());
    const customerId = c.user.customerID;
    const refused = await db()
      .insert(cartLines)
      .values({ customerId, productId: extra.id, quantity: 1 })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(violatedConstraint(refused)).toBe('cart_lines_cap');
    const held = productIds[0] ?? 0;
    await db()
      .insert(cartLines)
      .values({ customerId, productId: held, quantity: 2 })
      .onConflictDoUpdate({
        target: [cartLines.customerId, cartLines.productId],
        set: { quantity: sql`${cartLines.quantity} + excluded.quantity` },
      });
    const rows = await lineRows(customerId);
    expect(rows).toHaveLength(CART_LINES_MAX);
    expect(rows.find((r) => r.productId === held)?.quantity).toBe(3);
  });
});

describe('cart/add/batch', () => {
  it('adds several products at once and sums repeated ones', async () => {
    const c = await registerCustomer(t.app);
    const a = await createProduct(db());
    const b = await createProduct(db());
    const res = await call('POST', '/cart/add/batch', c.token, {
      items: [
        { productID: a.id, quantity: 1 },
        { productID: b.id, quantity: 2 },
        { productID: a.id, quantity: 3 },
      ],
    });
    expect(res.json().code).toBe(0);
    const quantities = Object.fromEntries(
      res.json<{ data: CartList }>().data.available.map((l) => [l.productID, l.quantity]),
    );
    expect(quantities).toEqual({ [a.id]: 4, [b.id]: 2 });
  });

  it('adds nothing when one item cannot be added', async () => {
    const c = await registerCustomer(t.app);
    const a = await createProduct(db());
    const b = await createProduct(db(), { stock: 1 });
    const res = await call('POST', '/cart/add/batch', c.token, {
      items: [
        { productID: a.id, quantity: 1 },
        { productID: b.id, quantity: 2 },
      ],
    });
    expect(res.json().code).toBe(100401);
    expect(await lineRows(c.user.customerID)).toEqual([]);
  });

  it('answers an empty item list with a 400 naming it', async () => {
    const c = await registerCustomer(t.app);
    const res = await call('POST', '/cart/add/batch', c.token, { items: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields.map((f: { field: string }) => f.field)).toContain('body.items');
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'takes its products in id order, as a checkout locks them, so the two queue instead of deadlocking',
    async () => {
      const c = await registerCustomer(t.app);
      const low = await createProduct(db());
      const high = await createProduct(db());
      // Stands in for another customer's checkout, locking its products in id order.
      const checkout = new pg.Client({ connectionString: t.database.url });
      await checkout.connect();
      try {
        await checkout.query('begin');
        await checkout.query('select 1 from products where id = $1 for update', [low.id]);
        const items = [high, low].map((p) => ({ productID: p.id, quantity: 1 }));
        const batch = call('POST', '/cart/add/batch', c.token, { items });
        await new Promise((resolve) => setTimeout(resolve, 300));
        // Waiting for the lower product, the batch holds nothing of the higher one yet: the checkout takes it at
        // once (NOWAIT fails if it cannot), where a batch that had taken it first would deadlock with the checkout.
        await checkout.query('select 1 from products where id = $1 for update nowait', [high.id]);
        await checkout.query('commit');
        expect((await batch).json().code).toBe(0);
      } finally {
        await checkout.end();
      }
      expect((await lineRows(c.user.customerID)).map((l) => l.productId).sort()).toEqual(
        [low.id, high.id].sort(),
      );
    },
  );
});

describe('cart/merge', () => {
  function merge(token: string, items: object[], key?: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/merge',
      headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
      payload: { items },
    });
  }
  const resultOf = (res: { json: <T>() => T }) => res.json<{ code: number; data: CartMergeResult }>();

  it('adds a guest cart on top of the account’s, capped at stock, and says what became of each product', async () => {
    const c = await registerCustomer(t.app);
    const apples = await createProduct(db(), { stock: 10 });
    const bread = await createProduct(db(), { stock: 3 });
    const gone = await createProduct(db(), { isActive: false });
    const sold = await createProduct(db(), { stock: 0 });
    await add(c.token, bread.id, 2);

    const res = resultOf(
      await merge(c.token, [
        { productID: apples.id, quantity: 2 },
        { productID: bread.id, quantity: 4 },
        { productID: gone.id, quantity: 1 },
        { productID: sold.id, quantity: 1 },
        { productID: apples.id, quantity: 1 },
      ]),
    );
    expect(res.code).toBe(0);
    expect(res.data.added).toBe(4);
    expect(res.data.lines).toEqual([
      expect.objectContaining({ productID: apples.id, asked: 3, added: 3, reason: null }),
      expect.objectContaining({ productID: bread.id, asked: 4, added: 1, reason: 'capped' }),
      expect.objectContaining({ productID: gone.id, asked: 1, added: 0, reason: 'unavailable' }),
      expect.objectContaining({ productID: sold.id, asked: 1, added: 0, reason: 'out_of_stock' }),
    ]);
    const quantities = Object.fromEntries(res.data.cart.available.map((l) => [l.productID, l.quantity]));
    expect(quantities).toEqual({ [apples.id]: 3, [bread.id]: 3 });
  });

  it('answers an unknown product as unavailable without failing the rest', async () => {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db());
    const res = resultOf(
      await merge(c.token, [
        { productID: p.id, quantity: 1 },
        { productID: 2_000_000_000, quantity: 1 },
      ]),
    );
    expect(res.data.lines.map((l) => [l.productID, l.added, l.reason])).toEqual([
      [p.id, 1, null],
      [2_000_000_000, 0, 'unavailable'],
    ]);
  });

  it('two merges of one guest cart at once with one key add once and answer alike', async () => {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db(), { stock: 50 });
    const items = [{ productID: p.id, quantity: 2 }];
    const [a, b] = await Promise.all([merge(c.token, items, 'guest-1'), merge(c.token, items, 'guest-1')]);
    expect([resultOf(a).code, resultOf(b).code]).toEqual([0, 0]);
    expect(resultOf(a).data.lines).toEqual(resultOf(b).data.lines);
    expect((await lineRows(c.user.customerID))[0]?.quantity).toBe(2);
    expect(resultOf(await merge(c.token, items, 'guest-1')).data.cart.count).toBe(2);
  });

  it('two merges at once with different keys never pass the stock', async () => {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db(), { stock: 5 });
    const items = [{ productID: p.id, quantity: 4 }];
    const results = await Promise.all([merge(c.token, items, 'tab-a'), merge(c.token, items, 'tab-b')]);
    expect(results.map((r) => resultOf(r).data.added).sort()).toEqual([1, 4]);
    expect((await lineRows(c.user.customerID))[0]?.quantity).toBe(5);
  });

  it('refuses a key reused for another guest cart', async () => {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db());
    await merge(c.token, [{ productID: p.id, quantity: 1 }], 'k');
    const res = await merge(c.token, [{ productID: p.id, quantity: 2 }], 'k');
    expect([res.statusCode, resultOf(res).code]).toEqual([409, 100005]);
    expect((await lineRows(c.user.customerID))[0]?.quantity).toBe(1);
  });

  it('keeps keys per customer: another customer’s merge with the same key is their own', async () => {
    const a = await registerCustomer(t.app);
    const b = await registerCustomer(t.app);
    const p = await createProduct(db(), { stock: 10 });
    const items = [{ productID: p.id, quantity: 1 }];
    await merge(a.token, items, 'shared');
    expect(resultOf(await merge(b.token, items, 'shared')).data.added).toBe(1);
    expect((await lineRows(a.user.customerID))[0]?.quantity).toBe(1);
    expect((await lineRows(b.user.customerID))[0]?.quantity).toBe(1);
  });

  it.each([
    ['an empty list', { items: [] }, 'body.items'],
    ['a zero quantity', { items: [{ productID: 1, quantity: 0 }] }, 'body.items.0.quantity'],
    [
      'more lines than a cart holds',
      { items: Array.from({ length: 101 }, (_, i) => ({ productID: i + 1, quantity: 1 })) },
      'body.items',
    ],
    ['an unknown field', { items: [{ productID: 1, quantity: 1, price: 5 }] }, 'body.items.0'],
  ])('answers %s with a 400 naming the field', async (_, payload, field) => {
    const c = await registerCustomer(t.app);
    const res = await call('POST', '/cart/merge', c.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields.map((f: { field: string }) => f.field)).toContain(field);
  });

  it('needs a signed-in customer', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/cart/merge', payload: { items: [] } });
    expect(res.statusCode).toBe(401);
  });
});

describe('cart/update, select-all and delete', () => {
  it('changes the quantity within stock and refuses more', async () => {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db(), { stock: 6 });
    await add(c.token, p.id, 1);
    const ok = await call('PUT', '/cart/update', c.token, { productID: p.id, quantity: 6 });
    expect(ok.json().data.available[0].quantity).toBe(6);
    const tooMany = await call('PUT', '/cart/update', c.token, { productID: p.id, quantity: 7 });
    expect(tooMany.json().code).toBe(100401);
    expect((await lineRows(c.user.customerID))[0]?.quantity).toBe(6);
  });

  it('a line whose stock fell below it can still be unticked, or sent back unchanged, but not raised', async () => {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db(), { stock: 10 });
    await add(c.token, p.id, 4);
    await updateProduct(db(), p.id, { stock: 2 });
    const unticked = await call('PUT', '/cart/update', c.token, { productID: p.id, selected: false });
    expect(unticked.json().code).toBe(0);
    const same = await call('PUT', '/cart/update', c.token, { productID: p.id, quantity: 4, selected: true });
    expect(same.json().code).toBe(0);
    const raised = await call('PUT', '/cart/update', c.token, { productID: p.id, quantity: 5 });
    expect(raised.json().code).toBe(100401);
    expect((await lineRows(c.user.customerID))[0]).toMatchObject({ quantity: 4, selected: true });
  });

  it('a line whose product was withdrawn can be unticked but not raised', async () => {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db(), { stock: 10 });
    await add(c.token, p.id, 2);
    await updateProduct(db(), p.id, { isActive: false });
    const raised = await call('PUT', '/cart/update', c.token, { productID: p.id, quantity: 3 });
    expect(raised.json().code).toBe(100402);
    const unticked = await call('PUT', '/cart/update', c.token, { productID: p.id, selected: false });
    expect(unticked.json().code).toBe(0);
    expect((await lineRows(c.user.customerID))[0]).toMatchObject({ quantity: 2, selected: false });
  });

  it('answers a product not in the cart, or in another customer’s cart, as not found', async () => {
    const owner = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    const p = await createProduct(db());
    await add(owner.token, p.id, 2);
    const res = await call('PUT', '/cart/update', other.token, { productID: p.id, quantity: 5 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 100002, msg: 'That product is not in the cart.' });
    expect((await lineRows(owner.user.customerID))[0]?.quantity).toBe(2);
  });

  it('a line allows a substitute until the customer says not, and adding more of it keeps the choice', async () => {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db(), { stock: 10 });
    await add(c.token, p.id, 2);
    expect((await cartOf(c.token)).available[0]?.allowSubstitute).toBe(true);
    const refused = await call('PUT', '/cart/update', c.token, { productID: p.id, allowSubstitute: false });
    expect(refused.json().data.available[0]).toMatchObject({
      allowSubstitute: false,
      quantity: 2,
      selected: true,
    });
    await add(c.token, p.id, 1);
    expect((await lineRows(c.user.customerID))[0]).toMatchObject({ quantity: 3, allowSubstitute: false });
    const allowed = await call('PUT', '/cart/update', c.token, { productID: p.id, allowSubstitute: true });
    expect(allowed.json().data.available[0]).toMatchObject({ allowSubstitute: true, quantity: 3 });
  });

  it('a line out of stock can still have its substitute choice changed', async () => {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db(), { stock: 10 });
    await add(c.token, p.id, 4);
    await updateProduct(db(), p.id, { stock: 0 });
    const res = await call('PUT', '/cart/update', c.token, { productID: p.id, allowSubstitute: false });
    expect(res.json().code).toBe(0);
    expect(res.json().data.unavailable[0]).toMatchObject({ allowSubstitute: false, quantity: 4 });
  });

  it('answers a substitute choice that is not true or false with a 400 naming it', async () => {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db());
    await add(c.token, p.id);
    const res = await call('PUT', '/cart/update', c.token, { productID: p.id, allowSubstitute: 'no' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields.map((f: { field: string }) => f.field)).toEqual(['body.allowSubstitute']);
    expect((await lineRows(c.user.customerID))[0]?.allowSubstitute).toBe(true);
  });

  it('answers an update with none of quantity, selected and allowSubstitute with a 400', async () => {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db());
    await add(c.token, p.id);
    const res = await call('PUT', '/cart/update', c.token, { productID: p.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields.map((f: { field: string }) => f.field)).toContain('body.quantity');
  });

  it('selects and clears every line', async () => {
    const c = await registerCustomer(t.app);
    const a = await createProduct(db(), { priceCents: 100 });
    const b = await createProduct(db(), { priceCents: 200 });
    await add(c.token, a.id);
    await add(c.token, b.id);
    const none = await call('PUT', '/cart/select-all', c.token, { selected: false });
    expect(none.json().data).toMatchObject({ subtotal: 0, count: 0 });
    const all = await call('PUT', '/cart/select-all', c.token, { selected: true });
    expect(all.json().data).toMatchObject({ subtotal: 300, count: 2 });
    const bad = await call('PUT', '/cart/select-all', c.token, { selected: 'yes' });
    expect(bad.statusCode).toBe(400);
  });

  it('deletes the given products from the caller’s cart only', async () => {
    const owner = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    const a = await createProduct(db());
    const b = await createProduct(db());
    await add(owner.token, a.id);
    await add(owner.token, b.id);
    await add(other.token, a.id);
    const res = await call('DELETE', '/cart/delete', owner.token, { productIDs: [a.id] });
    expect(res.json().data.available.map((l: { productID: number }) => l.productID)).toEqual([b.id]);
    expect(await lineRows(other.user.customerID)).toHaveLength(1);
    const bad = await call('DELETE', '/cart/delete', owner.token, { productIDs: [] });
    expect(bad.statusCode).toBe(400);
    expect(await lineRows(owner.user.customerID)).toHaveLength(1);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    "a select-all, delete or update held up by another writer's lock answers the cart as it left it",
    async () => {
      // Held up, each write runs after the listing sent behind it, so the listing shows the cart from before the
      // write; every step changes something that listing would show otherwise, and the answer must not.
      const c = await registerCustomer(t.app);
      const a = await createProduct(db(), { priceCents: 100 });
      const b = await createProduct(db(), { priceCents: 200 });
      await add(c.token, a.id);
      await add(c.token, b.id);
      const lines = (cart: CartList) =>
        cart.available.map((l) => ({
          id: l.productID,
          quantity: l.quantity,
          selected: l.selected,
          allowSubstitute: l.allowSubstitute,
        }));
      const heldUp = async (change: () => Promise<Answer>) => {
        const answer = (await whileLocked('cart_lines', c.user.customerID, change)).json<{
          code: number;
          data: CartList;
        }>();
        expect(answer.code).toBe(0);
        return lines(answer.data);
      };
      const update = (body: object) => () => call('PUT', '/cart/update', c.token, body);

      // One line already unticked: the other one is what the select-all changes.
      expect((await update({ productID: a.id, selected: false })()).json().code).toBe(0);
      expect(await heldUp(() => call('PUT', '/cart/select-all', c.token, { selected: false }))).toEqual([
        { id: b.id, quantity: 1, selected: false, allowSubstitute: true },
        { id: a.id, quantity: 1, selected: false, allowSubstitute: true },
      ]);
      // b (listed first, newest) already holds what a is changed to.
      expect((await update({ productID: b.id, quantity: 3 })()).json().code).toBe(0);
      expect(await heldUp(update({ productID: a.id, quantity: 3 }))).toEqual([
        { id: b.id, quantity: 3, selected: false, allowSubstitute: true },
        { id: a.id, quantity: 3, selected: false, allowSubstitute: true },
      ]);
      expect(await heldUp(update({ productID: a.id, selected: true }))).toContainEqual({
        id: a.id,
        quantity: 3,
        selected: true,
        allowSubstitute: true,
      });
      expect(await heldUp(update({ productID: a.id, allowSubstitute: false }))).toContainEqual({
        id: a.id,
        quantity: 3,
        selected: true,
        allowSubstitute: false,
      });
      expect(await heldUp(() => call('DELETE', '/cart/delete', c.token, { productIDs: [a.id] }))).toEqual([
        { id: b.id, quantity: 3, selected: false, allowSubstitute: true },
      ]);
    },
  );

  it.runIf(process.env.TEST_DB === 'postgres')(
    'a raise past the stock, held up while the stock is topped up, takes the stock as it is by then',
    async () => {
      const c = await registerCustomer(t.app);
      const p = await createProduct(db(), { stock: 3 });
      await add(c.token, p.id);
      const answered = await whileLocked(
        'carts',
        c.user.customerID,
        () => call('PUT', '/cart/update', c.token, { productID: p.id, quantity: 5 }),
        (restock) => restock.query('update products set stock = 10 where id = $1', [p.id]),
      );
      expect(answered.json()).toMatchObject({ code: 0 });
      expect((await lineRows(c.user.customerID)).map((l) => l.quantity)).toEqual([5]);
    },
  );

  it.runIf(process.env.TEST_DB === 'postgres')(
    'an update that comes while a checkout holds the cart waits for it, and is not lost to it',
    async () => {
      const c = await registerCustomer(t.app);
      const p = await createProduct(db(), { stock: 10 });
      await add(c.token, p.id, 2);
      // Stands in for a checkout: the cart locked, its lines read (no row lock), then the ordered lines deleted.
      const answered = await whileLocked(
        'carts',
        c.user.customerID,
        () => call('PUT', '/cart/update', c.token, { productID: p.id, quantity: 5 }),
        (checkout) => checkout.query('delete from cart_lines where customer_id = $1', [c.user.customerID]),
      );
      // Not "5 in the cart" for a line the checkout then took away: the line is gone, and the answer says so.
      expect(answered.json()).toMatchObject({ code: 100002 });
      expect(await lineRows(c.user.customerID)).toEqual([]);
    },
  );
});

describe('cart/compare', () => {
  it('refuses a snapshot naming one product twice, naming the items', async () => {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db(), { priceCents: 150 });
    const res = await call('POST', '/cart/compare', c.token, {
      items: [
        { productID: p.id, quantity: 1, price: 150 },
        { productID: p.id, quantity: 2, price: 150 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 100001, data: { fields: [{ field: 'body.items' }] } });
  });

  it('reports changed prices, low stock, unavailable, removed and added lines', async () => {
    const c = await registerCustomer(t.app);
    const same = await createProduct(db(), { priceCents: 100 });
    const pricey = await createProduct(db(), { priceCents: 200 });
    const low = await createProduct(db(), { stock: 10 });
    const off = await createProduct(db());
    const removed = await createProduct(db(), { priceCents: 300 });
    const extra = await createProduct(db());
    for (const p of [same, pricey, low, off, extra]) await add(c.token, p.id, 3);
    await updateProduct(db(), pricey.id, { priceCents: 250 });
    await updateProduct(db(), low.id, { stock: 2 });
    await updateProduct(db(), off.id, { isActive: false });

    const res = await call('POST', '/cart/compare', c.token, {
      items: [same, pricey, low, off, removed].map((p) => ({
        productID: p.id,
        quantity: 3,
        price: p.priceCents,
      })),
    });
    expect(res.statusCode).toBe(200);
    const byId = Object.fromEntries(
      res.json().data.lines.map((l: { productID: number; changes: string[] }) => [l.productID, l.changes]),
    );
    expect(res.json().data.hasChanges).toBe(true);
    expect(byId).toEqual({
      [pricey.id]: ['price_changed'],
      [low.id]: ['stock_low'],
      [off.id]: ['unavailable'],
      [removed.id]: ['removed'],
      [extra.id]: ['added'],
    });
    const priceLine = res.json().data.lines.find((l: { productID: number }) => l.productID === pricey.id);
    expect(priceLine).toMatchObject({ oldPrice: 200, newPrice: 250 });
  });

  it('tells each line in full: a removed product as it is now, a changed quantity', async () => {
    const c = await registerCustomer(t.app);
    const kept = await createProduct(db(), { priceCents: 150, stock: 40, name: 'Kept tea' });
    const removed = await createProduct(db(), { priceCents: 300, stock: 7, name: 'Removed honey' });
    await add(c.token, kept.id, 4);
    const res = await call('POST', '/cart/compare', c.token, {
      items: [
        { productID: kept.id, quantity: 2, price: 150 },
        { productID: removed.id, quantity: 1, price: 280 },
      ],
    });
    expect(res.json().data).toEqual({
      hasChanges: true,
      lines: [
        {
          productID: kept.id,
          name: 'Kept tea',
          changes: ['quantity_changed'],
          oldPrice: 150,
          newPrice: 150,
          oldQuantity: 2,
          newQuantity: 4,
          stock: 40,
        },
        {
          productID: removed.id,
          name: 'Removed honey',
          changes: ['removed'],
          oldPrice: 280,
          newPrice: 300,
          oldQuantity: 1,
          newQuantity: null,
          stock: 7,
        },
      ],
    });
  });

  it('a snapshot naming a product the shop never had answers it as removed, with nothing known of it', async () => {
    const c = await registerCustomer(t.app);
    const res = await call('POST', '/cart/compare', c.token, {
      items: [{ productID: 2_000_000_000, quantity: 1, price: 100 }],
    });
    expect(res.json().data.lines).toEqual([
      {
        productID: 2_000_000_000,
        name: null,
        changes: ['removed'],
        oldPrice: 100,
        newPrice: null,
        oldQuantity: 1,
        newQuantity: null,
        stock: null,
      },
    ]);
  });

  it('answers no changes for an up-to-date snapshot and 400 for a negative price', async () => {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db(), { priceCents: 120 });
    await add(c.token, p.id, 2);
    const res = await call('POST', '/cart/compare', c.token, {
      items: [{ productID: p.id, quantity: 2, price: 120 }],
    });
    expect(res.json().data).toEqual({ hasChanges: false, lines: [] });
    const bad = await call('POST', '/cart/compare', c.token, {
      items: [{ productID: p.id, quantity: 2, price: -1 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields[0].field).toBe('body.items.0.price');
  });
});

describe('cart/apply-discount', () => {
  async function cartWorth(cents: number) {
    const c = await registerCustomer(t.app);
    const p = await createProduct(db(), { priceCents: cents, stock: 20 });
    await add(c.token, p.id, 1);
    return { ...c, product: p };
  }

  const apply = (token: string, code: string | null) => call('POST', '/cart/apply-discount', token, { code });

  it('takes a percentage off the selected subtotal', async () => {
    const c = await cartWorth(5000);
    const coupon = await createCoupon(
      db(),
      { kind: 'percent', value: 10, minSpendCents: 3000 },
      t.clock.now(),
    );
    const res = await apply(c.token, coupon.code.toLowerCase());
    expect(res.json().data).toMatchObject({
      subtotal: 5000,
      discount: 500,
      total: 4500,
      coupon: { code: coupon.code, isApplicable: true, problemCode: null },
    });
    const [row] = await db().select().from(carts).where(eq(carts.customerId, c.user.customerID));
    expect(row?.couponId).toBe(coupon.id);
  });

  it('takes a fixed amount off, never more than the subtotal', async () => {
    const c = await cartWorth(300);
    const coupon = await createCoupon(db(), { kind: 'fixed', value: 500 }, t.clock.now());
    expect((await apply(c.token, coupon.code)).json().data).toMatchObject({ discount: 300, total: 0 });
  });

  it('marks a free-shipping coupon without taking money off the goods', async () => {
    const c = await cartWorth(2000);
    const coupon = await createCoupon(db(), { kind: 'free_shipping', value: 0 }, t.clock.now());
    expect((await apply(c.token, coupon.code)).json().data).toMatchObject({
      discount: 0,
      freeShipping: true,
      total: 2000,
    });
  });

  it('refuses an unknown code', async () => {
    const c = await cartWorth(2000);
    expect((await apply(c.token, 'NO-SUCH-CODE')).json()).toMatchObject({ code: 100403, data: null });
  });

  it('refuses an expired code and one not started yet, and stores neither', async () => {
    const c = await cartWorth(2000);
    const now = t.clock.now().getTime();
    const expired = await createCoupon(db(), {
      startsAt: new Date(now - 10e8),
      endsAt: new Date(now - 1000),
    });
    const future = await createCoupon(db(), { startsAt: new Date(now + 10e8), endsAt: new Date(now + 20e8) });
    expect((await apply(c.token, expired.code)).json().code).toBe(100404);
    expect((await apply(c.token, future.code)).json().code).toBe(100407);
    expect((await cartOf(c.token)).coupon).toBeNull();
  });

  it('refuses a code below its minimum spend over the selected lines, saying the minimum', async () => {
    const c = await cartWorth(2000);
    const coupon = await createCoupon(db(), { minSpendCents: 3000 }, t.clock.now());
    expect((await apply(c.token, coupon.code)).json()).toMatchObject({
      code: 100405,
      msg: 'That code needs a cart of $30.00 or more.',
    });
  });

  it('refuses a code used up across all customers', async () => {
    const c = await cartWorth(2000);
    const coupon = await createCoupon(db(), { usageLimit: 5, usedCount: 5 }, t.clock.now());
    expect((await apply(c.token, coupon.code)).json().code).toBe(100406);
  });

  it('refuses a code this customer has used as often as allowed, but not for another customer', async () => {
    const c = await cartWorth(2000);
    const fresh = await cartWorth(2000);
    const coupon = await createCoupon(db(), { perCustomerLimit: 2 }, t.clock.now());
    await giveCoupon(db(), c.user.customerID, coupon.id, 2);
    await giveCoupon(db(), fresh.user.customerID, coupon.id, 1);
    expect((await apply(c.token, coupon.code)).json().code).toBe(100406);
    expect((await apply(fresh.token, coupon.code)).json().code).toBe(0);
  });

  it('removes the coupon with null or an empty code', async () => {
    const c = await cartWorth(2000);
    const coupon = await createCoupon(db(), {}, t.clock.now());
    await apply(c.token, coupon.code);
    expect((await apply(c.token, null)).json().data).toMatchObject({ coupon: null, discount: 0 });
    await apply(c.token, coupon.code);
    expect((await apply(c.token, '')).json().data.coupon).toBeNull();
  });

  it('keeps an applied coupon that stops applying and says why instead of failing', async () => {
    const c = await cartWorth(5000);
    const coupon = await createCoupon(db(), { minSpendCents: 4000 }, t.clock.now());
    expect((await apply(c.token, coupon.code)).json().data.discount).toBe(500);
    await call('PUT', '/cart/update', c.token, { productID: c.product.id, selected: false });
    const cart = await cartOf(c.token);
    expect(cart).toMatchObject({ subtotal: 0, discount: 0, total: 0 });
    expect(cart.coupon).toMatchObject({ code: coupon.code, isApplicable: false, problemCode: 100405 });

    await call('PUT', '/cart/update', c.token, { productID: c.product.id, selected: true });
    await db()
      .update(coupons)
      .set({ endsAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(coupons.id, coupon.id));
    expect((await cartOf(c.token)).coupon).toMatchObject({ isApplicable: false, problemCode: 100404 });
  });

  it('answers another customer applying a personal code exactly like an unknown code, and leaves the cart as it was', async () => {
    const holder = await cartWorth(2000);
    const other = await cartWorth(2000);
    const personal = await createCoupon(db(), { isPersonal: true }, t.clock.now());
    await giveCoupon(db(), holder.user.customerID, personal.id);
    const before = await cartOf(other.token);

    const refused = await apply(other.token, personal.code);
    const unknown = await apply(other.token, 'NO-SUCH-CODE');
    expect(refused.json()).toEqual(unknown.json());
    expect(refused.json()).toMatchObject({ code: 100403, data: null });
    expect(await cartOf(other.token)).toEqual(before);
    const [row] = await db().select().from(carts).where(eq(carts.customerId, other.user.customerID));
    expect(row?.couponId ?? null).toBeNull();
  });

  it('answers a non-holder like an unknown code even when the personal code has expired', async () => {
    const other = await cartWorth(2000);
    const now = t.clock.now().getTime();
    const ended = await createCoupon(db(), {
      isPersonal: true,
      startsAt: new Date(now - 10e8),
      endsAt: new Date(now - 1000),
    });
    expect((await apply(other.token, ended.code)).json().code).toBe(100403);
  });

  it('lets the holder of a personal code apply it', async () => {
    const holder = await cartWorth(2000);
    const personal = await createCoupon(db(), { isPersonal: true, kind: 'fixed', value: 300 }, t.clock.now());
    await giveCoupon(db(), holder.user.customerID, personal.id);
    expect((await apply(holder.token, personal.code)).json().data).toMatchObject({
      discount: 300,
      total: 1700,
      coupon: { code: personal.code, isApplicable: true },
    });
  });

  it('gives no discount for a personal coupon that sits on the cart of a customer who does not hold it', async () => {
    const other = await cartWorth(2000);
    const personal = await createCoupon(db(), { isPersonal: true, kind: 'fixed', value: 300 }, t.clock.now());
    await db()
      .update(carts)
      .set({ couponId: personal.id })
      .where(eq(carts.customerId, other.user.customerID));
    const cart = await cartOf(other.token);
    expect(cart).toMatchObject({ subtotal: 2000, discount: 0, total: 2000 });
    expect(cart.coupon).toMatchObject({ isApplicable: false, problemCode: 100403 });
  });

  it('lets any customer apply a public code that is in nobody’s wallet', async () => {
    const first = await cartWorth(2000);
    const second = await cartWorth(2000);
    const code = await createCoupon(db(), { kind: 'fixed', value: 200 }, t.clock.now());
    expect((await apply(first.token, code.code)).json().data).toMatchObject({ discount: 200 });
    expect((await apply(second.token, code.code)).json().data).toMatchObject({ discount: 200 });
  });

  it('answers a code that is too long with a 400 naming it', async () => {
    const c = await cartWorth(2000);
    const res = await apply(c.token, 'X'.repeat(41));
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields[0].field).toBe('body.code');
    const [row] = await db().select().from(carts).where(eq(carts.customerId, c.user.customerID));
    expect(row?.couponId ?? null).toBeNull();
  });
});

describe('demo coupons', () => {
  it('FREESHIP works only for the demo customer whose wallet holds it; WELCOME10 and SAVE5 for anyone', async () => {
    await seedDemo(db(), 10);
    await seedDemoCoupons(db(), t.clock.now());
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: DEMO_LOGIN });
    const demoToken = login.headers.authorization;
    if (typeof demoToken !== 'string') throw new Error(`login failed: ${login.body}`);
    const stranger = await registerCustomer(t.app);
    const p = await createProduct(db(), { priceCents: 5000 });
    for (const token of [demoToken, stranger.token]) expect((await add(token, p.id)).json().code).toBe(0);
    const apply = (token: string, code: string) => call('POST', '/cart/apply-discount', token, { code });

    expect((await apply(demoToken, 'FREESHIP')).json().data).toMatchObject({ freeShipping: true });
    expect((await apply(stranger.token, 'FREESHIP')).json().code).toBe(100403);
    for (const code of ['WELCOME10', 'SAVE5']) {
      expect((await apply(stranger.token, code)).json().data.coupon).toMatchObject({
        code,
        isApplicable: true,
      });
      expect((await apply(demoToken, code)).json().data.coupon).toMatchObject({ code, isApplicable: true });
    }
  });

  it('seeding again marks FREESHIP personal in a demo database made before coupons could be personal', async () => {
    await seedDemoCoupons(db(), t.clock.now());
    const freeship = sql`upper(${coupons.code}) = 'FREESHIP'`;
    await db().update(coupons).set({ isPersonal: false }).where(freeship);
    await seedDemoCoupons(db(), t.clock.now());
    const rows = await db().select({ code: coupons.code, isPersonal: coupons.isPersonal }).from(coupons);
    const demo = rows.filter((r) => ['WELCOME10', 'SAVE5', 'FREESHIP', 'EXPIRED20'].includes(r.code));
    expect(demo.sort((a, b) => a.code.localeCompare(b.code))).toEqual([
      { code: 'EXPIRED20', isPersonal: false },
      { code: 'FREESHIP', isPersonal: true },
      { code: 'SAVE5', isPersonal: false },
      { code: 'WELCOME10', isPersonal: false },
    ]);
  });
});

/**
 * Writes that can race, run at once, with the store's invariants checked in SQL afterwards. Races tested elsewhere
 * and not repeated here:
 * - the last unit, two checkouts: order.test.ts 'lets only one of two parallel checkouts of the last unit win'
 * - two cancels of one paid order (stock and refund): order.test.ts 'refunds once when two cancels race'
 * - one voucher redeemed by 20 customers at once: wallet.test.ts 'a voucher redeemed 20 times at once credits once'
 * - parallel cart/add merging and the stock cap: cart.test.ts 'counts all of 20 parallel adds of one product by one
 *   customer' and 'never lets parallel adds push a line past the stock'; across two instances: two-processes.test.ts
 *   'parallel adds of one product through both instances all count and never pass stock'
 * - parallel first address/add: address.test.ts 'parallel first addresses still leave exactly one default of each
 *   kind'
 * - one email registered at once: account.test.ts 'lets exactly one of several simultaneous registrations of one
 *   email win'; across two instances: two-processes.test.ts 'one email registered at once through both'
 * - parallel renewals of one token: account.test.ts 'parallel requests past half-life renew the token once'
 * - parallel sign-in and password attempts against the throttles: rate-limits.test.ts
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartList } from '@storefront/contract/cart';
import type { ShippingQuote } from '@storefront/contract/shipping';
import type { Credits } from '@storefront/contract/wallet';
import { errorCatalogue } from '@storefront/contract/errors';
import type { App } from '../app.js';
import { openPostgres, type Database, type Executor } from '../db/client.js';
import {
  addresses,
  cartLines,
  carts,
  coupons,
  customerCoupons,
  orders,
  products,
  wishlistItems,
} from '../db/schema/index.js';
import { createCoupon, createProduct, giveCredit, type ProductRow } from '../../test/catalog-factories.js';
import { queryRows } from '../../test/customer-rows.js';
import {
  addAddress,
  addToCart,
  bearer,
  placeOrder,
  registerCustomer,
  sydneyAddress,
  type Customer,
} from '../../test/factories.js';
import { createTestApp, openTestDatabase, type TestApp } from '../../test/test-app.js';

const {
  NOT_FOUND,
  NOT_ENOUGH_STOCK,
  COUPON_USED_UP,
  CART_EMPTY,
  ORDER_NOT_CANCELLABLE,
  ORDER_TOTAL_CHANGED,
} = errorCatalogue;

type Shopper = { c: Customer; addressID: number };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

function call(
  app: App,
  c: Customer,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(c.token),
    ...(payload ? { payload } : {}),
  });
}

async function shopper(app: App = t.app): Promise<Shopper> {
  const c = await registerCustomer(app);
  return { c, addressID: await addAddress(app, c) };
}

function checkout(app: App, s: Shopper, extra: object = {}) {
  return call(app, s.c, 'POST', '/order/create', {
    addressID: s.addressID,
    shippingService: 'standard',
    useCredit: false,
    ...extra,
  });
}

/** The total the cart page shows for standard shipping to the shopper's address. */
async function shownTotal(s: Shopper): Promise<number> {
  const cart = (await call(t.app, s.c, 'GET', '/cart/list')).json<{ data: CartList }>().data;
  const quote = (await call(t.app, s.c, 'GET', `/shipping/calc-selected?addressID=${s.addressID}`)).json<{
    data: ShippingQuote;
  }>().data;
  const standard = quote.options.find((o) => o.service === 'standard');
  if (!standard) throw new Error('no standard shipping');
  return cart.total + standard.price;
}

const codesOf = (results: { json: () => { code: number } }[]) => results.map((r) => r.json().code);
const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;

/** Units of the product in orders that are not cancelled. */
async function soldOf(executor: Executor, productId: number): Promise<number> {
  const [row] = await queryRows<{ sold: number }>(
    executor,
    sql`select coalesce(sum(l.quantity), 0)::int as sold
        from order_lines l join orders o on o.id = l.order_id
        where l.product_id = ${productId} and o.status <> 'cancelled'`,
  );
  return row?.sold ?? 0;
}

async function stockOf(executor: Executor, productId: number): Promise<number> {
  const [row] = await executor
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) throw new Error('no such product');
  return row.stock;
}

async function expectStockAddsUp(executor: Executor, productId: number, initial: number): Promise<number> {
  const stock = await stockOf(executor, productId);
  expect(stock).toBeGreaterThanOrEqual(0);
  expect(stock + (await soldOf(executor, productId))).toBe(initial);
  return stock;
}

/**
 * What must hold in the whole store after any race: every order has lines; no customer's credit is negative;
 * each order's credit payment matches what it used and it was refunded at most once, only if cancelled; each
 * coupon's use count, overall and summed over wallets, equals the orders still using it; each customer's kept
 * count of unpaid orders (`unpaid_order_counts`) equals their orders awaiting payment.
 */
async function expectStoreConsistent(executor: Executor): Promise<void> {
  const [facts] = await queryRows<Record<string, number>>(
    executor,
    sql`select
      (select count(*)::int from orders o
        where not exists (select 1 from order_lines l where l.order_id = o.id)) as "ordersWithoutLines",
      (select count(*)::int from (select customer_id from credit_ledger group by customer_id
        having sum(amount_cents) < 0) x) as "negativeBalances",
      (select count(*)::int from orders o
        where o.credit_used_cents <> -coalesce((select sum(amount_cents) from credit_ledger c
          where c.order_id = o.id and c.reason = 'order_payment'), 0)) as "paymentsNotMatchingCreditUsed",
      (select count(*)::int from orders o
        where (select count(*) from credit_ledger c where c.order_id = o.id and c.reason = 'order_refund')
          > case when o.status = 'cancelled' then 1 else 0 end) as "refundsTooMany",
      (select count(*)::int from coupons k
        where k.used_count <> (select count(*) from orders o where o.coupon_id = k.id and o.status <> 'cancelled')
           or k.used_count <> (select coalesce(sum(w.used_count), 0) from customer_coupons w
                                where w.coupon_id = k.id)) as "couponCountsOff",
      (select count(*)::int from customers c
        where coalesce((select u.n from unpaid_order_counts u where u.customer_id = c.id), 0)
          <> (select count(*) from orders o where o.customer_id = c.id and o.status = 'pending_payment'))
        as "unpaidCountsOff"`,
  );
  expect(facts).toEqual({
    ordersWithoutLines: 0,
    negativeBalances: 0,
    paymentsNotMatchingCreditUsed: 0,
    refundsTooMany: 0,
    couponCountsOff: 0,
    unpaidCountsOff: 0,
  });
}

/** The balance the API answers, which must be the ledger's sum and never negative. */
async function expectBalance(app: App, executor: Executor, c: Customer): Promise<number> {
  const answered = (await call(app, c, 'GET', '/customer/credits')).json<{ data: Credits }>().data.balance;
  const [row] = await queryRows<{ sum: number }>(
    executor,
    sql`select coalesce(sum(amount_cents), 0)::int as sum from credit_ledger where customer_id = ${c.user.customerID}`,
  );
  expect(answered).toBe(row?.sum);
  expect(answered).toBeGreaterThanOrEqual(0);
  return answered;
}

async function ordersOf(executor: Executor, c: Customer) {
  return executor.select().from(orders).where(eq(orders.customerId, c.user.customerID));
}

/**
 * Shoppers with the coupon applied to a cart of one product each, signed up through `appFor(i)`. Each buys a
 * product of their own: on one shared product its row lock would queue the checkouts and hide the coupon race.
 */
async function couponShoppers(appFor: (i: number) => App, executor: Executor, code: string, n: number) {
  const shoppers: Shopper[] = [];
  const bought: ProductRow[] = [];
  for (let i = 0; i < n; i += 1) {
    const app = appFor(i);
    const s = await shopper(app);
    const product = await createProduct(executor, { stock: 1, priceCents: 1000 });
    await addToCart(app, s.c, product.id);
    const applied = await call(app, s.c, 'POST', '/cart/apply-discount', { code });
    expect(applied.json().code, applied.body).toBe(0);
    shoppers.push(s);
    bought.push(product);
  }
  return { shoppers, bought };
}

describe('checkouts at once', () => {
  it('eight customers checking out a product with three in stock make exactly three orders', async () => {
    const scarce = await createProduct(db(), { stock: 3 });
    const plenty = await createProduct(db(), { stock: 100 });
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => shopper()));
    // Half fill their carts in the other order, so checkouts that locked products in cart order would deadlock.
    for (const [i, s] of shoppers.entries()) {
      for (const p of i % 2 ? [scarce, plenty] : [plenty, scarce]) await addToCart(t.app, s.c, p.id);
    }
    // As the browser does: the total shown, so an order without the sold-out line is refused, not placed.
    const [first] = shoppers;
    if (!first) throw new Error('no shoppers');
    const expectedTotal = await shownTotal(first);

    const codes = codesOf(await Promise.all(shoppers.map((s) => checkout(t.app, s, { expectedTotal }))));

    expect(count(codes, 0)).toBe(3);
    expect(count(codes, NOT_ENOUGH_STOCK.code) + count(codes, ORDER_TOTAL_CHANGED.code)).toBe(5);
    expect(await expectStockAddsUp(db(), scarce.id, 3)).toBe(0);
    expect(await expectStockAddsUp(db(), plenty.id, 100)).toBe(97);
    for (const [i, s] of shoppers.entries()) {
      const lines = await db().select().from(cartLines).where(eq(cartLines.customerId, s.c.user.customerID));
      expect(lines).toHaveLength(codes[i] === 0 ? 0 : 2);
      expect(await ordersOf(db(), s.c)).toHaveLength(codes[i] === 0 ? 1 : 0);
    }
    await expectStoreConsistent(db());
  });

  it('a coupon with one use left, checked out by six customers at once, is used once', async () => {
    const coupon = await createCoupon(
      db(),
      { kind: 'fixed', value: 200, usageLimit: 1, perCustomerLimit: 1 },
      t.clock.now(),
    );
    const { shoppers, bought } = await couponShoppers(() => t.app, db(), coupon.code, 6);

    const codes = codesOf(await Promise.all(shoppers.map((s) => checkout(t.app, s))));

    expect(count(codes, 0)).toBe(1);
    expect(count(codes, COUPON_USED_UP.code)).toBe(5);
    const [row] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row?.usedCount).toBe(1);
    const wallets = await db().select().from(customerCoupons).where(eq(customerCoupons.couponId, coupon.id));
    expect(wallets.reduce((n, w) => n + w.usedCount, 0)).toBe(1);
    expect(await db().select().from(orders).where(eq(orders.couponId, coupon.id))).toHaveLength(1);
    for (const product of bought) await expectStockAddsUp(db(), product.id, 1);
    await expectStoreConsistent(db());
  });

  it("one customer's five checkouts of one cart at once make one order, spend the credit and the coupon once", async () => {
    const s = await shopper();
    await giveCredit(db(), s.c.user.customerID, 700);
    const coupon = await createCoupon(
      db(),
      { kind: 'fixed', value: 200, perCustomerLimit: 1 },
      t.clock.now(),
    );
    const product = await createProduct(db(), { stock: 10, priceCents: 1000 });
    await addToCart(t.app, s.c, product.id);
    expect((await call(t.app, s.c, 'POST', '/cart/apply-discount', { code: coupon.code })).json().code).toBe(
      0,
    );

    const codes = codesOf(
      await Promise.all(Array.from({ length: 5 }, () => checkout(t.app, s, { useCredit: true }))),
    );

    expect(count(codes, 0)).toBe(1);
    expect(count(codes, CART_EMPTY.code)).toBe(4);
    const placed = await ordersOf(db(), s.c);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ creditUsedCents: 700, discountCents: 200, couponId: coupon.id });
    expect(await expectBalance(t.app, db(), s.c)).toBe(0);
    const [row] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row?.usedCount).toBe(1);
    expect(await expectStockAddsUp(db(), product.id, 10)).toBe(9);
    await expectStoreConsistent(db());
  });

  it('checkouts and cancels of one product at once keep stock plus units sold equal to the stock there was', async () => {
    const product = await createProduct(db(), { stock: 6 });
    const earlier = await Promise.all(Array.from({ length: 3 }, () => shopper()));
    const placed = [];
    for (const s of earlier) {
      await addToCart(t.app, s.c, product.id);
      placed.push({ s, order: await placeOrder(t.app, s.c, { addressID: s.addressID }) });
    }
    const later = await Promise.all(Array.from({ length: 6 }, () => shopper()));
    for (const s of later) await addToCart(t.app, s.c, product.id);

    const results = await Promise.all([
      ...placed.map(({ s, order }) => call(t.app, s.c, 'PUT', '/order/cancel', { orderID: order.orderID })),
      ...later.map((s) => checkout(t.app, s)),
    ]);

    const codes = codesOf(results);
    expect(codes.slice(0, 3)).toEqual([0, 0, 0]);
    const checkoutCodes = codes.slice(3);
    expect(count(checkoutCodes, 0) + count(checkoutCodes, NOT_ENOUGH_STOCK.code)).toBe(6);
    // Three units were free before any cancel, so at least three checkouts win.
    expect(count(checkoutCodes, 0)).toBeGreaterThanOrEqual(3);
    const stock = await expectStockAddsUp(db(), product.id, 6);
    expect(stock).toBe(6 - count(checkoutCodes, 0));
    await expectStoreConsistent(db());
  });
});

describe('cancels at once', () => {
  it('five cancels of one order paid partly with credit and a coupon return stock, coupon use and credit once', async () => {
    const coupon = await createCoupon(db(), { kind: 'fixed', value: 200, usageLimit: 5 }, t.clock.now());
    const product = await createProduct(db(), { stock: 5, priceCents: 1000 });
    const [canceller, bystander] = [await shopper(), await shopper()];
    await giveCredit(db(), canceller.c.user.customerID, 300);
    // Another customer's use of the coupon stays counted: a double release would take the count to 0, not 1.
    for (const [s, quantity] of [
      [canceller, 2],
      [bystander, 1],
    ] as const) {
      await addToCart(t.app, s.c, product.id, quantity);
      await call(t.app, s.c, 'POST', '/cart/apply-discount', { code: coupon.code });
    }
    const order = await placeOrder(t.app, canceller.c, { addressID: canceller.addressID, useCredit: true });
    await placeOrder(t.app, bystander.c, { addressID: bystander.addressID });
    expect(order.totals.creditUsed).toBe(300);

    const codes = codesOf(
      await Promise.all(
        Array.from({ length: 5 }, () =>
          call(t.app, canceller.c, 'PUT', '/order/cancel', { orderID: order.orderID }),
        ),
      ),
    );

    expect(count(codes, 0)).toBe(1);
    expect(count(codes, ORDER_NOT_CANCELLABLE.code)).toBe(4);
    expect(await expectStockAddsUp(db(), product.id, 5)).toBe(4);
    const [row] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row?.usedCount).toBe(1);
    const [wallet] = await db()
      .select()
      .from(customerCoupons)
      .where(
        and(
          eq(customerCoupons.customerId, canceller.c.user.customerID),
          eq(customerCoupons.couponId, coupon.id),
        ),
      );
    expect(wallet?.usedCount).toBe(0);
    expect(await expectBalance(t.app, db(), canceller.c)).toBe(300);
    await expectStoreConsistent(db());
  });
});

describe('wishlist and address book at once', () => {
  it('one wishlist item moved to the cart five times at once lands there once', async () => {
    const c = await registerCustomer(t.app);
    const product = await createProduct(db(), { stock: 10 });
    const added = await call(t.app, c, 'POST', '/wishlist/batch/add', { productIDs: [product.id] });
    const [item] = added.json<{ data: { list: { id: number }[] } }>().data.list;
    if (!item) throw new Error(`wishlist/batch/add failed: ${added.body}`);

    const codes = codesOf(
      await Promise.all(
        Array.from({ length: 5 }, () => call(t.app, c, 'POST', '/wishlist/move-to-cart', { ids: [item.id] })),
      ),
    );

    expect(count(codes, 0)).toBe(1);
    expect(count(codes, NOT_FOUND.code)).toBe(4);
    const lines = await db().select().from(cartLines).where(eq(cartLines.customerId, c.user.customerID));
    expect(lines.map((l) => [l.productId, l.quantity])).toEqual([[product.id, 1]]);
    expect(
      await db().select().from(wishlistItems).where(eq(wishlistItems.customerId, c.user.customerID)),
    ).toEqual([]);
  });

  it('deleting both default addresses and every other but one at once leaves that one as both defaults', async () => {
    const c = await registerCustomer(t.app);
    const ids: number[] = [];
    for (let i = 1; i <= 8; i += 1)
      ids.push(await addAddress(t.app, c, { ...sydneyAddress, line1: `${i} George St` }));
    const [shipping, kept, ...later] = ids;
    const billing = later.at(-1);
    expect((await call(t.app, c, 'POST', '/address/set-billing', { addressID: billing })).json().code).toBe(
      0,
    );
    // Each delete of a default hands it to the newest other address, which is being deleted at the same time.
    const codes = codesOf(
      await Promise.all([shipping, ...later].map((id) => call(t.app, c, 'DELETE', `/address/${id}`))),
    );

    expect(codes).toEqual(Array(7).fill(0));
    const left = await db().select().from(addresses).where(eq(addresses.customerId, c.user.customerID));
    expect(left.map((a) => [a.id, a.isDefaultShipping, a.isDefaultBilling])).toEqual([[kept, true, true]]);
  });

  it('choosing addresses for the cart while they are deleted answers each as chosen or missing, never an error', async () => {
    const c = await registerCustomer(t.app);
    const ids: number[] = [];
    for (let i = 1; i <= 12; i += 1)
      ids.push(await addAddress(t.app, c, { ...sydneyAddress, line1: `${i} Pitt St` }));
    const results = await Promise.all(
      ids.flatMap((id) => [
        call(t.app, c, 'POST', '/address/change', { addressID: id }),
        call(t.app, c, 'DELETE', `/address/${id}`),
      ]),
    );
    expect(results.map((r) => r.statusCode).filter((s) => s !== 200 && s !== 404)).toEqual([]);
    expect(codesOf(results).filter((code) => code !== 0 && code !== NOT_FOUND.code)).toEqual([]);
    // Every address is gone, and the cart points at none of them.
    expect(await db().select().from(addresses).where(eq(addresses.customerId, c.user.customerID))).toEqual(
      [],
    );
    const [cart] = await db().select().from(carts).where(eq(carts.customerId, c.user.customerID));
    expect(cart?.addressId ?? null).toBeNull();
  });

  it('setting each of four addresses as the default at once leaves exactly one default of each kind', async () => {
    const c = await registerCustomer(t.app);
    const ids: number[] = [];
    for (const line1 of ['1 First St', '2 Second St', '3 Third St', '4 Fourth St'])
      ids.push(await addAddress(t.app, c, { ...sydneyAddress, line1 }));

    const codes = codesOf(
      await Promise.all(
        ids.flatMap((addressID) => [
          call(t.app, c, 'POST', '/address/set-default', { addressID }),
          call(t.app, c, 'POST', '/address/set-billing', { addressID }),
        ]),
      ),
    );

    expect(codes).toEqual(Array(8).fill(0));
    const book = await db().select().from(addresses).where(eq(addresses.customerId, c.user.customerID));
    expect(book.filter((a) => a.isDefaultShipping)).toHaveLength(1);
    expect(book.filter((a) => a.isDefaultBilling)).toHaveLength(1);
  });
});

/**
 * Two API instances with their own connection pools on one PostgreSQL database, as two processes behind a load
 * balancer would run; the locks that keep checkouts honest must live in the database, not in a process.
 */
describe.runIf(process.env.TEST_DB === 'postgres')(
  'checkouts through two API instances on one database',
  () => {
    let shared: Database & { url?: string };
    let second: Database;
    let one: TestApp;
    let two: TestApp;

    beforeAll(async () => {
      shared = await openTestDatabase();
      if (!shared.url) throw new Error('no database url');
      second = await openPostgres(shared.url, { poolSize: 10 });
      one = await createTestApp({ database: shared });
      two = await createTestApp({ database: second });
    });

    afterAll(async () => {
      await one?.close();
      await two?.close();
      await second?.close();
      await shared?.close();
    });

    const instance = (i: number) => (i % 2 ? one : two).app;

    it('ten customers checking out four units through both instances make exactly four orders', async () => {
      const product = await createProduct(shared.db, { stock: 4 });
      const shoppers = await Promise.all(Array.from({ length: 10 }, (_, i) => shopper(instance(i))));
      for (const s of shoppers) await addToCart(one.app, s.c, product.id);

      const codes = codesOf(await Promise.all(shoppers.map((s, i) => checkout(instance(i), s))));

      expect(count(codes, 0)).toBe(4);
      expect(count(codes, NOT_ENOUGH_STOCK.code)).toBe(6);
      expect(await expectStockAddsUp(shared.db, product.id, 4)).toBe(0);
      await expectStoreConsistent(shared.db);
    });

    it('a coupon with one use left, checked out through both instances at once, is used once', async () => {
      const coupon = await createCoupon(
        shared.db,
        { kind: 'fixed', value: 200, usageLimit: 1 },
        one.clock.now(),
      );
      const { shoppers, bought } = await couponShoppers(instance, shared.db, coupon.code, 6);

      const codes = codesOf(await Promise.all(shoppers.map((s, i) => checkout(instance(i), s))));

      expect(count(codes, 0)).toBe(1);
      expect(count(codes, COUPON_USED_UP.code)).toBe(5);
      for (const product of bought) await expectStockAddsUp(shared.db, product.id, 1);
      await expectStoreConsistent(shared.db);
    });
  },
);

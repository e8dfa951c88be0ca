import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderCreateBody } from '@storefront/contract/order';
import { queryRows } from '../../db/client.js';
import {
  cartLines,
  idempotencyKeys,
  orderLines,
  orders,
  outboxMails,
  products,
} from '../../db/schema/index.js';
import { createCoupon, createProduct } from '../../../test/catalog-factories.js';
import { addAddress, addToCart, bearer, registerCustomer, type Customer } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { hashRequest } from '../idempotency/idempotency.repo.js';
import { checkoutTogether, type CheckoutCall, type TogetherOutcome } from './checkout-together.js';
import { countUnpaidOrdersOf } from './order.repo.js';

// Checkouts of many customers in one transaction run only on PostgreSQL (the embedded database takes each alone).

let t: TestApp;
const db = () => t.database.db;
const settings = {
  mail: { publicUrl: 'http://localhost:3000', unpaidMinutes: 30, abn: null },
  maxUnpaid: 3,
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Buyer = { c: Customer; addressID: number };

async function buyers(n: number, productId: number, quantity = 1): Promise<Buyer[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const c = await registerCustomer(t.app);
      const addressID = await addAddress(t.app, c);
      await addToCart(t.app, c, productId, quantity);
      return { c, addressID };
    }),
  );
}

function body(b: Buyer, extra: Partial<OrderCreateBody> = {}): OrderCreateBody {
  return { addressID: b.addressID, shippingService: 'standard', useCredit: false, ...extra };
}

function callOf(b: Buyer, extra: Partial<OrderCreateBody> = {}): CheckoutCall {
  const asked = body(b, extra);
  return {
    customerId: b.c.user.customerID,
    body: asked,
    key: {
      scope: { customerId: b.c.user.customerID, route: 'order/create', key: randomUUID() },
      requestHash: hashRequest(asked),
    },
  };
}

const kinds = (outcomes: TogetherOutcome[]) => outcomes.map((o) => o.kind);
const placedOf = (o: TogetherOutcome | undefined) => {
  if (o?.kind !== 'placed') throw new Error(`not placed: ${JSON.stringify(o)}`);
  return o.placed;
};

async function stockOf(productId: number): Promise<number> {
  const [row] = await db().select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row?.stock ?? -1;
}

async function keyRows(calls: CheckoutCall[]) {
  return db()
    .select()
    .from(idempotencyKeys)
    .where(
      inArray(
        idempotencyKeys.key,
        calls.map((c) => c.key?.scope.key ?? ''),
      ),
    );
}

describe.runIf(process.env.TEST_DB === 'postgres')('checkouts of many customers in one transaction', () => {
  it('places each checkout with its own lines, takes the stock of all, mails each and saves each key', async () => {
    const shared = await createProduct(db(), { stock: 50, priceCents: 450 });
    const group = await buyers(6, shared.id, 2);
    const own = await createProduct(db(), { stock: 5 });
    const first = group[0] as Buyer;
    await addToCart(t.app, first.c, own.id, 3);
    const calls = group.map((b) => callOf(b));

    const outcomes = await checkoutTogether(db(), calls, new Date(), settings);

    expect(kinds(outcomes)).toEqual(group.map(() => 'placed'));
    const placed = outcomes.map(placedOf);
    expect(new Set(placed.map((p) => p.order.id)).size).toBe(6);
    expect(new Map(placed[0]?.lines.map((l) => [l.productId, l.quantity]))).toEqual(
      new Map([
        [shared.id, 2],
        [own.id, 3],
      ]),
    );
    expect(placed[1]?.lines.map((l) => [l.productId, l.quantity])).toEqual([[shared.id, 2]]);
    expect(await stockOf(shared.id)).toBe(50 - 12);
    expect(await stockOf(own.id)).toBe(2);

    const written = await db()
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          placed.map((p) => p.order.id),
        ),
      );
    expect(written.map((o) => [o.id, o.customerId, o.totalCents]).sort()).toEqual(
      placed.map((p) => [p.order.id, p.order.customerId, p.order.totalCents]).sort(),
    );
    const lines = await db()
      .select()
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderId,
          placed.map((p) => p.order.id),
        ),
      );
    expect(lines).toHaveLength(7);
    const left = await db()
      .select()
      .from(cartLines)
      .where(
        inArray(
          cartLines.customerId,
          group.map((b) => b.c.user.customerID),
        ),
      );
    expect(left).toEqual([]);
    const mails = await db()
      .select({ to: outboxMails.toAddress, topic: outboxMails.topic })
      .from(outboxMails)
      .where(
        and(
          eq(outboxMails.topic, 'order-placed'),
          inArray(
            outboxMails.toAddress,
            group.map((b) => b.c.email),
          ),
        ),
      );
    expect(mails.map((m) => m.to).sort()).toEqual(group.map((b) => b.c.email).sort());
    const keys = await keyRows(calls);
    expect(keys.map((k) => [k.customerId, (k.responseBody as { orderID: number }).orderID]).sort()).toEqual(
      placed.map((p) => [p.order.customerId, p.order.id]).sort(),
    );
    const unpaid = await countUnpaidOrdersOf(
      db(),
      group.map((b) => b.c.user.customerID),
    );
    expect(group.map((b) => unpaid.get(b.c.user.customerID))).toEqual(group.map(() => 1));
  });

  it('refuses one checkout alone, placing the others, and gives its key back', async () => {
    const product = await createProduct(db(), { stock: 50 });
    const group = await buyers(3, product.id);
    const [a, refused, c] = group as [Buyer, Buyer, Buyer];
    // An address of another customer answers as a missing one.
    const calls = [callOf(a), callOf(refused, { addressID: a.addressID }), callOf(c)];

    const outcomes = await checkoutTogether(db(), calls, new Date(), settings);

    expect(kinds(outcomes)).toEqual(['placed', 'refused', 'placed']);
    expect(outcomes[1]?.kind === 'refused' && outcomes[1].error.name).toBe('NOT_FOUND');
    expect((await keyRows(calls)).map((k) => k.customerId).sort()).toEqual(
      [a.c.user.customerID, c.c.user.customerID].sort(),
    );
    expect(await stockOf(product.id)).toBe(48);
    const still = await db()
      .select()
      .from(cartLines)
      .where(eq(cartLines.customerId, refused.c.user.customerID));
    expect(still.map((l) => l.productId)).toEqual([product.id]);
  });

  it('leaves to run alone the checkouts the stock left by the ones before them cannot fill', async () => {
    const product = await createProduct(db(), { stock: 3 });
    const group = await buyers(5, product.id);

    const outcomes = await checkoutTogether(
      db(),
      group.map((b) => callOf(b)),
      new Date(),
      settings,
    );

    expect(kinds(outcomes)).toEqual(['placed', 'placed', 'placed', 'alone', 'alone']);
    expect(await stockOf(product.id)).toBe(0);
  });

  it('leaves to run alone a coupon to claim, a key claimed before and a cart never written, giving keys back', async () => {
    const product = await createProduct(db(), { stock: 50, priceCents: 2000 });
    const [plain, withCoupon, retried] = await buyers(3, product.id);
    const { code } = await createCoupon(db());
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/apply-discount',
      headers: bearer((withCoupon as Buyer).c.token),
      payload: { code },
    });
    expect(applied.json<{ code: number }>().code).toBe(0);
    const retriedCall = callOf(retried as Buyer);
    await db()
      .insert(idempotencyKeys)
      .values({ ...(retriedCall.key?.scope as NonNullable<CheckoutCall['key']>['scope']), requestHash: 'x' });

    const fresh = await registerCustomer(t.app);
    const neverCarted = { c: fresh, addressID: await addAddress(t.app, fresh) };
    const calls = [callOf(plain as Buyer), callOf(withCoupon as Buyer), retriedCall, callOf(neverCarted)];

    const outcomes = await checkoutTogether(db(), calls, new Date(), settings);

    expect(kinds(outcomes)).toEqual(['placed', 'alone', 'alone', 'alone']);
    expect(await stockOf(product.id)).toBe(49);
    // The keys of those left to run alone are given back, to be claimed again when they do; the retried one's was
    // not the batch's to give.
    expect((await keyRows(calls)).map((k) => [k.customerId, k.requestHash === 'x']).sort()).toEqual(
      [
        [(plain as Buyer).c.user.customerID, false],
        [(retried as Buyer).c.user.customerID, true],
      ].sort(),
    );
  });

  it('writes nothing when the database refuses any of it', async () => {
    const product = await createProduct(db(), { stock: 50 });
    const group = await buyers(3, product.id);
    const doomed = (group[1] as Buyer).c.user.customerID;
    await db().execute(
      sql.raw(`create function refuse_order_${doomed}() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end $$;
        create trigger refuse_order_${doomed} before insert on orders for each row
        when (new.customer_id = ${doomed}) execute function refuse_order_${doomed}();`),
    );
    const calls = group.map((b) => callOf(b));
    try {
      const failed = await checkoutTogether(db(), calls, new Date(), settings).then(
        () => null,
        (err: unknown) => err,
      );
      expect(String((failed as Error | null)?.cause)).toContain('refused by the test');

      expect(await stockOf(product.id)).toBe(50);
      expect(await keyRows(calls)).toEqual([]);
      const placed = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from orders where customer_id = any(${sql.param(group.map((b) => b.c.user.customerID))}::int[])`,
      );
      expect(placed[0]?.n).toBe(0);

      // Through the API, the batch fails and each checkout runs again alone: only the doomed one is refused.
      const answers = await Promise.all(
        [...group, ...(await buyers(4, product.id))].map((b) =>
          t.app.inject({
            method: 'POST',
            url: '/api/v1/order/create',
            headers: { ...bearer(b.c.token), 'idempotency-key': randomUUID() },
            payload: body(b),
          }),
        ),
      );
      expect(answers.map((res) => res.statusCode)).toEqual([200, 500, 200, 200, 200, 200, 200]);
    } finally {
      await db().execute(sql.raw(`drop trigger refuse_order_${doomed} on orders`));
    }
  });

  it('answers checkouts sent at once as it would one by one: as many orders as the stock fills', async () => {
    const product = await createProduct(db(), { stock: 7 });
    const group = await buyers(10, product.id);
    const answers = await Promise.all(
      group.map((b) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/order/create',
          headers: { ...bearer(b.c.token), 'idempotency-key': randomUUID() },
          payload: body(b),
        }),
      ),
    );
    const codes = answers.map((res) => res.json<{ code: number }>().code);
    expect(codes.filter((code) => code === 0)).toHaveLength(7);
    expect(codes.filter((code) => code !== 0).every((code) => code === codes.find((x) => x !== 0))).toBe(
      true,
    );
    expect(answers.find((res) => res.json<{ code: number }>().code !== 0)?.json()).toMatchObject({
      msg: expect.stringMatching(/stock|left/i),
    });
    expect(await stockOf(product.id)).toBe(0);
  });
});

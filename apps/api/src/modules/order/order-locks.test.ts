import { and, eq, sql } from 'drizzle-orm';
import type { CartAdded } from '@storefront/contract/cart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryWindow, DeliveryWindows } from '@storefront/contract/delivery';
import type { OrderDetail } from '@storefront/contract/order';
import { queryRows, type Executor } from '../../db/client.js';
import {
  cartLines,
  carts,
  creditLedger,
  deliveryWindows,
  deliveryWindowTemplates,
  orderLines,
  orders,
  payments,
} from '../../db/schema/index.js';
import { createProduct } from '../../../test/catalog-factories.js';
import {
  addAddress,
  addToCart,
  bearer,
  placeOrder,
  registerCustomer,
  type Customer,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

// Each test changes an order in a transaction that holds its row lock, as a capture or another request would, and
// sends a request meanwhile: the request must wait for the lock and act on the order as it is after the commit. On
// PostgreSQL the holder commits once the request waits on a lock; on the embedded database transactions run one at
// a time, so the request runs after the commit whatever it locks.

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({
    env: { UNPAID_ORDER_MINUTES: '30', PAYMENTS_DEMO: 'true', PUBLIC_URL: 'http://localhost:3000' },
  });
  await db()
    .insert(deliveryWindowTemplates)
    .values(
      ['09', '11', '13'].map((h) => ({
        zone: 'metro' as const,
        startTime: `${h}:00`,
        endTime: `${h}:59`,
        capacity: 5,
      })),
    );
});
afterAll(async () => {
  await t?.close();
});

async function call<T>(c: Customer, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(c.token),
    ...(payload ? { payload } : {}),
  });
  return res.json<{ code: number; data: T }>();
}

async function waitForLockWaiter(): Promise<void> {
  if (process.env.TEST_DB !== 'postgres') {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return;
  }
  for (let i = 0; i < 500; i += 1) {
    const [row] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((row?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the request never waited for a lock');
}

/** Runs `change` holding the order's row lock, sends `request` meanwhile, and answers it after the commit. */
async function whileHeld<T>(
  orderId: number,
  change: (tx: Executor) => Promise<void>,
  request: () => Promise<T>,
): Promise<T> {
  let answer: Promise<T> | undefined;
  await db().transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    await change(tx);
    answer = request();
    await waitForLockWaiter();
  });
  if (!answer) throw new Error('no request was sent');
  return answer;
}

async function bookedOf(windowId: number) {
  const [row] = await db().select().from(deliveryWindows).where(eq(deliveryWindows.id, windowId));
  return row?.booked;
}

/** Moves an order's booking from one window to another, as a committed window change does. */
async function moveBooking(tx: Executor, orderId: number, from: number, to: number) {
  await tx.update(orders).set({ deliveryWindowId: to }).where(eq(orders.id, orderId));
  await tx
    .update(deliveryWindows)
    .set({ booked: sql`${deliveryWindows.booked} - 1` })
    .where(eq(deliveryWindows.id, from));
  await tx
    .update(deliveryWindows)
    .set({ booked: sql`${deliveryWindows.booked} + 1` })
    .where(eq(deliveryWindows.id, to));
}

/** An unpaid order booked into the first of three windows on one day, with the other two. */
async function orderInWindow(): Promise<{ c: Customer; order: OrderDetail; windows: DeliveryWindow[] }> {
  const c = await registerCustomer(t.app);
  const addressID = await addAddress(t.app, c);
  const product = await createProduct(db(), { priceCents: 1500, stock: 10 });
  await addToCart(t.app, c, product.id, 2);
  const list = await call<DeliveryWindows>(c, 'GET', `/delivery/windows?addressID=${addressID}`);
  const day = list.data.days.find((d) => d.windows.length === 3);
  if (!day) throw new Error('no day with three windows');
  const order = await placeOrder(t.app, c, { addressID, deliveryWindowID: day.windows[0]?.windowID });
  return { c, order, windows: day.windows };
}

describe("an order's row lock", () => {
  it('a cancel that waits for a payment settling refunds what was paid, not only the credit spent', async () => {
    const { c, order } = await orderInWindow();
    const cancelled = await whileHeld(
      order.orderID,
      async (tx) => {
        await tx
          .update(orders)
          .set({ status: 'paid', paidAt: new Date() })
          .where(eq(orders.id, order.orderID));
      },
      () => call<OrderDetail>(c, 'PUT', '/order/cancel', { orderID: order.orderID }),
    );
    expect(cancelled.code).toBe(0);
    expect(cancelled.data.status).toBe('cancelled');
    const ledger = await db()
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.customerId, c.user.customerID));
    // Paid with no provider payment on record (the test's own "capture"): all of it comes back as credit.
    expect(ledger.map((e) => e.amountCents)).toEqual([order.totals.total]);
  });

  it('a capture that settles after the order was cancelled keeps nothing', async () => {
    const { c, order } = await orderInWindow();
    const started = await call<{ redirectUrl: string }>(c, 'POST', '/payment/start', {
      orderID: order.orderID,
      provider: 'demo',
    });
    const ref = new URL(started.data.redirectUrl, 'http://localhost:3000').searchParams.get('ref') ?? '';
    expect((await call(c, 'POST', '/payment/demo/decide', { ref, decision: 'approve' })).code).toBe(0);
    const captured = await whileHeld(
      order.orderID,
      async (tx) => {
        await tx
          .update(orders)
          .set({ status: 'cancelled', cancelledAt: new Date() })
          .where(eq(orders.id, order.orderID));
        await tx
          .update(deliveryWindows)
          .set({ booked: sql`${deliveryWindows.booked} - 1` })
          .where(eq(deliveryWindows.id, order.deliveryWindow?.windowID ?? 0));
      },
      () => call(c, 'POST', '/payment/demo/capture', { orderID: order.orderID, ref }),
    );
    expect(captured.code).toBe(100908);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderID));
    expect(row?.status).toBe('cancelled');
    // On PostgreSQL the provider took the money before the capture settled: it is recorded as surplus and given
    // back. On the embedded database the capture saw the cancel first and took nothing.
    const rows = await db().select().from(payments).where(eq(payments.orderId, order.orderID));
    expect(rows).toHaveLength(1);
    const kept = rows
      .filter((p) => p.status === 'captured' || p.status === 'surplus')
      .reduce((n, p) => n + p.amountCents - p.refundedCents, 0);
    expect(kept).toBe(0);
    expect(rows[0]?.status).toBe(process.env.TEST_DB === 'postgres' ? 'surplus' : 'started');
  });

  it("a window move that waits for another one moves from the order's new window", async () => {
    const { c, order, windows } = await orderInWindow();
    const [a, b, target] = windows.map((w) => w.windowID);
    if (a === undefined || b === undefined || target === undefined) throw new Error('three windows expected');
    const moved = await whileHeld(
      order.orderID,
      (tx) => moveBooking(tx, order.orderID, a, b),
      () =>
        call<OrderDetail>(c, 'PUT', '/order/delivery-window', { orderID: order.orderID, windowID: target }),
    );
    expect(moved.code).toBe(0);
    expect(moved.data.deliveryWindow?.windowID).toBe(target);
    expect([await bookedOf(a), await bookedOf(b), await bookedOf(target)]).toEqual([0, 0, 1]);
  });

  it('the store expiring an unpaid order whose window moved meanwhile frees the window it moved to', async () => {
    const { order, windows } = await orderInWindow();
    const [a, b] = windows.map((w) => w.windowID);
    if (a === undefined || b === undefined) throw new Error('two windows expected');
    t.clock.advance(31 * 60_000);
    await whileHeld(
      order.orderID,
      (tx) => moveBooking(tx, order.orderID, a, b),
      () => t.app.expireUnpaidOrders(),
    );
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderID));
    expect(row?.status).toBe('cancelled');
    expect([await bookedOf(a), await bookedOf(b)]).toEqual([0, 0]);
  });
});

describe("an order's row lock, for the customer's changes", () => {
  it('a substitutes change that waits for the order shipping is refused, and the lines stay as they were', async () => {
    const { c, order } = await orderInWindow();
    const productID = order.lines[0]?.productID;
    const late = await whileHeld(
      order.orderID,
      async (tx) => {
        await tx.update(orders).set({ status: 'shipped' }).where(eq(orders.id, order.orderID));
      },
      () =>
        call(c, 'PUT', '/order/substitutes', {
          orderID: order.orderID,
          noSubstituteProductIDs: [productID],
        }),
    );
    expect(late.code).toBe(100609);
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, order.orderID));
    expect(lines.map((l) => l.allowSubstitute)).toEqual([true]);
  });
});

describe("a cart's row lock", () => {
  it('an add that arrives while a checkout empties the line lands as a new line, not on the ordered one', async () => {
    const c = await registerCustomer(t.app);
    const product = await createProduct(db(), { stock: 20 });
    await addToCart(t.app, c, product.id, 3);
    const customerId = c.user.customerID;
    let answer: Promise<{ code: number; data: CartAdded }> | undefined;
    // What checkout does under the cart lock, with the add sent after the lock was taken: the line it read is
    // ordered and taken off the cart. An add that did not wait would put 2 on the 3 being ordered, and be lost.
    await db().transaction(async (tx) => {
      await tx.select().from(carts).where(eq(carts.customerId, customerId)).for('update');
      answer = call<CartAdded>(c, 'POST', '/cart/add', { productID: product.id, quantity: 2 });
      await waitForLockWaiter();
      await tx
        .delete(cartLines)
        .where(and(eq(cartLines.customerId, customerId), eq(cartLines.productId, product.id)));
    });
    const added = await answer;
    expect(added?.code).toBe(0);
    expect(added?.data).toEqual({ productID: product.id, quantity: 2, count: 2, lineCount: 1 });
    const [line] = await db().select().from(cartLines).where(eq(cartLines.customerId, customerId));
    expect(line?.quantity).toBe(2);
  });
});

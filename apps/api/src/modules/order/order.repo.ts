import { and, asc, count, desc, eq, gt, gte, inArray, lt, notExists, sql, type SQL } from 'drizzle-orm';
import type { OrderAddress, OrderStatus } from '@storefront/contract/order';
import { queryRows, type Executor } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import { together } from '../../db/together.js';
import {
  orderLines,
  orderRefunds,
  orders,
  orderStatusHistory,
  payments,
  unpaidOrderCounts,
} from '../../db/schema/index.js';
import type { NewIdAnswer } from '../idempotency/idempotency.repo.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderRefundRow = typeof orderRefunds.$inferSelect;
export type StatusMoveRow = typeof orderStatusHistory.$inferSelect;

/** The id the next order will have, taken from the orders' sequence, so its rows can be written together. */
export async function nextOrderId(db: Executor): Promise<number> {
  const [id] = await nextOrderIds(db, 1);
  if (id === undefined) throw new Error('nextval returned no row');
  return id;
}

/** A checkout's Idempotency-Key answers the order's id, taken by its claim (`claimKeyAnsweringId`). */
export const ORDER_ID_ANSWER: NewIdAnswer = { table: 'orders', column: 'id', field: 'orderID' };

/** Ids for `n` orders at once, from the orders' sequence. */
export async function nextOrderIds(db: Executor, n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id from generate_series(1, ${n})`,
  );
  return rows.map((row) => row.id);
}

/** Writes several orders, every column given (their ids from nextOrderIds), and all their lines: two statements. */
export async function insertOrders(db: Executor, rows: OrderRow[], lines: OrderLineRow[]): Promise<void> {
  if (rows.length === 0) return;
  await together([
    insertOrderRows(db).execute(orderColumnsOf(rows)),
    insertOrderLines(db).execute(lineColumnsOf(lines)),
    // Placed by the customer: awaiting payment, or paid at once with store credit.
    insertHistoryRows(db).execute({
      orderIds: rows.map((o) => o.id),
      statuses: rows.map((o) => o.status),
      ats: rows.map((o) => o.createdAt.toISOString()),
    }),
  ]);
}

const insertHistoryRows = preparedPer((db) =>
  db
    .insert(orderStatusHistory)
    .select(
      sql`select nextval(pg_get_serial_sequence('order_status_history', 'id')), o.order_id, o.status, o.at, 'customer', null::int
        from unnest(${sql.placeholder('orderIds')}::int[], ${sql.placeholder('statuses')}::text[],
          ${sql.placeholder('ats')}::timestamptz[]) as o(order_id, status, at)`,
    )
    .prepare('insert_order_history'),
);

/** Records a move of the order's status, in the transaction of the move. */
export async function recordStatusMove(
  exec: Executor,
  move: {
    orderId: number;
    status: OrderStatus;
    at: Date;
    by: 'customer' | 'staff' | 'store';
    staffId?: number;
  },
): Promise<void> {
  await exec.insert(orderStatusHistory).values({ ...move, staffId: move.staffId ?? null });
}

/** The order's moves, oldest first. */
export async function listStatusMoves(exec: Executor, orderId: number) {
  return exec
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.id));
}

/** Writes the order, every column given (its id from nextOrderId), and its lines, sent together. */
export async function insertOrder(db: Executor, order: OrderRow, lines: OrderLineRow[]): Promise<void> {
  await insertOrders(db, [order], lines);
}

// Checkout's writes, built once and prepared: one statement text for any number of orders and lines (as arrays),
// every column in the table's order.
const insertOrderRows = preparedPer((db) =>
  db
    .insert(orders)
    .select(
      sql`select u.*, null::text from unnest(${sql.placeholder('ids')}::int[], ${sql.placeholder('customerIds')}::int[],
        ${sql.placeholder('statuses')}::text[], ${sql.placeholder('subtotals')}::int[], ${sql.placeholder('discounts')}::int[],
        ${sql.placeholder('shippings')}::int[], ${sql.placeholder('creditsUsed')}::int[], ${sql.placeholder('totals')}::int[],
        ${sql.placeholder('couponIds')}::int[], ${sql.placeholder('services')}::text[],
        ${sql.placeholder('shippingAddresses')}::jsonb[], ${sql.placeholder('billingAddresses')}::jsonb[],
        ${sql.placeholder('windowIds')}::int[], ${sql.placeholder('createdAts')}::timestamptz[],
        ${sql.placeholder('updatedAts')}::timestamptz[], ${sql.placeholder('paidAts')}::timestamptz[],
        ${sql.placeholder('cancelledAts')}::timestamptz[], ${sql.placeholder('gsts')}::int[],
        ${sql.placeholder('notes')}::text[], ${sql.placeholder('leaveUnattended')}::boolean[]) as u`,
    )
    .prepare('insert_orders'),
);

function orderColumnsOf(rows: OrderRow[]) {
  const at = (d: Date | null) => d?.toISOString() ?? null;
  return {
    ids: rows.map((o) => o.id),
    customerIds: rows.map((o) => o.customerId),
    statuses: rows.map((o) => o.status),
    subtotals: rows.map((o) => o.subtotalCents),
    discounts: rows.map((o) => o.discountCents),
    shippings: rows.map((o) => o.shippingCents),
    creditsUsed: rows.map((o) => o.creditUsedCents),
    totals: rows.map((o) => o.totalCents),
    couponIds: rows.map((o) => o.couponId),
    services: rows.map((o) => o.shippingService),
    shippingAddresses: rows.map((o) => JSON.stringify(o.shippingAddress)),
    billingAddresses: rows.map((o) => JSON.stringify(o.billingAddress)),
    windowIds: rows.map((o) => o.deliveryWindowId),
    createdAts: rows.map((o) => at(o.createdAt)),
    updatedAts: rows.map((o) => at(o.updatedAt)),
    paidAts: rows.map((o) => at(o.paidAt)),
    cancelledAts: rows.map((o) => at(o.cancelledAt)),
    gsts: rows.map((o) => o.gstCents),
    notes: rows.map((o) => o.deliveryNotes),
    leaveUnattended: rows.map((o) => o.leaveUnattended),
  };
}

const insertOrderLines = preparedPer((db) =>
  db
    .insert(orderLines)
    .select(
      sql`select u.*, null::int, null::int, null::text, null::int from unnest(${sql.placeholder('orderIds')}::int[], ${sql.placeholder('productIds')}::int[], ${sql.placeholder('skus')}::text[], ${sql.placeholder('names')}::text[], ${sql.placeholder('imageUrls')}::text[], ${sql.placeholder('unitPrices')}::int[], ${sql.placeholder('quantities')}::int[], ${sql.placeholder('gstFree')}::boolean[], ${sql.placeholder('allowSubstitute')}::boolean[]) as u`,
    )
    .prepare('insert_order_lines'),
);

function lineColumnsOf(lines: OrderLineRow[]) {
  return {
    orderIds: lines.map((l) => l.orderId),
    productIds: lines.map((l) => l.productId),
    skus: lines.map((l) => l.sku),
    names: lines.map((l) => l.name),
    imageUrls: lines.map((l) => l.imageUrl),
    unitPrices: lines.map((l) => l.unitPriceCents),
    quantities: lines.map((l) => l.quantity),
    gstFree: lines.map((l) => l.gstFree),
    allowSubstitute: lines.map((l) => l.allowSubstitute),
  };
}

/**
 * The order an order's lines are listed in: by name, compared by code point as PostgreSQL's "C" collation
 * compares (listOrderLines asks for it, so a list read back and a list just written agree whatever the database's
 * own collation), then by product.
 */
export function compareOrderLines(a: OrderLineRow, b: OrderLineRow): number {
  return a.orderId - b.orderId || byCodePoint(a.name, b.name) || a.productId - b.productId;
}

/** UTF-8 byte order, which is code-point order (JavaScript's own string order is UTF-16's). */
function byCodePoint(a: string, b: string): number {
  for (let i = 0; i < a.length && i < b.length;) {
    const x = a.codePointAt(i) ?? 0;
    const y = b.codePointAt(i) ?? 0;
    if (x !== y) return x - y;
    i += x > 0xffff ? 2 : 1;
  }
  return a.length - b.length;
}

/** The customer's order; with `lock`, locked so a parallel change waits and then sees the new status. */
export async function findOrder(
  db: Executor,
  customerId: number,
  orderId: number,
  options: { lock?: boolean } = {},
): Promise<OrderRow | undefined> {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/** Changes the order only while it is in one of `from`; answers the updated row, or undefined. */
export async function updateOrderWhileIn(
  db: Executor,
  orderId: number,
  from: readonly OrderStatus[],
  values: {
    status?: OrderStatus;
    shippingAddress?: OrderAddress;
    cancelledAt?: Date;
    paidAt?: Date;
    deliveryWindowId?: number;
    deliveryNotes?: string | null;
    leaveUnattended?: boolean;
  },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...from])))
    .returning();
  return row;
}

/** Every line of the order allows a substitute but those named; answers the order's products. */
export async function setSubstitutes(
  db: Executor,
  orderId: number,
  withoutSubstitute: number[],
): Promise<number[]> {
  const rows = await db
    .update(orderLines)
    .set({ allowSubstitute: sql`${orderLines.productId} <> all(${sql.param(withoutSubstitute)}::int[])` })
    .where(eq(orderLines.orderId, orderId))
    .returning({ productId: orderLines.productId });
  return rows.map((row) => row.productId);
}

export async function listOrderLines(db: Executor, orderIds: number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), sql`${orderLines.name} collate "C"`, asc(orderLines.productId));
}

/** Orders placed at or after `placedFrom` and before `placedBefore`. */
export type OrderFilter = { statuses?: OrderStatus[]; placedFrom?: Date; placedBefore?: Date };

function filterOf(customerId: number, filter: OrderFilter): SQL | undefined {
  const conditions: SQL[] = [eq(orders.customerId, customerId)];
  if (filter.statuses && filter.statuses.length > 0) conditions.push(inArray(orders.status, filter.statuses));
  if (filter.placedFrom) conditions.push(gte(orders.createdAt, filter.placedFrom));
  if (filter.placedBefore) conditions.push(lt(orders.createdAt, filter.placedBefore));
  return and(...conditions);
}

export async function listOrders(
  db: Executor,
  customerId: number,
  filter: OrderFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = filterOf(customerId, filter);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** How many of the customer's orders await payment (`countUnpaidOrdersOf` for one customer). */
export async function countUnpaidOrders(exec: Executor, customerId: number): Promise<number> {
  return (await countUnpaidOrdersOf(exec, [customerId])).get(customerId) ?? 0;
}

/**
 * How many orders each of these customers has awaiting payment, by customer (none for one without): one row each,
 * kept by the orders' triggers (migration 0022), so a customer with many unpaid orders costs no more to check out
 * than one with none.
 */
export async function countUnpaidOrdersOf(
  exec: Executor,
  customerIds: number[],
): Promise<Map<number, number>> {
  const rows = await queryRows<{ customerId: number; n: number }>(
    exec,
    sql`select ${unpaidOrderCounts.customerId} as "customerId", ${unpaidOrderCounts.n} as n
        from ${unpaidOrderCounts} where ${unpaidOrderCounts.customerId} = any(${sql.param(customerIds)}::int[])`,
  );
  return new Map(rows.map((row) => [row.customerId, row.n]));
}

export async function countOrdersByStatus(
  db: Executor,
  customerId: number,
): Promise<{ status: OrderStatus; n: number }[]> {
  return db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .groupBy(orders.status);
}

/**
 * Orders still unpaid that were placed before `placedBefore`, oldest first, leaving out those with an attempt a
 * round could not settle and left for later (its provider could not say what became of it), so they never hold up
 * the orders behind them.
 */
export async function listOrdersUnpaidSince(
  db: Executor,
  placedBefore: Date,
  now: Date,
): Promise<OrderRow[]> {
  const postponed = db
    .select({ one: sql`1` })
    .from(payments)
    .where(and(eq(payments.orderId, orders.id), eq(payments.status, 'started'), gt(payments.retryAt, now)));
  return db
    .select()
    .from(orders)
    .where(
      and(eq(orders.status, 'pending_payment'), lt(orders.createdAt, placedBefore), notExists(postponed)),
    )
    .orderBy(asc(orders.createdAt))
    .limit(100);
}

/** The order's refunds after payment, oldest first. */
export async function listOrderRefunds(exec: Executor, orderId: number): Promise<OrderRefundRow[]> {
  return exec
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.id));
}

/** Records a refund in the caller's transaction; null when the order already has its packing refund. */
export async function insertOrderRefund(
  exec: Executor,
  refund: Omit<OrderRefundRow, 'id'>,
): Promise<OrderRefundRow | null> {
  const [row] = await exec.insert(orderRefunds).values(refund).onConflictDoNothing().returning();
  return row ?? null;
}

/** An order by its id alone, for the staff side (customers' reads go through `findOrder`). */
export async function findOrderById(
  exec: Executor,
  orderId: number,
  { lock = false } = {},
): Promise<OrderRow | undefined> {
  const query = exec.select().from(orders).where(eq(orders.id, orderId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** What was packed of each line: how many, and what went instead at what price; lines not named went in full. */
export async function recordPackedLines(
  exec: Executor,
  orderId: number,
  packed: {
    productId: number;
    packedQuantity: number;
    substitute: { productId: number; name: string; priceCents: number } | null;
  }[],
): Promise<void> {
  await exec
    .update(orderLines)
    .set({ packedQuantity: orderLines.quantity })
    .where(eq(orderLines.orderId, orderId));
  for (const line of packed) {
    await exec
      .update(orderLines)
      .set({
        packedQuantity: line.packedQuantity,
        substituteProductId: line.substitute?.productId ?? null,
        substituteName: line.substitute?.name ?? null,
        substitutePriceCents: line.substitute?.priceCents ?? null,
      })
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.productId, line.productId)));
  }
}

export async function setTrackingReference(
  exec: Executor,
  orderId: number,
  reference: string,
): Promise<void> {
  await exec.update(orders).set({ trackingReference: reference }).where(eq(orders.id, orderId));
}

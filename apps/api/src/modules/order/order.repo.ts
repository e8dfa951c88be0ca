import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { OrderAddress, OrderStatus } from '@storefront/contract/order';
import type { Executor } from '../../db/client.js';
import {
  addresses,
  coupons,
  creditLedger,
  customerCoupons,
  orderLines,
  orders,
  products,
} from '../../db/schema/index.js';
import type { ProductRow } from '../catalog/catalog.repo.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Locks the given products in id order, so parallel checkouts of the same products queue rather than deadlock. */
export async function lockProducts(tx: Executor, productIds: number[]): Promise<ProductRow[]> {
  if (productIds.length === 0) return [];
  return tx
    .select()
    .from(products)
    .where(inArray(products.id, productIds))
    .orderBy(asc(products.id))
    .for('update');
}

/** Takes `quantity` off the stock only if that many are there; answers whether it did. */
export async function takeStock(tx: Executor, productId: number, quantity: number): Promise<boolean> {
  const rows = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}` })
    .where(and(eq(products.id, productId), gte(products.stock, quantity)))
    .returning({ id: products.id });
  return rows.length > 0;
}

export async function returnStock(tx: Executor, productId: number, quantity: number): Promise<void> {
  await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${quantity}` })
    .where(eq(products.id, productId));
}

export async function findDefaultBillingAddress(db: Executor, customerId: number) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.customerId, customerId), eq(addresses.isDefaultBilling, true)));
  return row;
}

export async function creditBalance(db: Executor, customerId: number): Promise<number> {
  const [row] = await db
    .select({ balance: sql<string>`coalesce(sum(${creditLedger.amountCents}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.customerId, customerId));
  return Number(row?.balance ?? 0);
}

export async function appendCredit(
  db: Executor,
  entry: {
    customerId: number;
    amountCents: number;
    reason: 'order_payment' | 'order_refund';
    orderId: number;
  },
): Promise<void> {
  await db.insert(creditLedger).values(entry);
}

/** Counts one more use of the coupon unless that would pass its usage limit; answers whether it did. */
export async function claimCouponUse(db: Executor, couponId: number): Promise<boolean> {
  const rows = await db
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        sql`(${coupons.usageLimit} is null or ${coupons.usedCount} < ${coupons.usageLimit})`,
      ),
    )
    .returning({ id: coupons.id });
  return rows.length > 0;
}

/** Counts one more use in the customer's wallet (adding the coupon to it if missing) within the per-customer limit. */
export async function claimCustomerCouponUse(
  db: Executor,
  customerId: number,
  couponId: number,
  perCustomerLimit: number,
): Promise<boolean> {
  const rows = await db
    .insert(customerCoupons)
    .values({ customerId, couponId, usedCount: 1 })
    .onConflictDoUpdate({
      target: [customerCoupons.customerId, customerCoupons.couponId],
      set: { usedCount: sql`${customerCoupons.usedCount} + 1` },
      setWhere: sql`${customerCoupons.usedCount} < ${perCustomerLimit}`,
    })
    .returning({ id: customerCoupons.id });
  return rows.length > 0;
}

export async function releaseCouponUse(db: Executor, customerId: number, couponId: number): Promise<void> {
  await db
    .update(coupons)
    .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
    .where(eq(coupons.id, couponId));
  await db
    .update(customerCoupons)
    .set({ usedCount: sql`greatest(${customerCoupons.usedCount} - 1, 0)` })
    .where(and(eq(customerCoupons.customerId, customerId), eq(customerCoupons.couponId, couponId)));
}

export async function insertOrder(
  db: Executor,
  order: NewOrder,
  lines: Omit<OrderLineRow, 'orderId'>[],
): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(order).returning();
  if (!row) throw new Error('insert returned no row');
  await db.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: row.id })));
  return row;
}

export async function findOrder(
  db: Executor,
  customerId: number,
  orderId: number,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
  return row;
}

/** The customer's order, locked so a parallel cancel waits and then sees the new status. */
export async function lockOrder(
  tx: Executor,
  customerId: number,
  orderId: number,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
    .for('update');
  return row;
}

/** Moves the order to `to` only while it is in one of `from`; answers the updated row, or undefined. */
export async function moveOrderStatus(
  db: Executor,
  orderId: number,
  from: readonly OrderStatus[],
  to: OrderStatus,
  extra: { cancelledAt?: Date; paidAt?: Date } = {},
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ status: to, updatedAt: new Date(), ...extra })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...from])))
    .returning();
  return row;
}

export async function setOrderShippingAddress(
  db: Executor,
  orderId: number,
  from: readonly OrderStatus[],
  address: OrderAddress,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ shippingAddress: address, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...from])))
    .returning();
  return row;
}

export async function listOrderLines(db: Executor, orderIds: number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.name));
}

export type OrderFilter = { statuses?: OrderStatus[]; from?: string; to?: string };

function filterOf(customerId: number, filter: OrderFilter): SQL | undefined {
  const conditions: SQL[] = [eq(orders.customerId, customerId)];
  if (filter.statuses && filter.statuses.length > 0) conditions.push(inArray(orders.status, filter.statuses));
  if (filter.from) conditions.push(gte(orders.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) {
    const end = new Date(`${filter.to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(orders.createdAt, end));
  }
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

export async function findCouponCode(db: Executor, couponId: number): Promise<string | null> {
  const [row] = await db.select({ code: coupons.code }).from(coupons).where(eq(coupons.id, couponId));
  return row?.code ?? null;
}

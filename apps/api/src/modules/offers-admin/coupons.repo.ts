import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CouponStatus } from '@storefront/contract/offers-admin';
import type { Executor } from '../../db/client.js';
import { coupons, customerCoupons, customers } from '../../db/schema/index.js';

export type CouponRow = typeof coupons.$inferSelect;
export type CouponFields = Omit<typeof coupons.$inferInsert, 'id' | 'usedCount'>;

export const COUPON_CODE_KEY = 'coupons_code_upper_key';

/**
 * Customers whose wallet holds the coupon. Columns written with their tables: in a one-table select Drizzle names
 * columns bare, and a bare "id" in the subquery would be the wallet row's.
 */
const holders = sql<number>`(select count(*)::int from ${customerCoupons} where ${customerCoupons}.coupon_id = ${coupons}.id)`;

/** The coupons in a status at `now`, as `couponStatusOf` tells them apart. */
function inStatus(status: CouponStatus, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const usedUp = sql`(${coupons.usageLimit} is not null and ${coupons.usedCount} >= ${coupons.usageLimit})`;
  if (status === 'scheduled') return sql`${coupons.startsAt} > ${at}`;
  if (status === 'ended') return sql`(${coupons.endsAt} <= ${at} or ${usedUp})`;
  return sql`(${coupons.startsAt} <= ${at} and ${coupons.endsAt} > ${at} and not ${usedUp})`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listCoupons(
  db: Executor,
  filter: { q?: string; status?: CouponStatus; now: Date },
  page: { limit: number; offset: number },
): Promise<{ rows: (CouponRow & { customerCount: number })[]; total: number }> {
  const filters: SQL[] = [];
  if (filter.status) filters.push(inStatus(filter.status, filter.now));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    filters.push(sql`(${coupons.code} ilike ${pattern} or ${coupons.description} ilike ${pattern})`);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ coupon: coupons, customerCount: holders })
      .from(coupons)
      .where(where)
      .orderBy(desc(coupons.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(coupons).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.coupon, customerCount: r.customerCount })), total: counted?.n ?? 0 };
}

/** The coupon; with `lock`, locked so checkouts counting a use wait until the caller's transaction ends. */
export async function findCoupon(
  db: Executor,
  couponId: number,
  { lock = false } = {},
): Promise<(CouponRow & { customerCount: number }) | undefined> {
  const query = db
    .select({ coupon: coupons, customerCount: holders })
    .from(coupons)
    .where(eq(coupons.id, couponId));
  const [row] = lock ? await query.for('update') : await query;
  return row && { ...row.coupon, customerCount: row.customerCount };
}

export async function insertCoupon(db: Executor, fields: CouponFields): Promise<CouponRow> {
  const [row] = await db.insert(coupons).values(fields).returning();
  if (!row) throw new Error('coupon insert returned no row');
  return row;
}

export async function updateCoupon(
  db: Executor,
  couponId: number,
  fields: Partial<CouponFields>,
): Promise<CouponRow> {
  const [row] = await db.update(coupons).set(fields).where(eq(coupons.id, couponId)).returning();
  if (!row) throw new Error('coupon update returned no row');
  return row;
}

/** The customers holding the coupon, the most recent first. */
export async function listCouponHolders(db: Executor, couponId: number, limit: number) {
  return db
    .select({
      customerId: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      receivedAt: customerCoupons.receivedAt,
      usedCount: customerCoupons.usedCount,
    })
    .from(customerCoupons)
    .innerJoin(customers, eq(customers.id, customerCoupons.customerId))
    .where(eq(customerCoupons.couponId, couponId))
    .orderBy(desc(customerCoupons.receivedAt), desc(customerCoupons.id))
    .limit(limit);
}

/** Customers by email, in any letter case. */
export async function findCustomersByEmail(db: Executor, emails: string[]) {
  if (emails.length === 0) return [];
  return db
    .select({ id: customers.id, email: sql<string>`lower(${customers.email})` })
    .from(customers)
    .where(
      inArray(
        sql`lower(${customers.email})`,
        emails.map((e) => e.toLowerCase()),
      ),
    );
}

/** Puts the coupon in each customer's wallet who lacks it; answers the customers it was added for. */
export async function giveCoupon(
  db: Executor,
  couponId: number,
  customerIds: number[],
  at: Date,
): Promise<number[]> {
  if (customerIds.length === 0) return [];
  const rows = await db
    .insert(customerCoupons)
    .values(customerIds.map((customerId) => ({ customerId, couponId, receivedAt: at })))
    .onConflictDoNothing({ target: [customerCoupons.customerId, customerCoupons.couponId] })
    .returning({ customerId: customerCoupons.customerId });
  return rows.map((r) => r.customerId);
}

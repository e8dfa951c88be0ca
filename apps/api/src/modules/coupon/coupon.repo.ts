import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { coupons, customerCoupons } from '../../db/schema/index.js';

export type CouponRow = typeof coupons.$inferSelect;
/** A coupon as one customer may use it; `customerUses` is null when the coupon is not in their wallet. */
export type CustomerCoupon = { coupon: CouponRow; customerUses: number | null };

async function findCustomerCoupon(
  db: Executor,
  customerId: number,
  where: SQL,
): Promise<CustomerCoupon | undefined> {
  const [row] = await db
    .select({ coupon: coupons, customerUses: customerCoupons.usedCount })
    .from(coupons)
    .leftJoin(
      customerCoupons,
      and(eq(customerCoupons.couponId, coupons.id), eq(customerCoupons.customerId, customerId)),
    )
    .where(where);
  return row;
}

/** The coupon a customer typed (any letter case), with their uses of it. */
export function findCouponByCode(db: Executor, customerId: number, code: string) {
  return findCustomerCoupon(db, customerId, sql`upper(${coupons.code}) = ${code.toUpperCase()}`);
}

export async function findCouponCode(db: Executor, couponId: number): Promise<string | null> {
  const [row] = await db.select({ code: coupons.code }).from(coupons).where(eq(coupons.id, couponId));
  return row?.code ?? null;
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

/** The customer's coupon wallet: every coupon handed to them, soonest to end first. */
export async function listWalletCoupons(db: Executor, customerId: number) {
  return db
    .select({ coupon: coupons, usedCount: customerCoupons.usedCount, receivedAt: customerCoupons.receivedAt })
    .from(customerCoupons)
    .innerJoin(coupons, eq(coupons.id, customerCoupons.couponId))
    .where(eq(customerCoupons.customerId, customerId))
    .orderBy(asc(coupons.endsAt), asc(coupons.id));
}

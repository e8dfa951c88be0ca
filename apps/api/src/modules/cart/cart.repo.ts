import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cartLines, carts, coupons, customerCoupons, products } from '../../db/schema/index.js';
import type { ProductRow } from '../catalog/catalog.repo.js';

export type CartLineRow = typeof cartLines.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type CartLineWithProduct = { line: CartLineRow; product: ProductRow };

/** Creates the customer's carts row if missing and locks it for the rest of the transaction. */
export async function lockCart(tx: Executor, customerId: number): Promise<void> {
  await tx.insert(carts).values({ customerId }).onConflictDoNothing();
  await tx.select({ id: carts.customerId }).from(carts).where(eq(carts.customerId, customerId)).for('update');
}

/**
 * The coupon applied to the cart and how often this customer has used it, in one round trip; `customerUses` is
 * null when the coupon is not in the customer's wallet.
 */
export async function findCartCoupon(
  db: Executor,
  customerId: number,
): Promise<{ coupon: CouponRow; customerUses: number | null } | undefined> {
  const [row] = await db
    .select({ coupon: coupons, customerUses: customerCoupons.usedCount })
    .from(carts)
    .innerJoin(coupons, eq(coupons.id, carts.couponId))
    .leftJoin(
      customerCoupons,
      and(eq(customerCoupons.customerId, carts.customerId), eq(customerCoupons.couponId, coupons.id)),
    )
    .where(eq(carts.customerId, customerId));
  return row;
}

export async function setCartCoupon(
  db: Executor,
  customerId: number,
  couponId: number | null,
): Promise<void> {
  await db
    .insert(carts)
    .values({ customerId, couponId })
    .onConflictDoUpdate({ target: carts.customerId, set: { couponId, updatedAt: sql`now()` } });
}

export async function listCartLines(db: Executor, customerId: number): Promise<CartLineWithProduct[]> {
  return db
    .select({ line: cartLines, product: products })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.customerId, customerId))
    .orderBy(desc(cartLines.addedAt), asc(cartLines.productId));
}

export async function findCartLine(
  db: Executor,
  customerId: number,
  productId: number,
): Promise<CartLineRow | undefined> {
  const [row] = await db
    .select()
    .from(cartLines)
    .where(and(eq(cartLines.customerId, customerId), eq(cartLines.productId, productId)));
  return row;
}

export async function countCartLines(db: Executor, customerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cartLines).where(eq(cartLines.customerId, customerId));
  return row?.n ?? 0;
}

/**
 * Adds `quantity` to the customer's line in one statement: a new line, or the sum on the existing one. The sum is
 * checked against the product's current stock and `maxQuantity` inside the statement, so two parallel adds can
 * never both push a line past stock. Answers the new quantity, or undefined when the merge was refused.
 */
export async function addToCartLine(
  db: Executor,
  line: { customerId: number; productId: number; quantity: number; maxQuantity: number },
): Promise<number | undefined> {
  const [row] = await db
    .insert(cartLines)
    .values({ customerId: line.customerId, productId: line.productId, quantity: line.quantity })
    .onConflictDoUpdate({
      target: [cartLines.customerId, cartLines.productId],
      set: { quantity: sql`${cartLines.quantity} + excluded.quantity`, updatedAt: sql`now()` },
      setWhere: sql`${cartLines.quantity} + excluded.quantity <= least(${line.maxQuantity}::int, (select ${products.stock} from ${products} where ${products.id} = excluded.product_id and ${products.isActive}))`,
    })
    .returning({ quantity: cartLines.quantity });
  return row?.quantity;
}

export async function updateCartLine(
  db: Executor,
  customerId: number,
  productId: number,
  values: { quantity?: number; selected?: boolean },
): Promise<CartLineRow | undefined> {
  const [row] = await db
    .update(cartLines)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(cartLines.customerId, customerId), eq(cartLines.productId, productId)))
    .returning();
  return row;
}

export async function selectAllCartLines(db: Executor, customerId: number, selected: boolean): Promise<void> {
  await db
    .update(cartLines)
    .set({ selected, updatedAt: sql`now()` })
    .where(eq(cartLines.customerId, customerId));
}

export async function deleteCartLines(db: Executor, customerId: number, productIds: number[]): Promise<void> {
  await db
    .delete(cartLines)
    .where(and(eq(cartLines.customerId, customerId), inArray(cartLines.productId, productIds)));
}

export async function findCouponByCode(db: Executor, code: string): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(sql`upper(${coupons.code}) = ${code.toUpperCase()}`);
  return row;
}

/** How many times this customer has used the coupon, or null when it is not in their wallet. */
export async function customerCouponUses(
  db: Executor,
  customerId: number,
  couponId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ used: customerCoupons.usedCount })
    .from(customerCoupons)
    .where(and(eq(customerCoupons.customerId, customerId), eq(customerCoupons.couponId, couponId)));
  return row?.used ?? null;
}

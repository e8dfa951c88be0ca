import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import { cartLines, carts } from '../../db/schema/index.js';

export type CartRow = typeof carts.$inferSelect;
export type CartLineRow = typeof cartLines.$inferSelect;

/** Creates the customer's carts row if missing and locks it for the rest of the transaction. */
export async function lockCart(tx: Executor, customerId: number): Promise<void> {
  await tx.insert(carts).values({ customerId }).onConflictDoNothing();
  await tx.select({ id: carts.customerId }).from(carts).where(eq(carts.customerId, customerId)).for('update');
}

/** The customer's cart row: the coupon applied and the address chosen, if any. */
export async function findCart(db: Executor, customerId: number): Promise<CartRow | undefined> {
  const [row] = await cartOf(db).execute({ customerId });
  return row;
}

const cartOf = preparedPer((db) =>
  db
    .select()
    .from(carts)
    .where(eq(carts.customerId, sql.placeholder('customerId')))
    .prepare('find_cart'),
);

/** Sets the cart's coupon or chosen address, creating the cart row if missing. */
export async function updateCart(
  db: Executor,
  customerId: number,
  values: Partial<Pick<CartRow, 'couponId' | 'addressId'>>,
): Promise<void> {
  await db
    .insert(carts)
    .values({ customerId, ...values })
    .onConflictDoUpdate({ target: carts.customerId, set: { ...values, updatedAt: sql`now()` } });
}

/** The customer's lines, newest first. */
export async function listCartLines(db: Executor, customerId: number): Promise<CartLineRow[]> {
  return linesOf(db).execute({ customerId });
}

const linesOf = preparedPer((db) =>
  db
    .select()
    .from(cartLines)
    .where(eq(cartLines.customerId, sql.placeholder('customerId')))
    .orderBy(desc(cartLines.addedAt), asc(cartLines.productId))
    .prepare('list_cart_lines'),
);

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
 * Adds `quantity` to the customer's line in one statement: a new line, or the sum on the existing one, refused
 * inside the statement when the sum would pass `maxQuantity`. Answers the new quantity, or undefined when refused.
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
      setWhere: sql`${cartLines.quantity} + excluded.quantity <= ${line.maxQuantity}`,
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

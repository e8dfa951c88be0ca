import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { wishlistItems } from '../../db/schema/index.js';

export type WishlistItemRow = typeof wishlistItems.$inferSelect;

/** The customer's items, newest first; all of them, or those among `ids`. */
export async function listWishlist(
  db: Executor,
  customerId: number,
  ids?: number[],
): Promise<WishlistItemRow[]> {
  return db
    .select()
    .from(wishlistItems)
    .where(and(eq(wishlistItems.customerId, customerId), ids ? inArray(wishlistItems.id, ids) : undefined))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
}
export async function insertWishlistItems(
  db: Executor,
  customerId: number,
  productIds: number[],
): Promise<void> {
  if (productIds.length === 0) return;
  await db
    .insert(wishlistItems)
    .values(productIds.map((productId) => ({ customerId, productId })))
    .onConflictDoNothing();
}

/** Deletes the customer's own items among `ids`; answers how many went. */
export async function deleteWishlistItems(db: Executor, customerId: number, ids: number[]): Promise<number> {
  const rows = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.customerId, customerId), inArray(wishlistItems.id, ids)))
    .returning({ id: wishlistItems.id });
  return rows.length;
}

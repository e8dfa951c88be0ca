import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { products, wishlistItems } from '../../db/schema/index.js';
import type { ProductRow } from '../catalog/catalog.repo.js';

export type WishlistItemRow = typeof wishlistItems.$inferSelect;
export type WishlistEntry = { item: WishlistItemRow; product: ProductRow };

export async function listWishlist(db: Executor, customerId: number): Promise<WishlistEntry[]> {
  return db
    .select({ item: wishlistItems, product: products })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.customerId, customerId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
}

export async function findWishlistEntries(
  db: Executor,
  customerId: number,
  ids: number[],
): Promise<WishlistEntry[]> {
  return db
    .select({ item: wishlistItems, product: products })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.customerId, customerId), inArray(wishlistItems.id, ids)));
}

export async function wishlistProductIds(db: Executor, customerId: number): Promise<Set<number>> {
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.customerId, customerId));
  return new Set(rows.map((r) => r.productId));
}

export async function countWishlist(db: Executor, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(wishlistItems)
    .where(eq(wishlistItems.customerId, customerId));
  return row?.n ?? 0;
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

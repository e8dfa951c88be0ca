import { and, asc, count, eq, gte, ilike, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { escapeLike } from '../../db/like.js';
import { products } from '../../db/schema/index.js';

export type ProductRow = typeof products.$inferSelect;

function likePattern(keyword: string): string {
  return `%${escapeLike(keyword)}%`;
}

export async function findProductById(db: Executor, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}

export async function findProductsByIds(db: Executor, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(products).where(inArray(products.id, ids));
}

export async function listActiveProducts(
  db: Executor,
  where: { category?: string; keyword?: string; limit: number; offset: number },
): Promise<{ rows: ProductRow[]; total: number }> {
  const pattern = where.keyword ? likePattern(where.keyword) : undefined;
  const filter = and(
    eq(products.isActive, true),
    where.category ? eq(products.category, where.category) : undefined,
    pattern
      ? or(ilike(products.name, pattern), ilike(products.description, pattern), ilike(products.sku, pattern))
      : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(filter)
      .orderBy(asc(products.category), asc(products.name), asc(products.id))
      .limit(where.limit)
      .offset(where.offset),
    db.select({ n: count() }).from(products).where(filter),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

export async function countActiveByCategory(db: Executor): Promise<{ category: string; n: number }[]> {
  return db
    .select({ category: products.category, n: count() })
    .from(products)
    .where(eq(products.isActive, true))
    .groupBy(products.category);
}

/** Active products other than the given ones: the given categories first, then the seasonal one, in stock first. */
export async function findRelatedProducts(
  db: Executor,
  where: { excludeIds: number[]; categories: string[]; seasonal: string; limit: number },
): Promise<ProductRow[]> {
  const sameCategory =
    where.categories.length > 0 ? inArray(products.category, where.categories) : sql`false`;
  return db
    .select()
    .from(products)
    .where(
      and(
        eq(products.isActive, true),
        notInArray(products.id, where.excludeIds),
        or(sameCategory, eq(products.category, where.seasonal)),
      ),
    )
    .orderBy(
      sql`case when ${sameCategory} then 0 else 1 end`,
      sql`case when ${products.stock} > 0 then 0 else 1 end`,
      asc(products.name),
      asc(products.id),
    )
    .limit(where.limit);
}

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

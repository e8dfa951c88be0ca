import { and, asc, eq, ilike, lte, or, sql } from 'drizzle-orm';
import type { AdminProductListParams, StockMovementReason } from '@storefront/contract/catalogue-admin';
import { LOW_STOCK_LEVEL } from '@storefront/contract/catalogue-admin';
import type { Executor } from '../../db/client.js';
import { escapeLike } from '../../db/like.js';
import { products, staff, stockMovements } from '../../db/schema/index.js';
import { productColumns, type ProductRow } from '../catalog/catalog.repo.js';
import { specialRunningSql } from '../catalog/selling-price.js';

/** A product as staff see it: the shop's row and whether its special runs now. */
export type StaffProductRow = ProductRow & { specialRunning: boolean };

const staffProductColumns = { ...productColumns, specialRunning: specialRunningSql };

export async function findStaffProduct(
  exec: Executor,
  id: number,
  { lock = false } = {},
): Promise<StaffProductRow | undefined> {
  const query = exec.select(staffProductColumns).from(products).where(eq(products.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function listStaffProducts(
  exec: Executor,
  where: AdminProductListParams,
): Promise<{ rows: StaffProductRow[]; total: number }> {
  const pattern = where.q ? `%${escapeLike(where.q)}%` : undefined;
  const filter = and(
    pattern
      ? or(ilike(products.name, pattern), ilike(products.brand, pattern), ilike(products.sku, pattern))
      : undefined,
    where.category ? eq(products.category, where.category) : undefined,
    where.status === 'all' ? undefined : eq(products.isActive, where.status === 'active'),
    where.lowStock ? lte(products.stock, LOW_STOCK_LEVEL) : undefined,
  );
  const rows = await exec
    .select({ ...staffProductColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(filter)
    // The low-stock list shows the emptiest shelves first.
    .orderBy(...(where.lowStock ? [asc(products.stock)] : []), asc(products.name), asc(products.id))
    .limit(where.pageSize)
    .offset((where.page - 1) * where.pageSize);
  return { rows: rows.map(({ total: _, ...row }) => row), total: rows[0]?.total ?? 0 };
}

/** The columns a staff edit writes (stock moves only by an adjustment, the image by an upload). */
export type ProductValues = Pick<
  typeof products.$inferInsert,
  | 'sku'
  | 'name'
  | 'brand'
  | 'description'
  | 'category'
  | 'priceCents'
  | 'gstFree'
  | 'packSize'
  | 'packUnit'
  | 'weightGrams'
  | 'isActive'
  | 'ingredients'
  | 'allergensContains'
  | 'allergensMayContain'
  | 'originStatement'
  | 'dietary'
  | 'specialPriceCents'
  | 'specialStartsAt'
  | 'specialEndsAt'
>;

export async function insertProduct(
  tx: Executor,
  values: ProductValues & { stock: number; imageUrl: string },
  at: Date,
): Promise<number> {
  const [row] = await tx
    .insert(products)
    .values({ ...values, createdAt: at, updatedAt: at })
    .returning({ id: products.id });
  if (!row) throw new Error('insert returned no product');
  return row.id;
}

export async function updateProductValues(
  tx: Executor,
  id: number,
  values: ProductValues,
  at: Date,
): Promise<void> {
  await tx
    .update(products)
    .set({ ...values, version: sql`${products.version} + 1`, updatedAt: at })
    .where(eq(products.id, id));
}

/**
 * Names the reason, the staff member and a note for the stock moves of the caller's transaction: the ledger trigger
 * (migration 0029) writes them on each row it records.
 */
export async function nameStockMoves(
  tx: Executor,
  move: { reason: StockMovementReason; staffId: number; note?: string | null },
): Promise<void> {
  await tx.execute(
    sql`select set_config('storefront.stock_reason', ${move.reason}, true),
      set_config('storefront.staff_id', ${String(move.staffId)}, true),
      set_config('storefront.stock_note', ${move.note ?? ''}, true)`,
  );
}

/**
 * Moves the stock by `delta` unless that takes it below zero, in one statement: the row lock it takes queues it with
 * checkouts taking the same product, each reading the stock the one before left. Answers the stock after, or
 * undefined when refused (or no such product).
 */
export async function moveStock(tx: Executor, id: number, delta: number): Promise<number | undefined> {
  const [row] = await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${delta}` })
    .where(and(eq(products.id, id), sql`${products.stock} + ${delta} >= 0`))
    .returning({ stock: products.stock });
  return row?.stock;
}

/** Sets the stock to the count found on the shelf. */
export async function setStock(tx: Executor, id: number, count: number): Promise<number | undefined> {
  const [row] = await tx
    .update(products)
    .set({ stock: count })
    .where(eq(products.id, id))
    .returning({ stock: products.stock });
  return row?.stock;
}

export async function listStockMovements(exec: Executor, productId: number, limit: number) {
  return exec
    .select({
      id: stockMovements.id,
      at: stockMovements.at,
      delta: stockMovements.delta,
      stockAfter: stockMovements.stockAfter,
      reason: stockMovements.reason,
      staffName: staff.name,
      note: stockMovements.note,
    })
    .from(stockMovements)
    .leftJoin(staff, eq(staff.id, stockMovements.staffId))
    .where(eq(stockMovements.productId, productId))
    .orderBy(sql`${stockMovements.id} desc`)
    .limit(limit);
}

/** What the ledger adds up to for a product (it must equal the stock). */
export async function ledgerSum(exec: Executor, productId: number): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`coalesce(sum(${stockMovements.delta}), 0)`.mapWith(Number) })
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId));
  return row?.n ?? 0;
}

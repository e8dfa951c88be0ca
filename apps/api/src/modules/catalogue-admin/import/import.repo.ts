import { asc, gt, sql, type SQL } from 'drizzle-orm';
import type { CsvColumn } from '@storefront/contract/catalogue-admin';
import { pgErrorCode, queryRows, UNIQUE_VIOLATION, type Executor, type Tx } from '../../../db/client.js';
import { products } from '../../../db/schema/index.js';
import { AppError } from '../../../lib/app-error.js';
import type { ImportRow } from './product-csv.js';

/** The staging table's columns and types, in order; the product columns of the same name take them. */
const STAGED = {
  line: 'integer not null',
  sku: 'text primary key',
  name: 'text not null',
  brand: 'text',
  description: 'text not null',
  category: 'text not null',
  price_cents: 'integer not null',
  gst_free: 'boolean not null',
  pack_size: 'integer',
  pack_unit: 'text',
  weight_grams: 'integer not null',
  stock: 'integer',
  is_active: 'boolean not null',
  ingredients: 'text',
  allergens_contains: 'text[] not null',
  allergens_may_contain: 'text[] not null',
  origin_statement: 'text',
  dietary: 'text[] not null',
} as const;
type StagedColumn = keyof typeof STAGED;
const stagedColumns = Object.keys(STAGED) as StagedColumn[];

/** The product column each file column (besides sku and stock) writes. */
const PRODUCT_COLUMN: Record<Exclude<CsvColumn, 'sku' | 'stock'>, StagedColumn> = {
  name: 'name',
  brand: 'brand',
  description: 'description',
  aisle: 'category',
  price: 'price_cents',
  gst_free: 'gst_free',
  pack_size: 'pack_size',
  pack_unit: 'pack_unit',
  weight_grams: 'weight_grams',
  active: 'is_active',
  ingredients: 'ingredients',
  allergens_contains: 'allergens_contains',
  allergens_may_contain: 'allergens_may_contain',
  origin_statement: 'origin_statement',
  dietary: 'dietary',
};
/** Lists compared as sets: the same allergens (or marks) in another order are no change. */
const SET_VALUED = new Set<StagedColumn>(['allergens_contains', 'allergens_may_contain', 'dietary']);

const stagedRecord = (r: ImportRow): Record<StagedColumn, unknown> => ({
  line: r.line,
  sku: r.sku,
  name: r.name,
  brand: r.brand,
  description: r.description,
  category: r.category,
  price_cents: r.priceCents,
  gst_free: r.gstFree,
  pack_size: r.packSize,
  pack_unit: r.packUnit,
  weight_grams: r.weightGrams,
  stock: r.stock,
  is_active: r.isActive,
  ingredients: r.ingredients,
  allergens_contains: r.allergensContains,
  allergens_may_contain: r.allergensMayContain,
  origin_statement: r.originStatement,
  dietary: r.dietary,
});

const definitions = (withConstraints: boolean) =>
  sql.raw(
    stagedColumns
      .map((c) => `${c} ${withConstraints ? STAGED[c] : STAGED[c].replace(/ (not null|primary key)$/, '')}`)
      .join(', '),
  );

/** The file's rows, staged in a table of this transaction's own, dropped when it ends. */
export async function createStaging(tx: Tx): Promise<void> {
  await tx.execute(sql`create temp table product_import (${definitions(true)}) on commit drop`);
}

/** A batch of rows in one statement: the rows travel as one JSON parameter. */
export async function stageRows(tx: Tx, rows: ImportRow[]): Promise<void> {
  const json = JSON.stringify(rows.map(stagedRecord));
  await tx.execute(
    sql`insert into product_import select * from json_to_recordset(${json}::json) as r(${definitions(false)})`,
  );
}

/** The product columns the file's columns write, besides the stock. */
function writtenColumns(present: readonly CsvColumn[]): StagedColumn[] {
  return present.flatMap((c) => (c === 'sku' || c === 'stock' ? [] : [PRODUCT_COLUMN[c]]));
}

/** True for a staged row (s) that would change its product (p): a column the file has, or the stock it gives. */
function differs(present: readonly CsvColumn[]): SQL {
  const changes = writtenColumns(present).map((c) => {
    const col = sql.identifier(c);
    return SET_VALUED.has(c)
      ? sql`not (p.${col} @> s.${col} and p.${col} <@ s.${col})`
      : sql`p.${col} is distinct from s.${col}`;
  });
  if (present.includes('stock')) changes.push(sql`(s.stock is not null and p.stock <> s.stock)`);
  return sql`(${sql.join(changes, sql` or `)})`;
}

/** What an import of the staged rows would do. */
export async function countChanges(
  tx: Tx,
  present: readonly CsvColumn[],
): Promise<{ created: number; updated: number }> {
  const [row] = await queryRows<{ created: number; updated: number }>(
    tx,
    sql`select count(*) filter (where p.id is null)::int as created,
        count(*) filter (where p.id is not null and ${differs(present)})::int as updated
      from product_import s left join products p on p.sku = s.sku`,
  );
  return row ?? { created: 0, updated: 0 };
}

/**
 * Staged rows whose price is not above their product's special price (which must stay below it), first lines
 * first, and how many there are.
 */
export async function undercutSpecials(
  tx: Tx,
  limit: number,
): Promise<{ rows: { line: number; specialCents: number }[]; total: number }> {
  const rows = await queryRows<{ line: number; specialCents: number; total: number }>(
    tx,
    sql`select s.line, p.special_price_cents as "specialCents", count(*) over ()::int as total
      from product_import s join products p on p.sku = s.sku
      where p.special_price_cents is not null and s.price_cents <= p.special_price_cents
      order by s.line limit ${limit}`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/**
 * Writes the staged rows: updates the products that differ (the file's columns, and the stock where it gives one;
 * version + 1), then creates the new ones. The stock moves are the ledger's, named as the import's by this staff
 * member. Four statements however many rows.
 */
export async function applyStaged(
  tx: Tx,
  present: readonly CsvColumn[],
  { staffId, at, imageUrl }: { staffId: number; at: Date; imageUrl: string },
): Promise<{ created: number; updated: number }> {
  await tx.execute(
    sql`select set_config('storefront.stock_reason', 'import', true),
      set_config('storefront.staff_id', ${String(staffId)}, true),
      set_config('storefront.stock_note', '', true)`,
  );
  // In id order, as checkout locks products: two transactions taking the same products never wait on each other.
  await tx.execute(
    sql`select count(*) from (select p.id from products p join product_import s on s.sku = p.sku
      where ${differs(present)} order by p.id for update of p) locked`,
  );
  const atText = at.toISOString();
  const sets = writtenColumns(present).map((c) => sql`${sql.identifier(c)} = s.${sql.identifier(c)}`);
  const [updated] = await queryRows<{ n: number }>(
    tx,
    sql`with changed as (
        update products p set ${sql.join(sets, sql`, `)}, stock = coalesce(s.stock, p.stock),
          version = p.version + 1, updated_at = ${atText}::timestamptz
        from product_import s where p.sku = s.sku and ${differs(present)}
        returning 1)
      select count(*)::int as n from changed`,
  );
  const written = stagedColumns.filter((c) => c !== 'line');
  const values = written.map((c) =>
    c === 'stock' ? sql`coalesce(s.stock, 0)` : sql`s.${sql.identifier(c)}`,
  );
  try {
    const [created] = await queryRows<{ n: number }>(
      tx,
      sql`with added as (
          insert into products (${sql.join(
            written.map((c) => sql.identifier(c)),
            sql`, `,
          )}, image_url, created_at, updated_at)
          select ${sql.join(values, sql`, `)}, ${imageUrl}, ${atText}::timestamptz, ${atText}::timestamptz
          from product_import s where not exists (select 1 from products p where p.sku = s.sku)
          order by s.line
          returning 1)
        select count(*)::int as n from added`,
    );
    return { created: created?.n ?? 0, updated: updated?.n ?? 0 };
  } catch (err) {
    // A product made with one of these SKUs since the update looked: the file is for the staff member to check again.
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new AppError('PRODUCT_IMPORT_CONFLICT');
    throw err;
  }
}

/** A page of products for the export, after the product `afterId`, in id order. */
export function productsAfter(exec: Executor, afterId: number, limit: number) {
  return exec
    .select({
      id: products.id,
      sku: products.sku,
      name: products.name,
      brand: products.brand,
      description: products.description,
      category: products.category,
      priceCents: products.priceCents,
      gstFree: products.gstFree,
      packSize: products.packSize,
      packUnit: products.packUnit,
      weightGrams: products.weightGrams,
      stock: products.stock,
      isActive: products.isActive,
      ingredients: products.ingredients,
      allergensContains: products.allergensContains,
      allergensMayContain: products.allergensMayContain,
      originStatement: products.originStatement,
      dietary: products.dietary,
    })
    .from(products)
    .where(gt(products.id, afterId))
    .orderBy(asc(products.id))
    .limit(limit);
}

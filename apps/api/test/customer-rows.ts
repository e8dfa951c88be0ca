import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../src/db/client.js';

export { queryRows };

type ForeignKey = { table: string; column: string; references: string; referencedColumn: string };
type Schema = { keys: ForeignKey[]; emailTables: string[] };

const schemaByDatabase = new WeakMap<Executor, Promise<Schema>>();

/** The schema facts the snapshot needs, read once per database. */
function schemaOf(db: Executor): Promise<Schema> {
  const known = schemaByDatabase.get(db);
  if (known) return known;
  const schema = readSchema(db);
  schemaByDatabase.set(db, schema);
  return schema;
}

async function readSchema(db: Executor): Promise<Schema> {
  // Every single-column foreign key between tables of the public schema.
  const keys = await queryRows<ForeignKey>(
    db,
    sql`
      select c.conrelid::regclass::text as "table", a.attname as "column",
             c.confrelid::regclass::text as "references", r.attname as "referencedColumn"
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      join pg_attribute r on r.attrelid = c.confrelid and r.attnum = c.confkey[1]
      where c.contype = 'f' and cardinality(c.conkey) = 1 and c.connamespace = 'public'::regnamespace
      order by 1, 2`,
  );
  const emails = await queryRows<{ table: string }>(
    db,
    sql`select table_name as "table" from information_schema.columns
        where table_schema = 'public' and column_name = 'email' and table_name <> 'customers' order by 1`,
  );
  return { keys, emailTables: emails.map((e) => e.table) };
}

function anyOf(conditions: SQL[]): SQL {
  return sql.join(
    conditions.map((c) => sql`(${c})`),
    sql` or `,
  );
}

async function rowsWhere(db: Executor, table: string, where: SQL): Promise<unknown[]> {
  const found = await queryRows<{ row: unknown }>(
    db,
    sql`select to_jsonb(t) as row from ${sql.identifier(table)} t where ${where} order by to_jsonb(t)::text`,
  );
  return found.map((r) => r.row);
}

/**
 * Every row that is the customer's, table by table: the customer, the rows of each table with a foreign key to the
 * customer or to one of their orders or with their email address, and the rows those point at in other tables
 * (products, coupons, suburbs...). Found from the schema, so a new table of customer data is covered as it comes.
 */
export async function customerRows(db: Executor, customerId: number): Promise<Record<string, unknown[]>> {
  const { keys, emailTables } = await schemaOf(db);
  const whereByTable = new Map<string, SQL[]>([['customers', [sql`t.id = ${customerId}`]]]);
  const own = (table: string, condition: SQL) =>
    whereByTable.set(table, [...(whereByTable.get(table) ?? []), condition]);
  for (const k of keys.filter((k) => k.references === 'customers'))
    own(k.table, sql`t.${sql.identifier(k.column)} = ${customerId}`);
  // Rows of the customer's orders and shopping lists (order lines, a list's products...).
  for (const parent of ['orders', 'shopping_lists'])
    for (const k of keys.filter((k) => k.references === parent))
      own(
        k.table,
        sql`t.${sql.identifier(k.column)} in (select id from ${sql.identifier(parent)} where customer_id = ${customerId})`,
      );
  for (const table of emailTables)
    own(table, sql`lower(t.email) = (select lower(email) from customers where id = ${customerId})`);

  const snapshot: Record<string, unknown[]> = {};
  for (const [table, conditions] of [...whereByTable].sort(([x], [y]) => x.localeCompare(y)))
    snapshot[table] = await rowsWhere(db, table, anyOf(conditions));

  // What the customer's rows point at elsewhere: a stock level or a coupon's use count is part of what must not move.
  const pointedAt = keys.filter((k) => whereByTable.has(k.table) && !whereByTable.has(k.references));
  for (const k of pointedAt) {
    const owner = anyOf(whereByTable.get(k.table) ?? []);
    const ids = sql`select t.${sql.identifier(k.column)} from ${sql.identifier(k.table)} t where ${owner}`;
    const rows = await rowsWhere(db, k.references, sql`t.${sql.identifier(k.referencedColumn)} in (${ids})`);
    snapshot[`${k.references} via ${k.table}.${k.column}`] = rows;
  }
  return snapshot;
}

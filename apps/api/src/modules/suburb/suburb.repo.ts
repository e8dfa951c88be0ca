import { and, asc, eq, getTableColumns, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import { escapeLike } from '../../db/like.js';
import { addresses, suburbs } from '../../db/schema/index.js';

export type SuburbRow = typeof suburbs.$inferSelect;

/** The locality with this postcode and name (any letter case), and state when given. */
export async function findSuburb(
  db: Executor,
  where: { postcode: string; locality: string; state?: string },
): Promise<SuburbRow | undefined> {
  const [row] = await db
    .select()
    .from(suburbs)
    .where(
      and(
        eq(suburbs.postcode, where.postcode),
        sql`lower(${suburbs.locality}) = ${where.locality.trim().toLowerCase()}`,
        where.state ? eq(suburbs.state, where.state) : undefined,
      ),
    )
    .limit(1);
  return row;
}

export async function findSuburbById(db: Executor, id: number): Promise<SuburbRow | undefined> {
  const [row] = await suburbById(db).execute({ id });
  return row;
}

/** The localities with these ids, in one statement, by id. */
export async function findSuburbsByIds(db: Executor, ids: number[]): Promise<Map<number, SuburbRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(suburbs)
    .where(inArray(suburbs.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

// Checkout, shipping quotes and delivery windows each read one: built once, prepared on PostgreSQL.
const suburbById = preparedPer((db) =>
  db
    .select()
    .from(suburbs)
    .where(eq(suburbs.id, sql.placeholder('id')))
    .prepare('find_suburb_by_id'),
);

/** The suburb of one of the customer's addresses; none for another customer's. */
export async function findSuburbOfAddress(
  db: Executor,
  customerId: number,
  addressId: number,
): Promise<SuburbRow | undefined> {
  const [row] = await suburbOfAddress(db).execute({ customerId, addressId });
  return row?.suburb;
}

const suburbOfAddress = preparedPer((db) =>
  db
    .select({ suburb: getTableColumns(suburbs) })
    .from(suburbs)
    .innerJoin(addresses, eq(addresses.suburbId, suburbs.id))
    .where(
      and(
        eq(addresses.id, sql.placeholder('addressId')),
        eq(addresses.customerId, sql.placeholder('customerId')),
      ),
    )
    .prepare('find_suburb_of_address'),
);

/** The locality a bare postcode most likely means: the least remote one, then the oldest entry. */
export async function findSuburbByPostcode(db: Executor, postcode: string): Promise<SuburbRow | undefined> {
  const [row] = await db
    .select()
    .from(suburbs)
    .where(eq(suburbs.postcode, postcode))
    .orderBy(sql`${suburbs.remoteness} asc nulls last`, asc(suburbs.id))
    .limit(1);
  return row;
}

export async function listByPostcode(db: Executor, postcode: string): Promise<SuburbRow[]> {
  return db.select().from(suburbs).where(eq(suburbs.postcode, postcode)).orderBy(asc(suburbs.locality));
}

/**
 * Localities whose postcode starts with `digits` or whose name starts with `name`, ranked: exact postcode,
 * then postcode prefix, then exact name, then name prefix. Both filters use btree prefix indexes.
 */
export async function searchSuburbs(
  db: Executor,
  terms: { digits?: string; name?: string },
  limit: number,
): Promise<SuburbRow[]> {
  const name = terms.name?.toLowerCase();
  // A range rather than LIKE, so the plain btree on postcode serves it under any collation.
  const byPostcode = terms.digits
    ? and(gte(suburbs.postcode, terms.digits), lte(suburbs.postcode, `${terms.digits}9999`))
    : undefined;
  const byName = name ? sql`lower(${suburbs.locality}) like ${`${escapeLike(name)}%`}` : undefined;
  const where = byPostcode && byName ? and(byPostcode, byName) : (byPostcode ?? byName);
  const rank = sql<number>`case
    when ${suburbs.postcode} = ${terms.digits ?? ''} then 0
    when ${name ? sql`lower(${suburbs.locality}) = ${name}` : sql`false`} then 1
    else 2 end`;
  return db
    .select()
    .from(suburbs)
    .where(where)
    .orderBy(rank, sql`length(${suburbs.locality})`, asc(suburbs.locality), asc(suburbs.postcode))
    .limit(limit);
}

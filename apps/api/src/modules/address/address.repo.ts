import { and, asc, count, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import { addresses } from '../../db/schema/index.js';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressValues = Omit<
  typeof addresses.$inferInsert,
  'id' | 'customerId' | 'createdAt' | 'updatedAt'
>;

export async function listAddresses(db: Executor, customerId: number): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, customerId))
    .orderBy(desc(addresses.isDefaultShipping), asc(addresses.id));
}

export async function countAddresses(db: Executor, customerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(addresses).where(eq(addresses.customerId, customerId));
  return row?.n ?? 0;
}

export async function findAddress(
  db: Executor,
  customerId: number,
  id: number,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)));
  return row;
}

export async function insertAddress(
  db: Executor,
  customerId: number,
  values: AddressValues,
): Promise<AddressRow> {
  const [row] = await db
    .insert(addresses)
    .values({ ...values, customerId })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateAddress(
  db: Executor,
  customerId: number,
  id: number,
  values: Partial<AddressValues>,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .update(addresses)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)))
    .returning();
  return row;
}

export async function deleteAddress(
  db: Executor,
  customerId: number,
  id: number,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)))
    .returning();
  return row;
}

/** The customer's default shipping or billing address, if they have one. */
/** The customer's addresses among `ids`, and their default billing address, in one statement. */
/** The customer's addresses with these two ids (they may be one) and their default billing address. */
export async function findAddressesWithDefaultBilling(
  db: Executor,
  customerId: number,
  ids: [number, number],
): Promise<AddressRow[]> {
  return (await findAddressesWithDefaultBillingOf(db, [{ customerId, ids }])).get(customerId) ?? [];
}

/**
 * For several customers' checkouts at once, each asking for two of their addresses: the addresses asked for and
 * each customer's default billing one, by customer. An id asked for by one customer never answers with another's.
 */
export async function findAddressesWithDefaultBillingOf(
  db: Executor,
  asks: { customerId: number; ids: [number, number] }[],
): Promise<Map<number, AddressRow[]>> {
  const rows = await addressesWithDefaultBillingOfMany(db).execute({
    customerIds: asks.map((a) => a.customerId),
    ids: asks.flatMap((a) => a.ids),
  });
  const byCustomer = new Map<number, AddressRow[]>();
  for (const { customerId, ids } of asks) {
    const mine = rows.filter(
      (a) => a.customerId === customerId && (a.isDefaultBilling || ids.includes(a.id)),
    );
    byCustomer.set(customerId, mine);
  }
  return byCustomer;
}

const addressesWithDefaultBillingOfMany = preparedPer((db) =>
  db
    .select()
    .from(addresses)
    .where(
      and(
        sql`${addresses.customerId} = any(${sql.placeholder('customerIds')}::int[])`,
        or(
          sql`${addresses.id} = any(${sql.placeholder('ids')}::int[])`,
          eq(addresses.isDefaultBilling, true),
        ),
      ),
    )
    .prepare('find_addresses_with_default_billing_of_many'),
);

export async function findDefaultAddress(
  db: Executor,
  customerId: number,
  kind: 'shipping' | 'billing',
): Promise<AddressRow | undefined> {
  const column = kind === 'shipping' ? addresses.isDefaultShipping : addresses.isDefaultBilling;
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.customerId, customerId), eq(column, true)));
  return row;
}

export async function clearDefault(
  db: Executor,
  customerId: number,
  kind: 'shipping' | 'billing',
): Promise<void> {
  const column = kind === 'shipping' ? addresses.isDefaultShipping : addresses.isDefaultBilling;
  await db
    .update(addresses)
    .set(kind === 'shipping' ? { isDefaultShipping: false } : { isDefaultBilling: false })
    .where(and(eq(addresses.customerId, customerId), eq(column, true)));
}

/** The newest other address, to take over a default when its address is deleted. */
export async function newestOtherAddress(
  db: Executor,
  customerId: number,
  exceptId: number,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.customerId, customerId), ne(addresses.id, exceptId)))
    .orderBy(desc(addresses.id))
    .limit(1);
  return row;
}

import { and, asc, count, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import { addresses, suburbs } from '../../db/schema/index.js';
import type { SuburbRow } from '../suburb/suburb.repo.js';

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

/** The addresses a checkout names, the customer's default billing one, and the delivery address's suburb. */
export type CheckoutAddresses = { addresses: AddressRow[]; deliverySuburb: SuburbRow | undefined };

/**
 * The customer's delivery address and billing address (`billingId`, the delivery one when not asked for), their
 * default billing address, and the delivery address's suburb, in one statement: an id of another customer's address
 * answers nothing.
 */
export async function findCheckoutAddresses(
  db: Executor,
  customerId: number,
  ids: { deliveryId: number; billingId: number },
): Promise<CheckoutAddresses> {
  const rows = await checkoutAddressesOf(db).execute({ customerId, ...ids });
  return {
    addresses: rows.map((r) => r.address),
    deliverySuburb: rows.find((r) => r.suburb !== null)?.suburb ?? undefined,
  };
}

const checkoutAddressesOf = preparedPer((db) =>
  db
    .select({ address: addresses, suburb: suburbs })
    .from(addresses)
    .leftJoin(
      suburbs,
      and(eq(suburbs.id, addresses.suburbId), eq(addresses.id, sql.placeholder('deliveryId'))),
    )
    .where(
      and(
        eq(addresses.customerId, sql.placeholder('customerId')),
        or(
          eq(addresses.id, sql.placeholder('deliveryId')),
          eq(addresses.id, sql.placeholder('billingId')),
          eq(addresses.isDefaultBilling, true),
        ),
      ),
    )
    .prepare('find_checkout_addresses'),
);

/** The customer's default shipping or billing address, if they have one. */
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

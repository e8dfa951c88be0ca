import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { addresses, carts, shippingRates, suburbs } from '../../db/schema/index.js';
import type { SuburbRow } from '../suburb/suburb.repo.js';

export type ShippingRateRow = typeof shippingRates.$inferSelect;
export type AddressSuburb = { addressId: number; suburb: SuburbRow };

export async function listRatesForZone(
  db: Executor,
  zone: ShippingRateRow['zone'],
): Promise<ShippingRateRow[]> {
  return db.select().from(shippingRates).where(eq(shippingRates.zone, zone));
}

const addressSuburb = { addressId: addresses.id, suburb: suburbs };

/** One of the customer's own addresses with its locality; another customer's id finds nothing. */
export async function findCustomerAddressSuburb(
  db: Executor,
  customerId: number,
  addressId: number,
): Promise<AddressSuburb | undefined> {
  const [row] = await db
    .select(addressSuburb)
    .from(addresses)
    .innerJoin(suburbs, eq(suburbs.id, addresses.suburbId))
    .where(and(eq(addresses.customerId, customerId), eq(addresses.id, addressId)));
  return row;
}

/** The address the customer chose for this cart, if it is still theirs. */
export async function findCartAddressSuburb(
  db: Executor,
  customerId: number,
): Promise<AddressSuburb | undefined> {
  const [row] = await db
    .select(addressSuburb)
    .from(carts)
    .innerJoin(addresses, and(eq(addresses.id, carts.addressId), eq(addresses.customerId, customerId)))
    .innerJoin(suburbs, eq(suburbs.id, addresses.suburbId))
    .where(eq(carts.customerId, customerId));
  return row;
}

export async function findDefaultAddressSuburb(
  db: Executor,
  customerId: number,
): Promise<AddressSuburb | undefined> {
  const [row] = await db
    .select(addressSuburb)
    .from(addresses)
    .innerJoin(suburbs, eq(suburbs.id, addresses.suburbId))
    .where(and(eq(addresses.customerId, customerId), eq(addresses.isDefaultShipping, true)));
  return row;
}

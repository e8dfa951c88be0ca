import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { ShippingZone } from '@storefront/contract/shipping';
import type { Executor } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import { shippingRates, shippingZones } from '../../db/schema/index.js';

export type ShippingRateRow = typeof shippingRates.$inferSelect;
/** A rate with its zone's minimum order (cents; 0 when none is set). */
export type ZoneRateRow = ShippingRateRow & { minimumOrderCents: number };
export type ShippingZoneRow = typeof shippingZones.$inferSelect;

export async function listRatesForZone(db: Executor, zone: ShippingZone): Promise<ZoneRateRow[]> {
  return ratesOf(db).execute({ zone });
}

/** Every zone's rates (a few rows): read before the zone is known, then picked by zone. */
export async function listRates(db: Executor): Promise<ZoneRateRow[]> {
  return allRatesOf(db).execute();
}

/** The zone's minimum read with its rates, so knowing it costs no statement of its own. */
const withMinimum = {
  ...getTableColumns(shippingRates),
  minimumOrderCents: sql<number>`coalesce(${shippingZones.minimumOrderCents}, 0)`.mapWith(Number),
};

const allRatesOf = preparedPer((db) =>
  db
    .select(withMinimum)
    .from(shippingRates)
    .leftJoin(shippingZones, eq(shippingZones.zone, shippingRates.zone))
    .prepare('list_rates'),
);

const ratesOf = preparedPer((db) =>
  db
    .select(withMinimum)
    .from(shippingRates)
    .leftJoin(shippingZones, eq(shippingZones.zone, shippingRates.zone))
    .where(eq(shippingRates.zone, sql.placeholder('zone')))
    .prepare('list_rates_for_zone'),
);

export async function listZones(exec: Executor): Promise<ShippingZoneRow[]> {
  return exec.select().from(shippingZones).orderBy(asc(shippingZones.zone));
}

/** The zone's row, locked until the caller's transaction ends (a staff change reads what it replaces). */
export async function lockZone(exec: Executor, zone: ShippingZone): Promise<ShippingZoneRow | undefined> {
  const [row] = await exec.select().from(shippingZones).where(eq(shippingZones.zone, zone)).for('update');
  return row;
}

export async function updateZoneMinimum(
  exec: Executor,
  zone: ShippingZone,
  minimumOrderCents: number,
  at: Date,
): Promise<ShippingZoneRow | undefined> {
  const [row] = await exec
    .update(shippingZones)
    .set({ minimumOrderCents, updatedAt: at })
    .where(eq(shippingZones.zone, zone))
    .returning();
  return row;
}

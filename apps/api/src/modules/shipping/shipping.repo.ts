import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import { shippingRates } from '../../db/schema/index.js';

export type ShippingRateRow = typeof shippingRates.$inferSelect;

export async function listRatesForZone(
  db: Executor,
  zone: ShippingRateRow['zone'],
): Promise<ShippingRateRow[]> {
  return ratesOf(db).execute({ zone });
}

/** Every zone's rates (a few rows): read before the zone is known, then picked by zone. */
export async function listRates(db: Executor): Promise<ShippingRateRow[]> {
  return allRatesOf(db).execute();
}

const allRatesOf = preparedPer((db) => db.select().from(shippingRates).prepare('list_rates'));

const ratesOf = preparedPer((db) =>
  db
    .select()
    .from(shippingRates)
    .where(eq(shippingRates.zone, sql.placeholder('zone')))
    .prepare('list_rates_for_zone'),
);

import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { shippingRates } from '../../db/schema/index.js';

export type ShippingRateRow = typeof shippingRates.$inferSelect;

export async function listRatesForZone(
  db: Executor,
  zone: ShippingRateRow['zone'],
): Promise<ShippingRateRow[]> {
  return db.select().from(shippingRates).where(eq(shippingRates.zone, zone));
}

import type { Executor } from '../client.js';
import { shippingRates } from '../schema/index.js';

/** The default rate table. Edit the rows in the database to change prices; this only fills an empty table. */
export const defaultShippingRates: (typeof shippingRates.$inferInsert)[] = [
  {
    zone: 'metro',
    service: 'standard',
    baseCents: 795,
    perKgCents: 50,
    freeOverCents: 10000,
    etaDaysMin: 1,
    etaDaysMax: 2,
  },
  {
    zone: 'metro',
    service: 'express',
    baseCents: 1495,
    perKgCents: 80,
    freeOverCents: null,
    etaDaysMin: 0,
    etaDaysMax: 1,
  },
  {
    zone: 'regional',
    service: 'standard',
    baseCents: 1095,
    perKgCents: 90,
    freeOverCents: 15000,
    etaDaysMin: 2,
    etaDaysMax: 4,
  },
  {
    zone: 'regional',
    service: 'express',
    baseCents: 1995,
    perKgCents: 140,
    freeOverCents: null,
    etaDaysMin: 1,
    etaDaysMax: 2,
  },
  {
    zone: 'interstate',
    service: 'standard',
    baseCents: 1395,
    perKgCents: 120,
    freeOverCents: 20000,
    etaDaysMin: 3,
    etaDaysMax: 6,
  },
  {
    zone: 'interstate',
    service: 'express',
    baseCents: 2495,
    perKgCents: 190,
    freeOverCents: null,
    etaDaysMin: 1,
    etaDaysMax: 3,
  },
  {
    zone: 'remote',
    service: 'standard',
    baseCents: 2495,
    perKgCents: 250,
    freeOverCents: null,
    etaDaysMin: 5,
    etaDaysMax: 10,
  },
  {
    zone: 'remote',
    service: 'express',
    baseCents: 4495,
    perKgCents: 350,
    freeOverCents: null,
    etaDaysMin: 3,
    etaDaysMax: 5,
  },
];

export async function seedShippingRates(db: Executor): Promise<void> {
  await db.insert(shippingRates).values(defaultShippingRates).onConflictDoNothing();
}

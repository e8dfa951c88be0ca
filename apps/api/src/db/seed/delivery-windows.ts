import { eq } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { deliveryWindowTemplates, shippingZones } from '../schema/index.js';

type Template = typeof deliveryWindowTemplates.$inferInsert;

/** Two-hour van windows across Sydney from 7 am to 9 pm (evenings cost $3 more); longer ones in the region. */
const demoTemplates: Template[] = [
  ...['07:00', '09:00', '11:00', '13:00', '15:00'].map((start, i) => ({
    zone: 'metro' as const,
    startTime: start,
    endTime: ['09:00', '11:00', '13:00', '15:00', '17:00'][i] ?? start,
    capacity: 8,
  })),
  {
    zone: 'metro',
    startTime: '17:00',
    endTime: '19:00',
    capacity: 8,
    priceDeltaCents: 300,
    label: 'Evening',
  },
  {
    zone: 'metro',
    startTime: '19:00',
    endTime: '21:00',
    capacity: 6,
    priceDeltaCents: 300,
    label: 'Evening',
  },
  { zone: 'regional', startTime: '08:00', endTime: '12:00', capacity: 5, cutoffMinutes: 720 },
  { zone: 'regional', startTime: '12:00', endTime: '16:00', capacity: 5, cutoffMinutes: 720 },
];

/** The demo's minimum order for Sydney's vans (cents): a few items' worth, as a grocer sets one per zone. */
export const DEMO_METRO_MINIMUM_CENTS = 3000;

/**
 * Demo delivery windows and the metro minimum order; a real store sets its own rows (interstate and remote zones go
 * by courier, no window). The minimum is set with the windows, the first time only: a restart keeps what staff set.
 */
export async function seedDemoDeliveryWindows(db: Executor): Promise<void> {
  const made = await db
    .insert(deliveryWindowTemplates)
    .values(demoTemplates)
    .onConflictDoNothing()
    .returning({ id: deliveryWindowTemplates.id });
  if (made.length === 0) return;
  await db
    .update(shippingZones)
    .set({ minimumOrderCents: DEMO_METRO_MINIMUM_CENTS })
    .where(eq(shippingZones.zone, 'metro'));
}

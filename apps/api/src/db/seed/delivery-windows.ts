import type { Executor } from '../client.js';
import { deliveryWindowTemplates } from '../schema/index.js';

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

/** Demo delivery windows; a real store sets its own rows (interstate and remote zones go by courier, no window). */
export async function seedDemoDeliveryWindows(db: Executor): Promise<void> {
  await db.insert(deliveryWindowTemplates).values(demoTemplates).onConflictDoNothing();
}

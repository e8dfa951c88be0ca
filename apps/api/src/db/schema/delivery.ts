import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const zones = ['metro', 'regional', 'interstate', 'remote'] as const;

/**
 * The delivery windows a zone offers every day, in the store's local time (Australia/Sydney): the data the day's
 * windows are made from. A zone with no templates delivers by courier with no window to pick.
 */
export const deliveryWindowTemplates = pgTable(
  'delivery_window_templates',
  {
    id: serial('id').primaryKey(),
    zone: text('zone', { enum: zones }).notNull(),
    /** Local wall-clock times, `HH:MM`. */
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    capacity: integer('capacity').notNull(),
    /** Added to the delivery price (an evening window), or taken off it; 0 for most. */
    priceDeltaCents: integer('price_delta_cents').notNull().default(0),
    label: text('label'),
    /** Booking closes this long before the window starts (the van is packed by then). */
    cutoffMinutes: integer('cutoff_minutes').notNull().default(120),
    /** The days of the week it runs, ISO numbered (1 Monday .. 7 Sunday). */
    weekdays: integer('weekdays')
      .array()
      .notNull()
      .default(sql`'{1,2,3,4,5,6,7}'::int[]`),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('delivery_window_templates_zone_start_key').on(t.zone, t.startTime),
    check('delivery_window_templates_capacity_positive', sql`${t.capacity} > 0`),
    // A window is a span of one day's wall clock ("HH:MM", compared as text): it ends after it starts, by midnight.
    check(
      'delivery_window_templates_times_valid',
      sql`${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.endTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.endTime} > ${t.startTime}`,
    ),
    check('delivery_window_templates_cutoff_non_negative', sql`${t.cutoffMinutes} >= 0`),
    check(
      'delivery_window_templates_weekdays_valid',
      sql`cardinality(${t.weekdays}) > 0 and ${t.weekdays} <@ '{1,2,3,4,5,6,7}'::int[]`,
    ),
  ],
);

/** A day a zone (or, with no zone, every zone) delivers nothing: a public holiday. */
export const deliveryClosures = pgTable(
  'delivery_closures',
  {
    id: serial('id').primaryKey(),
    /** The store's local date, `YYYY-MM-DD`. */
    date: date('date', { mode: 'string' }).notNull(),
    zone: text('zone', { enum: zones }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('delivery_closures_date_zone_key').on(t.date, sql`coalesce(${t.zone}, '')`)],
);

/** One bookable window on one day, made from a template up to a week ahead; `booked` never passes `capacity`. */
export const deliveryWindows = pgTable(
  'delivery_windows',
  {
    id: serial('id').primaryKey(),
    zone: text('zone', { enum: zones }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    cutoffAt: timestamp('cutoff_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    booked: integer('booked').notNull().default(0),
    priceDeltaCents: integer('price_delta_cents').notNull().default(0),
    label: text('label'),
  },
  (t) => [
    uniqueIndex('delivery_windows_zone_start_key').on(t.zone, t.startsAt),
    check('delivery_windows_booked_bounded', sql`${t.booked} between 0 and ${t.capacity}`),
  ],
);

export type DeliveryWindowTemplateRow = typeof deliveryWindowTemplates.$inferSelect;
export type DeliveryWindowRow = typeof deliveryWindows.$inferSelect;
export type DeliveryClosureRow = typeof deliveryClosures.$inferSelect;

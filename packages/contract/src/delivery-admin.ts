import { z } from 'zod';
import { idParam, isoDateTime, text } from './common.js';
import { shippingZone, type ShippingZone } from './shipping.js';

/** ISO day numbers, 1 Monday to 7 Sunday, as a template keeps its days. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const weekdayNames = {
  1: 'Mon',
  2: 'Tue',
  3: 'Wed',
  4: 'Thu',
  5: 'Fri',
  6: 'Sat',
  7: 'Sun',
} as const satisfies Record<(typeof WEEKDAYS)[number], string>;

export const shippingZones = shippingZone.options satisfies readonly ShippingZone[];

export const TEMPLATE_CAPACITY_MAX = 500;
/** Booking may close up to two days before a window starts. */
export const CUTOFF_MINUTES_MAX = 2880;
/** A window costs at most $50 more, or less, than plain delivery (shipping never goes below $0). */
export const PRICE_DELTA_MAX = 5000;
export const CLOSURE_REASON_MAX = 120;
/** Closures listed: every one from this many days ago on. */
export const CLOSURES_RECENT_DAYS = 30;

/** A wall-clock time of a day in Sydney, `HH:MM`. */
export const clockTime = z
  .string()
  .max(5, { error: 'must be a time HH:MM, 00:00 to 23:59' })
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { error: 'must be a time HH:MM, 00:00 to 23:59' })
  .meta({ example: '09:00' });

export const weekday = z
  .int32({ error: 'must be a day number, 1 (Monday) to 7 (Sunday)' })
  .min(1, { error: 'must be a day number, 1 (Monday) to 7 (Sunday)' })
  .max(7, { error: 'must be a day number, 1 (Monday) to 7 (Sunday)' });

export const weekdays = z
  .array(weekday)
  .min(1, { error: 'must name at least one day' })
  .max(7, { error: 'must name each day at most once' })
  .refine((days) => new Set(days).size === days.length, { error: 'must name each day at most once' });

/** What staff set of a window template (zone aside: a template stays in its zone). */
const templateFields = z.strictObject({
  weekdays,
  startTime: clockTime.meta({ example: '09:00' }),
  endTime: clockTime.meta({ example: '11:00' }),
  capacity: z
    .int32()
    .min(1, { error: 'must be at least 1' })
    .max(TEMPLATE_CAPACITY_MAX, { error: `must be at most ${TEMPLATE_CAPACITY_MAX}` }),
  /** Cents added to the delivery price, or taken off it when negative. */
  priceDelta: z
    .int32()
    .min(-PRICE_DELTA_MAX, { error: `must be at least -${PRICE_DELTA_MAX} cents` })
    .max(PRICE_DELTA_MAX, { error: `must be at most ${PRICE_DELTA_MAX} cents` }),
  label: text(60).min(1, { error: 'must not be empty (send null for none)' }).nullable(),
  cutoffMinutes: z
    .int32()
    .min(0, { error: 'must be 0 or more' })
    .max(CUTOFF_MINUTES_MAX, { error: `must be at most ${CUTOFF_MINUTES_MAX} minutes` }),
  isActive: z.boolean(),
});
export const templateFieldShapes = templateFields.shape;

const endsAfterStart = (t: { startTime: string; endTime: string }) => t.endTime > t.startTime;
const END_AFTER_START = { error: 'must be after the start time, on the same day', path: ['endTime'] };

export const templateCreateBody = templateFields
  .extend({ zone: shippingZone })
  .refine(endsAfterStart, END_AFTER_START);
export type TemplateCreateBody = z.infer<typeof templateCreateBody>;

export const templateUpdateBody = templateFields.refine(endsAfterStart, END_AFTER_START);
export type TemplateUpdateBody = z.infer<typeof templateUpdateBody>;

export const templateParams = z.strictObject({ templateID: idParam });

export const deliveryTemplate = z.object({
  templateID: z.number().int(),
  zone: shippingZone,
  weekdays: z.array(z.number().int()).max(7),
  startTime: z.string().max(5),
  endTime: z.string().max(5),
  capacity: z.number().int(),
  priceDelta: z.number().int(),
  label: z.string().max(60).nullable(),
  cutoffMinutes: z.number().int(),
  isActive: z.boolean(),
  /** Orders booked in its windows still to come. */
  booked: z.number().int(),
});
export type DeliveryTemplate = z.infer<typeof deliveryTemplate>;

/** Every zone, with its templates by start time (a zone with none delivers by courier). */
export const deliveryTemplates = z.object({
  zones: z
    .array(z.object({ zone: shippingZone, templates: z.array(deliveryTemplate).max(200) }))
    .max(shippingZones.length),
});
export type DeliveryTemplates = z.infer<typeof deliveryTemplates>;

export const closureCreateBody = z.strictObject({
  /** The store's day (Sydney), today or later. */
  date: z.iso
    .date({ error: 'must be a date YYYY-MM-DD' })
    .max(10)
    .refine((d) => d <= '9998-12-31', { error: 'must be a date before 9999' })
    .meta({ example: '2026-12-25' }),
  /** Null closes every zone. */
  zone: shippingZone.nullable(),
  reason: text(CLOSURE_REASON_MAX).min(1, { error: 'must say why (a public holiday, say)' }),
});
export type ClosureCreateBody = z.infer<typeof closureCreateBody>;

export const closureParams = z.strictObject({ closureID: idParam });

export const deliveryClosure = z.object({
  closureID: z.number().int(),
  date: z.string().max(10),
  zone: shippingZone.nullable(),
  reason: z.string().max(CLOSURE_REASON_MAX),
  createdAt: isoDateTime,
});
export type DeliveryClosure = z.infer<typeof deliveryClosure>;

/** Closures from `CLOSURES_RECENT_DAYS` ago on, by date. */
export const deliveryClosures = z.object({ list: z.array(deliveryClosure).max(1000) });
export type DeliveryClosures = z.infer<typeof deliveryClosures>;

/** A zone's minimum order is at most $1,000. */
export const ZONE_MINIMUM_MAX = 100_000;

/** What a zone asks of every order delivered there. */
export const deliveryZone = z.object({
  zone: shippingZone,
  /** The smallest goods subtotal (cents, selected lines before discounts) delivered there; 0 = none. */
  minimumOrder: z.number().int(),
  updatedAt: isoDateTime,
});
export type DeliveryZone = z.infer<typeof deliveryZone>;

export const deliveryZones = z.object({ zones: z.array(deliveryZone).max(shippingZones.length) });
export type DeliveryZones = z.infer<typeof deliveryZones>;

export const zoneParams = z.strictObject({ zone: shippingZone });

export const zoneUpdateBody = z.strictObject({
  /** Cents; 0 takes the minimum away. */
  minimumOrder: z
    .int32({ error: 'must be a whole number of cents' })
    .min(0, { error: 'must be 0 or more' })
    .max(ZONE_MINIMUM_MAX, { error: `must be at most ${ZONE_MINIMUM_MAX} cents` }),
});
export type ZoneUpdateBody = z.infer<typeof zoneUpdateBody>;

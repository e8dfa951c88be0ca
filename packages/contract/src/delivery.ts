import { z } from 'zod';
import { id, idParam, isoDateTime } from './common.js';
import { shippingZone } from './shipping.js';

import { DELIVERY_WINDOW_DAYS, STORE_TIME_ZONE } from './limits.js';

export { DELIVERY_WINDOW_DAYS, STORE_TIME_ZONE };

export const deliveryWindow = z.object({
  windowID: z.number().int(),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  /** Booking (and moving an order into or out of it) closes then. */
  cutoffAt: isoDateTime,
  label: z.string().max(60).nullable(),
  /** Added to the delivery price for this window (an evening window); 0 for most. */
  priceDelta: z.number().int(),
  capacity: z.number().int(),
  remaining: z.number().int().min(0),
  isFull: z.boolean(),
});
export type DeliveryWindow = z.infer<typeof deliveryWindow>;

export const deliveryDay = z.object({
  /** The local date, `YYYY-MM-DD`. */
  date: z.string().max(10),
  windows: z.array(deliveryWindow).max(48),
});
export type DeliveryDay = z.infer<typeof deliveryDay>;

export const deliveryWindowsQuery = z.strictObject({ addressID: idParam });
export type DeliveryWindowsQuery = z.infer<typeof deliveryWindowsQuery>;

export const deliveryWindows = z.object({
  zone: shippingZone,
  /** False for courier zones: they have no windows, and checkout asks for none. */
  required: z.boolean(),
  timeZone: z.literal(STORE_TIME_ZONE),
  days: z.array(deliveryDay).max(DELIVERY_WINDOW_DAYS),
});
export type DeliveryWindows = z.infer<typeof deliveryWindows>;

export const orderDeliveryWindowBody = z.strictObject({ orderID: id, windowID: id });
export type OrderDeliveryWindowBody = z.infer<typeof orderDeliveryWindowBody>;

/** The window an order was booked into, as its page shows it. */
export const bookedWindow = z.object({
  windowID: z.number().int(),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  cutoffAt: isoDateTime,
  label: z.string().max(60).nullable(),
  priceDelta: z.number().int(),
});
export type BookedWindow = z.infer<typeof bookedWindow>;

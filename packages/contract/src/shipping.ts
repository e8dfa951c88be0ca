import { z } from 'zod';
import { id, idParam, postcode } from './common.js';
import { quantity } from './cart.js';

export const shippingZone = z.enum(['metro', 'regional', 'interstate', 'remote']);
export type ShippingZone = z.infer<typeof shippingZone>;

export const shippingService = z.enum(['standard', 'express']);
export type ShippingService = z.infer<typeof shippingService>;

/**
 * How a zone delivers: `window`, by the store's vans in a window the customer books at checkout (the window is the
 * delivery choice: one option, no express); `courier`, by courier in business days (standard or express).
 */
export const deliveryMode = z.enum(['window', 'courier']);
export type DeliveryMode = z.infer<typeof deliveryMode>;

export const shippingDestination = z.object({
  suburbID: z.number().int(),
  postcode: z.string().max(4),
  locality: z.string().max(60),
  state: z.string().max(3),
  /** Great-circle distance from the warehouse (Sydney 2000), rounded to 0.1 km. */
  distanceKm: z.number(),
  /** Where it came from: the address asked for, the cart's chosen address, the default address, or a postcode. */
  source: z.enum(['address', 'cart_address', 'default_address', 'customer_postcode', 'postcode', 'suburb']),
  addressID: z.number().int().nullable(),
});
export type ShippingDestination = z.infer<typeof shippingDestination>;

/**
 * price = base + perKg * ceil(max(0, weight - 1 kg) / 1 kg), or 0 when free: the goods subtotal reaches
 * `freeOver`, or (standard only) a free-shipping coupon applies.
 */
export const shippingOption = z.object({
  service: shippingService,
  label: z.string().max(60),
  price: z.number().int(),
  /** The price before any free-shipping rule. */
  fullPrice: z.number().int(),
  isFree: z.boolean(),
  freeReason: z.enum(['threshold', 'coupon']).nullable(),
  /** Subtotal (cents) from which this service is free; null = never free by spend. */
  freeOver: z.number().int().nullable(),
  /** How much more to spend for free shipping; null when free already or never free by spend. */
  amountToFree: z.number().int().nullable(),
  etaDaysMin: z.number().int(),
  etaDaysMax: z.number().int(),
});
export type ShippingOption = z.infer<typeof shippingOption>;

export const shippingQuote = z.object({
  destination: shippingDestination,
  zone: shippingZone,
  weightGrams: z.number().int(),
  /** The goods subtotal the free-shipping threshold is measured against, cents. */
  subtotal: z.number().int(),
  deliveryMode,
  /**
   * Courier zones: standard first, then express. Window zones: one option (the standard rate, labelled as the
   * window delivery), to which the chosen window's `priceDelta` adds.
   */
  options: z.array(shippingOption).max(shippingService.options.length),
  /**
   * The smallest goods subtotal (cents) the zone delivers: the selected available lines at their prices, GST in,
   * before discounts, without delivery; 0 = no minimum. Checkout refuses an order below it (100615).
   */
  minimumOrder: z.number().int(),
  /** How much more to add to reach `minimumOrder`; 0 once reached. */
  amountToMinimum: z.number().int(),
});
export type ShippingQuote = z.infer<typeof shippingQuote>;

/** Without addressID: the cart's chosen address, else the default shipping address, else the customer's postcode. */
export const calcSelectedQuery = z.strictObject({ addressID: idParam.optional() });
export type CalcSelectedQuery = z.infer<typeof calcSelectedQuery>;

/** suburbID wins over postcode; with neither, a signed-in customer's own postcode is used. */
export const calcSingleBody = z.strictObject({
  productID: id,
  quantity,
  postcode: postcode.optional(),
  suburbID: id.optional(),
});
export type CalcSingleBody = z.infer<typeof calcSingleBody>;

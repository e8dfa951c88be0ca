import { z } from 'zod';
import { bookedWindow } from './delivery.js';
import { id, idParam, isoDateTime, linesOfText, pageQueryFields, paged } from './common.js';
import { DELIVERY_NOTES_MAX, MAX_ADDRESSES } from './limits.js';
import { productText } from './catalog.js';
import { CART_LINES_MAX, couponText } from './cart.js';
import { shippingService } from './shipping.js';
import { australianState } from './suburb.js';
import { paymentProvider } from './payment.js';

/**
 * pending_payment -> paid -> picking -> packed -> out_for_delivery -> delivered, a courier order packed -> shipped ->
 * delivered; cancelled from pending_payment or paid (and by staff while picking).
 */
export const orderStatuses = [
  'pending_payment',
  'paid',
  'picking',
  'packed',
  'out_for_delivery',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export const orderStatus = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatus>;

/** The address as it was when the order was placed (or its delivery address last changed). */
export const orderAddress = z.object({
  addressID: z.number().int().nullable(),
  firstName: z.string().max(50),
  lastName: z.string().max(50),
  phone: z.string().max(12),
  line1: z.string().max(100),
  line2: z.string().max(100).nullable(),
  suburbID: z.number().int(),
  suburb: z.string().max(60),
  state: australianState,
  postcode: z.string().max(4),
  country: z.literal('AU'),
});
export type OrderAddress = z.infer<typeof orderAddress>;

/** All money in cents; total = subtotal - discount + shipping, of which creditUsed was paid with store credit. */
export const orderTotals = z.object({
  subtotal: z.number().int(),
  discount: z.number().int(),
  shipping: z.number().int(),
  creditUsed: z.number().int(),
  total: z.number().int(),
  /** What is left to pay: total - creditUsed. */
  amountDue: z.number().int(),
  /** The GST the total includes; null for orders placed before it was recorded. */
  gst: z.number().int().nullable(),
});
export type OrderTotals = z.infer<typeof orderTotals>;

export const orderLine = z.object({
  productID: z.number().int(),
  sku: productText.sku,
  name: productText.name,
  imageUrl: productText.imageUrl,
  /** Unit price paid, cents. */
  price: z.number().int(),
  quantity: z.number().int(),
  lineTotal: z.number().int(),
  /** Sold GST-free (basic food); false: its price includes GST. Null for orders placed before it was recorded. */
  gstFree: z.boolean().nullable(),
  /** The customer accepted a substitute if it had run out when packed; null for orders placed before it was asked. */
  allowSubstitute: z.boolean().nullable(),
  /** Once packed: how many were packed (of the substitute, when there is one); null before. */
  packedQuantity: z.number().int().nullable(),
  /** Once packed, what was sent instead, charged at the lower of the two prices; null when nothing was. */
  substitute: z
    .object({ productID: z.number().int(), name: productText.name, price: z.number().int() })
    .nullable(),
});
export type OrderLine = z.infer<typeof orderLine>;

/**
 * There is no payment provider yet: an order fully paid with store credit is `paid`; anything else waits in
 * `pending_payment` until a payment is recorded.
 */
export const orderCreateBody = z.strictObject({
  /** The delivery address; must be one of the customer's. */
  addressID: id,
  /** Defaults to the default billing address, else the delivery address. */
  billingAddressID: id.optional(),
  shippingService,
  useCredit: z.boolean(),
  /** The total (cents) the customer was shown; when the re-priced total differs the order is refused. */
  expectedTotal: z.number().int().min(0).max(100_000_000).optional(),
  /**
   * What the customer was shown as left to pay after store credit (cents); when it differs (the balance changed
   * since, in another tab or by a refund) the order is refused, as for the total.
   */
  expectedAmountDue: z.number().int().min(0).max(100_000_000).optional(),
  /** The delivery window (`GET delivery/windows`); required where the address's zone has windows. */
  deliveryWindowID: id.optional(),
  /** For the driver: a gate code, where to leave it. Several lines; blank is none. */
  deliveryNotes: linesOfText(DELIVERY_NOTES_MAX).optional(),
  /** Authority to leave: the driver may leave the order at the door when nobody is home. Default false. */
  leaveUnattended: z.boolean().optional(),
});
export type OrderCreateBody = z.infer<typeof orderCreateBody>;

/** A calendar day that exists (no 2025-02-30), in years a database timestamp and a filter both make sense of. */
const dateOnly = z.iso
  .date({ error: 'must be a date YYYY-MM-DD' })
  .max(10)
  .refine((d) => d >= '1900-01-01' && d <= '9998-12-31', {
    error: 'must be a date between 1900-01-01 and 9998-12-31',
  })
  .meta({ example: '2025-01-31' });

export const orderListQuery = z.strictObject({
  /** Repeated keys: status=paid&status=shipped. */
  status: z
    .union([orderStatus, z.array(orderStatus).max(orderStatuses.length)])
    .optional()
    .transform((s) => (s === undefined ? undefined : Array.isArray(s) ? s : [s])),
  /** Placed on or after this day, the store's day (Australia/Sydney). */
  from: dateOnly.optional(),
  /** Placed on or before this day, the store's day (Australia/Sydney). */
  to: dateOnly.optional(),
  ...pageQueryFields(10),
});
/** What the browser sends: the query string is made from it. */
export type OrderListQuery = Partial<z.output<typeof orderListQuery>>;
/** What the route hands the service, after defaults. */
export type OrderListParams = z.output<typeof orderListQuery>;

export const orderSummary = z.object({
  orderID: z.number().int(),
  status: orderStatus,
  createdAt: isoDateTime,
  totals: orderTotals,
  /** Units across all lines. */
  itemCount: z.number().int(),
  lineCount: z.number().int(),
  /** The first few lines, for a preview. */
  preview: z
    .array(z.object({ productID: z.number().int(), name: productText.name, imageUrl: productText.imageUrl }))
    .max(3),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const orderList = paged(orderSummary);
export type OrderList = z.infer<typeof orderList>;

/** Every status, zero included, and the sum. */
export const orderStat = z.object({
  counts: z.object({
    pending_payment: z.number().int(),
    paid: z.number().int(),
    picking: z.number().int(),
    packed: z.number().int(),
    out_for_delivery: z.number().int(),
    shipped: z.number().int(),
    delivered: z.number().int(),
    cancelled: z.number().int(),
  }),
  total: z.number().int(),
});
export type OrderStat = z.infer<typeof orderStat>;

/** What a cancelled order's page says of it, as its cancellation mail does. */
export const orderCancellation = z.object({
  /**
   * Set when the order was never paid and was cancelled once its time to pay had passed (the store's cancel of an
   * order left unpaid): the time it was to be paid by. Null for any other cancel.
   */
  notPaidBy: isoDateTime.nullable(),
  /** What went back, in cents: through the provider that took it (named), and as store credit. */
  refund: z.object({
    byProvider: z.number().int().min(0),
    provider: paymentProvider.nullable(),
    asCredit: z.number().int().min(0),
  }),
});
export type OrderCancellation = z.infer<typeof orderCancellation>;

/** Who moved an order: the customer, a staff member, or the store itself (its rounds). */
export const statusMoveBy = z.enum(['customer', 'staff', 'store']);
export const orderStatusMove = z.object({ status: orderStatus, at: isoDateTime });
export type OrderStatusMove = z.infer<typeof orderStatusMove>;

/** Money given back after payment: at packing (what was not sent) or later by the shop. */
export const orderRefund = z.object({
  amount: z.number().int(),
  byProvider: z.number().int(),
  asCredit: z.number().int(),
  reason: z.string().max(200),
  at: isoDateTime,
});
export type OrderRefund = z.infer<typeof orderRefund>;

export const orderDetail = z.object({
  orderID: z.number().int(),
  status: orderStatus,
  lines: z.array(orderLine).max(CART_LINES_MAX),
  totals: orderTotals,
  shippingService,
  shippingAddress: orderAddress,
  billingAddress: orderAddress,
  couponCode: couponText.code.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  paidAt: isoDateTime.nullable(),
  cancelledAt: isoDateTime.nullable(),
  /**
   * While the order awaits payment: when it is cancelled unless paid by then (`UNPAID_ORDER_MINUTES` after it was
   * placed; the store's round runs each minute, so it may go up to a minute later). Null once it is paid or closed.
   */
  payBy: isoDateTime.nullable(),
  /**
   * Whether the customer may cancel: while it awaits payment or is paid and picking has not started, and for an order
   * with a delivery window only until the window's cut-off.
   */
  canCancel: z.boolean(),
  /** Until when it may be cancelled: the delivery window's cut-off while `canCancel`; null otherwise. */
  cancelBy: isoDateTime.nullable(),
  canChangeAddress: z.boolean(),
  /** The booked delivery window; null for courier zones and orders from before windows. */
  deliveryWindow: bookedWindow.nullable(),
  /** Whether the window may still be moved (the order is open and the window's cut-off has not passed). */
  canChangeWindow: z.boolean(),
  /** Whether the delivery instructions may still be changed (until the order ships). */
  canChangeNotes: z.boolean(),
  /** Whether the lines' substitute choices may still be changed (until the order ships). */
  canChangeSubstitutes: z.boolean(),
  /** The customer's instructions for the driver; null when none were given. */
  deliveryNotes: z.string().max(DELIVERY_NOTES_MAX).nullable(),
  /** The driver may leave the order at the door when nobody is home. */
  leaveUnattended: z.boolean(),
  /** Once cancelled: why, when the store cancelled it, and what went back (as its cancellation mail says). */
  cancellation: orderCancellation.nullable(),
  /**
   * Once paid: the provider that took what store credit left to pay (as its paid mail says); null while unpaid, and
   * for an order store credit paid in full.
   */
  paidWith: paymentProvider.nullable(),
  /**
   * While the order awaits payment: the provider still deciding a payment for it (its capture was answered pending,
   * e.g. PayPal reviewing it, or not answered at all), so paying again could charge twice; null when none is. Past
   * `payBy` such an order is not cancelled until the provider has decided: paid if the payment goes through.
   */
  paymentPendingWith: paymentProvider.nullable(),
  /** Every move of the order, oldest first. */
  history: z.array(orderStatusMove).max(50),
  /** Refunds after payment (at packing, or by the shop later), oldest first. */
  refunds: z.array(orderRefund).max(50),
  /** A courier order's tracking reference once shipped; null otherwise. */
  trackingReference: z.string().max(100).nullable(),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const orderDetailQuery = z.strictObject({ orderID: idParam });
export type OrderDetailQuery = z.infer<typeof orderDetailQuery>;

export const orderAddressBody = z.strictObject({ orderID: id, addressID: id });

export const orderAddressOptionsQuery = z.strictObject({ orderID: idParam });
/**
 * Which of the customer's addresses an open order may be moved to (`order/address`): a door (no PO Box) in the zone
 * its delivery was charged for; none once the order can no longer be moved.
 */
export const orderAddressOptions = z.object({ addressIDs: z.array(z.number().int()).max(MAX_ADDRESSES) });
export type OrderAddressOptions = z.infer<typeof orderAddressOptions>;
export type OrderAddressBody = z.infer<typeof orderAddressBody>;

/** The order's delivery instructions and authority to leave, both replaced; blank or left out instructions are none. */
export const orderDeliveryNotesBody = z.strictObject({
  orderID: id,
  deliveryNotes: linesOfText(DELIVERY_NOTES_MAX).optional(),
  leaveUnattended: z.boolean(),
});
export type OrderDeliveryNotesBody = z.infer<typeof orderDeliveryNotesBody>;

/**
 * The order's substitute choices, all replaced: the lines named get no substitute, every other line allows one.
 * A product that is not a line of the order is refused (404) and nothing changes.
 */
export const orderSubstitutesBody = z.strictObject({
  orderID: id,
  noSubstituteProductIDs: z.array(id).max(CART_LINES_MAX),
});
export type OrderSubstitutesBody = z.infer<typeof orderSubstitutesBody>;

export const orderReorderBody = z.strictObject({ orderID: id });
export type OrderReorderBody = z.infer<typeof orderReorderBody>;

/** What became of one product of the past order: how much went into the cart, and why not all of it. */
export const reorderLine = z.object({
  productID: z.number().int(),
  name: z.string().max(200).nullable(),
  asked: z.number().int(),
  added: z.number().int(),
  reason: z.enum(['unavailable', 'out_of_stock', 'capped', 'cart_full']).nullable(),
});
export type ReorderLine = z.infer<typeof reorderLine>;
export const reorderResult = z.object({
  /** Items (not lines) put into the cart. */
  added: z.number().int(),
  lines: z.array(reorderLine).max(CART_LINES_MAX),
});
export type ReorderResult = z.infer<typeof reorderResult>;

export const orderCancelBody = z.strictObject({ orderID: id });
export type OrderCancelBody = z.infer<typeof orderCancelBody>;

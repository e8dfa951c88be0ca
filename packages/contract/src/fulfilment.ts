import { z } from 'zod';
import { id, idParam, isoDateTime, pageQueryFields, paged, searchText, text } from './common.js';
import { CART_LINES_MAX } from './cart.js';
import { orderDetail, orderStatus, orderStatuses, statusMoveBy } from './order.js';
import { paymentProvider } from './payment.js';

/** A day YYYY-MM-DD (the store's, Sydney). */
const day = z.iso.date({ error: 'must be a date YYYY-MM-DD' }).max(10).meta({ example: '2026-11-30' });

export const staffOrderListQuery = z.strictObject({
  status: z
    .union([orderStatus, z.array(orderStatus).max(orderStatuses.length)])
    .optional()
    .transform((s) => (s === undefined ? undefined : Array.isArray(s) ? s : [s])),
  /** Orders whose delivery window starts on this day. */
  date: day.optional(),
  windowID: idParam.optional(),
  /** An order number (5 or SO-5) or part of the customer's email or name. */
  q: searchText(100).optional(),
  ...pageQueryFields(20),
});
export type StaffOrderListQuery = Partial<z.output<typeof staffOrderListQuery>>;
export type StaffOrderListParams = z.output<typeof staffOrderListQuery>;

export const staffOrderSummary = z.object({
  orderID: z.number().int(),
  status: orderStatus,
  createdAt: isoDateTime,
  customer: z.object({ customerID: z.number().int(), email: z.string().max(254), name: z.string().max(120) }),
  total: z.number().int(),
  lineCount: z.number().int(),
  window: z.object({ windowID: z.number().int(), startsAt: isoDateTime, endsAt: isoDateTime }).nullable(),
  suburb: z.string().max(60),
});
export type StaffOrderSummary = z.infer<typeof staffOrderSummary>;
export const staffOrderList = paged(staffOrderSummary);
export type StaffOrderList = z.infer<typeof staffOrderList>;

export const staffOrderParams = z.strictObject({ orderID: idParam });

/** A staff member's view of an order: the customer's, plus who, the payments, the mails and who moved it. */
export const staffOrderDetail = z.object({
  order: orderDetail,
  customer: z.object({
    customerID: z.number().int(),
    email: z.string().max(254),
    name: z.string().max(120),
    phone: z.string().max(20).nullable(),
  }),
  payments: z
    .array(
      z.object({
        provider: paymentProvider,
        status: z.string().max(20),
        amount: z.number().int(),
        refunded: z.number().int(),
        unsettled: z.boolean(),
      }),
    )
    .max(20),
  mails: z
    .array(z.object({ subject: z.string().max(300), status: z.string().max(20), at: isoDateTime }))
    .max(50),
  moves: z
    .array(
      z.object({
        status: orderStatus,
        at: isoDateTime,
        by: statusMoveBy,
        staffName: z.string().max(80).nullable(),
      }),
    )
    .max(50),
  /** What may still be refunded (cents): paid less every refund so far. */
  refundable: z.number().int(),
});
export type StaffOrderDetail = z.infer<typeof staffOrderDetail>;

export const pickListQuery = z.strictObject({ date: day, windowID: idParam.optional() });
export type PickListQuery = z.infer<typeof pickListQuery>;

/** Everything to pick for a day (or one window of it): products summed over its paid orders, then the orders. */
export const pickList = z.object({
  date: z.string().max(10),
  windowID: z.number().int().nullable(),
  items: z
    .array(
      z.object({
        productID: z.number().int(),
        sku: z.string().max(40),
        name: z.string().max(200),
        /** Where it is in the shop; the catalogue's category until products carry an aisle. */
        aisle: z.string().max(60),
        quantity: z.number().int(),
        orders: z.number().int(),
      }),
    )
    .max(2000),
  orders: z
    .array(
      z.object({
        orderID: z.number().int(),
        status: orderStatus,
        customerName: z.string().max(120),
        suburb: z.string().max(60),
        window: z
          .object({ windowID: z.number().int(), startsAt: isoDateTime, endsAt: isoDateTime })
          .nullable(),
        lineCount: z.number().int(),
      }),
    )
    .max(1000),
});
export type PickList = z.infer<typeof pickList>;

export const packLine = z.strictObject({
  /** The line, named by its product (one line per product in an order). */
  lineID: id,
  packedQuantity: z.int().min(0).max(99),
  /** Sent instead where the customer allowed it; charged at the lower of the two prices. */
  substituteProductID: id.optional(),
});
/** The lines packed short or substituted; a line left out was packed in full. */
export const packBody = z.strictObject({ lines: z.array(packLine).max(CART_LINES_MAX) });
export type PackBody = z.infer<typeof packBody>;

export const dispatchBody = z.strictObject({
  /** Required for a courier order (shipped); none for a delivery window's van. */
  trackingReference: text(100).min(1).optional(),
});
export type DispatchBody = z.infer<typeof dispatchBody>;

export const staffCancelBody = z.strictObject({ reason: text(200).min(1, { error: 'is required' }) });
export type StaffCancelBody = z.infer<typeof staffCancelBody>;

export const staffRefundBody = z.strictObject({
  amountCents: z.int().min(1).max(100_000_000),
  reason: text(200).min(1, { error: 'is required' }),
  /** The line it is for, when it is for one (damaged, missing). */
  lineID: id.optional(),
});
export type StaffRefundBody = z.infer<typeof staffRefundBody>;

// No zod here: checkout in the browser shows what this gives before the order is placed, and the order's page says
// when it is a tax invoice.
import type { OrderStatus } from './order.js';

const GST_FRACTION_DENOMINATOR = 11;

export type GstLine = { lineTotal: number; gstFree: boolean };

export type GstInput = {
  lines: GstLine[];
  /** Taken off the goods (cents). */
  discount: number;
  /** The delivery charge (cents), window fee included. */
  shipping: number;
};

/**
 * The GST an order's total includes. Every price in the shop includes GST where it applies: a taxable amount
 * includes 1/11 of itself as GST, a GST-free one (basic food) none. What is taxable is decided per product by the
 * shop (`products.gst_free`); how an order's discount and delivery are shared between its taxable and GST-free goods
 * is decided here (docs/decisions/0005-gst-and-tax-invoices.md):
 *
 * - a coupon's discount lowers the price of the goods it applies to, so it is shared between taxable and GST-free
 *   lines in proportion to their value;
 * - delivery is part of supplying the goods, so its charge is taxable in the share the goods are (a discount shared
 *   by value leaves that share as it was);
 * - the GST is worked out once on the order's taxable amount and rounded to the nearest cent (the ATO allows
 *   rounding per invoice); store credit is a way of paying, not a discount, and changes nothing.
 */
export function gstIncluded({ lines, discount, shipping }: GstInput): number {
  const goods = sum(lines.map((l) => l.lineTotal));
  const taxableGoods = sum(lines.filter((l) => !l.gstFree).map((l) => l.lineTotal));
  // Goods priced at nothing: their delivery is taxable when any of them would be.
  if (goods === 0) return lines.some((l) => !l.gstFree) ? roundedEleventh(shipping, 1) : 0;
  // The taxable share of everything the customer pays for, goods less discount plus delivery, is the goods' own.
  return roundedEleventh(taxableGoods * (goods - discount + shipping), goods);
}

/** numerator / (denominator × 11), to the nearest cent, half up. */
function roundedEleventh(numerator: number, denominator: number): number {
  const d = denominator * GST_FRACTION_DENOMINATOR;
  return Math.floor((2 * numerator + d) / (2 * d));
}

function sum(values: number[]): number {
  return values.reduce((total, v) => total + v, 0);
}

/**
 * Whether an order is a sale its tax invoice is for: paid, not cancelled, and with the GST it includes recorded.
 * Before payment it is an order, not yet a sale.
 */
export function isTaxInvoice(order: { status: OrderStatus; isPaid: boolean; gst: number | null }): boolean {
  return order.isPaid && order.status !== 'cancelled' && order.gst !== null;
}

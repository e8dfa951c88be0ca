/**
 * The GST an order's total includes. Every price in the shop includes GST where it applies: a taxable amount
 * includes 1/11 of itself as GST, a GST-free one (basic food) none. What is taxable is decided per product by the
 * shop (`products.gst_free`); how an order's discount and delivery are shared between its taxable and GST-free goods
 * is decided here (apps/api/README.md, "GST"):
 *
 * - a coupon's discount lowers the price of the goods it applies to, so it is shared between taxable and GST-free
 *   lines in proportion to their value;
 * - delivery is part of supplying the goods, so its charge is taxable in the share the goods are (a discount shared
 *   by value leaves that share as it was);
 * - the GST is worked out once on the order's taxable amount and rounded to the nearest cent (the ATO allows
 *   rounding per invoice); store credit is a way of paying, not a discount, and changes nothing.
 */
// No zod here: checkout in the browser shows what this gives before the order is placed.
export const GST_FRACTION_DENOMINATOR = 11;

export type GstLine = { lineTotal: number; gstFree: boolean };

export type GstInput = {
  lines: GstLine[];
  /** Taken off the goods (cents). */
  discount: number;
  /** The delivery charge (cents), window fee included. */
  shipping: number;
};

export function gstIncluded({ lines, discount, shipping }: GstInput): number {
  const goods = sum(lines.map((l) => l.lineTotal));
  const taxableGoods = sum(lines.filter((l) => !l.gstFree).map((l) => l.lineTotal));
  // Goods given away: their delivery is taxable when any of them would be.
  if (goods === 0) return lines.some((l) => !l.gstFree) ? Math.round(shipping / GST_FRACTION_DENOMINATOR) : 0;
  const taxable = taxableGoods - shareOf(discount, taxableGoods, goods) + shareOf(shipping, taxableGoods, goods);
  return Math.round(taxable / GST_FRACTION_DENOMINATOR);
}

/** `amount` × part / whole, to the nearest cent. */
function shareOf(amount: number, part: number, whole: number): number {
  return Math.round((amount * part) / whole);
}

function sum(values: number[]): number {
  return values.reduce((total, v) => total + v, 0);
}

/**
 * The one place a cart's money is worked out. The cart page, the shipping quote and checkout all call priceCart,
 * and the order page calls withCredit, so what the customer is shown and what an order charges cannot disagree.
 */
import type { UnavailableReason } from '@storefront/contract/cart';
import type { ErrorName } from '@storefront/contract/errors';
import type { OrderTotals } from '@storefront/contract/order';
import type { ShippingOption, ShippingService } from '@storefront/contract/shipping';
import type { CartProduct } from '../catalog/catalog.repo.js';
import { unavailableReasonOf } from '../catalog/stock.js';
import type { CustomerCoupon } from '../coupon/coupon.repo.js';
import { couponProblem, discountOf } from '../coupon/coupon.rules.js';
import type { ShippingRateRow } from '../shipping/shipping.repo.js';
import { shippingOptions } from '../shipping/shipping.rules.js';

export type PricingLine = { product: CartProduct; quantity: number; selected: boolean };

export type PricingInput<L extends PricingLine> = {
  lines: L[];
  coupon: CustomerCoupon | null;
  /**
   * The destination's rates, whether it delivers in booked windows (then one option), and at checkout the service
   * chosen; without them shipping costs nothing yet.
   */
  shipping?: { rates: ShippingRateRow[]; isWindowDelivery?: boolean; service?: ShippingService };
  now: Date;
};

/** total = subtotal - discount + shipping, in cents. */
export type PriceTotals = Omit<OrderTotals, 'creditUsed' | 'amountDue' | 'gst'>;

export type CartPrice<L extends PricingLine> = {
  available: L[];
  unavailable: { line: L; reason: UnavailableReason }[];
  /** The selected available lines: what the totals cover and an order would hold. */
  selected: L[];
  /** Units and weight of the selected lines. */
  count: number;
  weightGrams: number;
  /** The first rule the coupon breaks, if any; a coupon with a problem gives nothing off. */
  couponProblem: ErrorName | null;
  /** The coupon makes standard shipping free. */
  freeShipping: boolean;
  /** Every service to the destination, priced for the selected lines; empty without rates. */
  shippingOptions: ShippingOption[];
  /** The chosen service's option; null when none was chosen or the destination has no such service. */
  shippingOption: ShippingOption | null;
  totals: PriceTotals;
};

export function priceCart<L extends PricingLine>(input: PricingInput<L>): CartPrice<L> {
  const available: L[] = [];
  const unavailable: { line: L; reason: UnavailableReason }[] = [];
  const selected: L[] = [];
  let subtotal = 0;
  let count = 0;
  let weightGrams = 0;
  for (const line of input.lines) {
    const reason = unavailableReasonOf(line.product, line.quantity);
    if (reason) {
      unavailable.push({ line, reason });
      continue;
    }
    available.push(line);
    if (!line.selected) continue;
    selected.push(line);
    subtotal += line.product.priceCents * line.quantity;
    count += line.quantity;
    weightGrams += line.product.weightGrams * line.quantity;
  }

  const problem = input.coupon ? couponProblem(input.coupon, { subtotal, now: input.now }) : null;
  const coupon = input.coupon && !problem ? input.coupon.coupon : null;
  const discount = coupon ? discountOf(coupon, subtotal) : 0;
  const freeShipping = coupon?.kind === 'free_shipping';

  const options = input.shipping
    ? shippingOptions(input.shipping.rates, {
        weightGrams,
        subtotal,
        hasFreeShippingCoupon: freeShipping,
        isWindowDelivery: input.shipping.isWindowDelivery ?? false,
      })
    : [];
  const chosen = options.find((o) => o.service === input.shipping?.service) ?? null;
  const shipping = chosen?.price ?? 0;

  return {
    available,
    unavailable,
    selected,
    count,
    weightGrams,
    couponProblem: problem,
    freeShipping,
    shippingOptions: options,
    shippingOption: chosen,
    totals: { subtotal, discount, shipping, total: subtotal - discount + shipping },
  };
}

/** The totals once store credit has paid `creditUsed` of them: what is left is the amount due. */
export function withCredit(totals: PriceTotals, creditUsed: number): Omit<OrderTotals, 'gst'> {
  return { ...totals, creditUsed, amountDue: totals.total - creditUsed };
}

import type { CartLine, CartList } from '@storefront/contract/cart';
import { gstIncluded } from '@storefront/contract/gst';
import type { ShippingOption } from '@storefront/contract/shipping';

/** Money on screen, in cents, in the shape of an order's totals; shipping is null until an option is known. */
export type ShownTotals = {
  subtotal: number;
  discount: number;
  shipping: number | null;
  creditUsed: number;
  total: number;
  amountDue: number;
  /** The GST the total includes; null until the delivery charge is known (or on an order from before it was kept). */
  gst: number | null;
};

/**
 * What the selected lines cost with a delivery option and, at checkout, the store credit to spend: the cart page
 * and the checkout both price the cart here, so they cannot disagree.
 */
export function priceCart(
  cart: Pick<CartList, 'subtotal' | 'discount' | 'total'> & {
    available: Pick<CartLine, 'lineTotal' | 'gstFree' | 'selected'>[];
  },
  shipping: Pick<ShippingOption, 'price'> | null,
  creditToSpend = 0,
): ShownTotals {
  const total = cart.total + (shipping?.price ?? 0);
  const creditUsed = Math.min(Math.max(creditToSpend, 0), total);
  return {
    subtotal: cart.subtotal,
    discount: cart.discount,
    shipping: shipping ? shipping.price : null,
    creditUsed,
    total,
    amountDue: total - creditUsed,
    // Worked out as checkout works it out for the order (the contract's gstIncluded), on the lines it would hold.
    gst: shipping
      ? gstIncluded({
          lines: cart.available.filter((l) => l.selected),
          discount: cart.discount,
          shipping: shipping.price,
        })
      : null,
  };
}

/**
 * What the specials take off the lines being bought: (regular price - price) x quantity over the selected lines
 * that can be bought (a guest cart's lines have no selection: all of them), in cents.
 */
export function savingsOf(
  lines: readonly (Pick<CartLine, 'price' | 'regularPrice' | 'quantity'> & { selected?: boolean })[],
): number {
  return lines
    .filter((line) => line.selected !== false)
    .reduce((sum, line) => sum + Math.max(0, line.regularPrice - line.price) * line.quantity, 0);
}

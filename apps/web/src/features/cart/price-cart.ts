import type { CartList } from '@storefront/contract/cart';
import type { ShippingOption } from '@storefront/contract/shipping';

/** Money on screen, in cents, in the shape of an order's totals; shipping is null until an option is known. */
export type ShownTotals = {
  subtotal: number;
  discount: number;
  shipping: number | null;
  creditUsed: number;
  total: number;
  amountDue: number;
};

/**
 * What the selected lines cost with a delivery option and, at checkout, the store credit to spend: the cart page
 * and the checkout both price the cart here, so they cannot disagree.
 */
export function priceCart(
  cart: Pick<CartList, 'subtotal' | 'discount' | 'total'>,
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
  };
}

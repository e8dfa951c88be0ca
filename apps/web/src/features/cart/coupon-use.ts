import type { AppliedCoupon } from '@storefront/contract/cart';
import type { ShippingOption } from '@storefront/contract/shipping';

/**
 * Why a coupon that applies takes nothing off with the delivery chosen, or null when it does or nothing is chosen
 * yet. A free-delivery coupon only frees standard delivery (the quote marks it `freeReason: 'coupon'`); the API's
 * checkout leaves a coupon that saves nothing in the cart rather than spending it, and so says this note.
 */
export function unusedCouponNote(
  coupon: AppliedCoupon | null,
  shipping: Pick<ShippingOption, 'service' | 'freeReason'> | null,
): string | null {
  if (!coupon?.isApplicable || coupon.kind !== 'free_shipping' || !shipping) return null;
  if (shipping.freeReason === 'coupon') return null;
  return shipping.service === 'express'
    ? 'Free standard delivery — not used with Express. It stays in your cart for another order.'
    : 'Not needed: standard delivery is free on this order anyway. It stays in your cart for another order.';
}

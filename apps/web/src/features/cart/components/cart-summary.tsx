import type { ShippingOption } from '@storefront/contract/shipping';
import type { ReactNode } from 'react';
import type { CartData } from '../cart-slice';
import { AfterpayInstalments } from '../../payment/components/afterpay-instalments';
import { priceCart, savingsOf } from '../price-cart';
import { SpecialsSavings } from './specials-savings';
import { TotalsBreakdown } from './totals-breakdown';

type Props = { cart: CartData; shipping: ShippingOption | null; children?: ReactNode };

export function CartSummary({ cart, shipping, children }: Props) {
  const totals = priceCart(cart, shipping);
  return (
    <section className="panel panel--small" data-testid="cart-summary">
      <h2 className="panel__title panel__title--ruled">Order summary</h2>
      {children}
      <TotalsBreakdown
        totals={totals}
        labels={{
          subtotal: `Subtotal (${cart.count} item${cart.count === 1 ? '' : 's'})`,
          shipping: shipping ? `Shipping (${shipping.label})` : 'Shipping',
        }}
        testIds={{
          subtotal: 'cart-subtotal',
          discount: 'cart-discount-amount',
          shipping: 'cart-shipping-amount',
          total: 'cart-total',
          gst: 'cart-gst',
        }}
      />
      <SpecialsSavings amount={savingsOf(cart.available)} testId="cart-savings" />
      {totals.total > 0 && <AfterpayInstalments amountCents={totals.total} />}
      <p className="text-secondary text-small cart-summary__note">Prices in AUD, GST included.</p>
    </section>
  );
}

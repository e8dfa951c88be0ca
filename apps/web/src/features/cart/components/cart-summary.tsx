import { Card, Typography } from 'antd';
import type { ShippingOption } from '@storefront/contract/shipping';
import type { ReactNode } from 'react';
import type { CartData } from '../cart-slice';
import { priceCart } from '../price-cart';
import { TotalsBreakdown } from './totals-breakdown';

type Props = { cart: CartData; shipping: ShippingOption | null; children?: ReactNode };

export function CartSummary({ cart, shipping, children }: Props) {
  return (
    <Card title="Order summary" data-testid="cart-summary">
      {children}
      <TotalsBreakdown
        totals={priceCart(cart, shipping)}
        labels={{
          subtotal: `Subtotal (${cart.count} item${cart.count === 1 ? '' : 's'})`,
          shipping: shipping ? `Shipping (${shipping.label})` : 'Shipping',
        }}
        testIds={{
          subtotal: 'cart-subtotal',
          discount: 'cart-discount-amount',
          shipping: 'cart-shipping-amount',
          total: 'cart-total',
        }}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Prices in AUD, GST included.
      </Typography.Text>
    </Card>
  );
}

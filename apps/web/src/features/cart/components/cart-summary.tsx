import { Card, Divider, Typography } from 'antd';
import type { ShippingOption } from '@storefront/contract/shipping';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../lib/money';
import type { CartData } from '../cart-slice';

type Props = { cart: CartData; shipping: ShippingOption | null; children?: ReactNode };

function Row({ label, value, testId }: { label: ReactNode; value: ReactNode; testId: string }) {
  return (
    <div className="cart-summary__row">
      <span>{label}</span>
      <span data-testid={testId}>{value}</span>
    </div>
  );
}

export function CartSummary({ cart, shipping, children }: Props) {
  const shippingPrice = shipping?.price ?? 0;
  return (
    <Card title="Order summary" data-testid="cart-summary">
      {children}
      <Row
        label={`Subtotal (${cart.count} item${cart.count === 1 ? '' : 's'})`}
        value={formatMoney(cart.subtotal)}
        testId="cart-subtotal"
      />
      {cart.discount > 0 && (
        <Row label="Discount" value={formatMoney(-cart.discount)} testId="cart-discount-amount" />
      )}
      <Row
        label={shipping ? `Shipping (${shipping.label})` : 'Shipping'}
        value={shipping ? (shipping.isFree ? 'Free' : formatMoney(shipping.price)) : '—'}
        testId="cart-shipping-amount"
      />
      <Divider style={{ margin: '12px 0' }} />
      <div className="cart-summary__row cart-summary__total">
        <Typography.Text strong>Total</Typography.Text>
        <Typography.Text strong data-testid="cart-total">
          {formatMoney(cart.total + shippingPrice)}
        </Typography.Text>
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Prices in AUD, GST included.
      </Typography.Text>
    </Card>
  );
}

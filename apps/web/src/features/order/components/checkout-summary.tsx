import { Alert, Button, Card, Checkbox, Form, Typography } from 'antd';
import type { AppliedCoupon } from '@storefront/contract/cart';
import { errorCatalogue } from '@storefront/contract/errors';
import type { ShippingOption } from '@storefront/contract/shipping';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/money';
import { DiscountForm } from '../../cart/components/discount-form';
import { TotalsBreakdown } from '../../cart/components/totals-breakdown';
import { unusedCouponNote } from '../../cart/coupon-use';
import type { ShownTotals } from '../../cart/price-cart';
import type { CreditBalance, PlaceError } from '../use-checkout';

type Props = {
  totals: ShownTotals;
  coupon: AppliedCoupon | null;
  /** The delivery chosen, which a free-delivery coupon may not cover; null while none is. */
  shipping: Pick<ShippingOption, 'service' | 'freeReason'> | null;
  creditBalance: CreditBalance;
  placeError: PlaceError | null;
  isPlacing: boolean;
  /** Why the order cannot be placed yet (the button stays disabled); null when it can be. */
  blockedBy: string | null;
};

/** The checkout's totals, the choice to spend store credit, and the button that places the order. */
export function CheckoutSummary({
  totals,
  coupon,
  shipping,
  creditBalance,
  placeError,
  isPlacing,
  blockedBy,
}: Props) {
  const unusedNote = unusedCouponNote(coupon, shipping);
  return (
    <Card title="Order summary" data-testid="checkout-summary">
      {/* The code can still be applied or removed here; the totals below follow the cart's answer. */}
      <div style={{ marginBottom: 12 }} data-testid="checkout-coupon">
        <DiscountForm coupon={coupon} shipping={shipping} isInCheckout />
      </div>
      <TotalsBreakdown
        totals={totals}
        showsAmountDue
        labels={{
          discount: `Discount${coupon ? ` (${coupon.code})` : ''}`,
          // The total to pay is what is left after store credit; the GST is the whole order's.
          gst: 'GST in the order total',
        }}
        testIds={{
          subtotal: 'checkout-subtotal',
          discount: 'checkout-discount',
          shipping: 'checkout-shipping',
          credit: 'checkout-credit',
          total: 'checkout-total',
          gst: 'checkout-gst',
        }}
      >
        <StoreCreditChoice credit={creditBalance} />
      </TotalsBreakdown>
      {coupon && unusedNote && (
        <Alert
          type="info"
          showIcon
          title={`${coupon.code}: ${unusedNote}`}
          style={{ marginTop: 12 }}
          data-testid="checkout-coupon-unused"
        />
      )}
      {placeError && (
        <Alert
          type="error"
          showIcon
          message={placeError.message}
          action={
            placeError.code === errorCatalogue.ORDER_UNPAID_LIMIT.code && (
              <Link to="/account/orders?status=pending_payment" data-testid="checkout-unpaid-orders">
                See them
              </Link>
            )
          }
          style={{ marginTop: 12 }}
          data-testid="checkout-place-error"
        />
      )}
      {blockedBy && (
        <Typography.Paragraph
          type="secondary"
          style={{ margin: '12px 0 0' }}
          id="checkout-place-blocked"
          data-testid="checkout-place-blocked"
        >
          {blockedBy}
        </Typography.Paragraph>
      )}
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={isPlacing}
        disabled={blockedBy !== null}
        aria-describedby={blockedBy ? 'checkout-place-blocked' : undefined}
        style={{ marginTop: 12 }}
        data-testid="checkout-place-order"
      >
        Place order
      </Button>
      <Typography.Text type="secondary" style={{ fontSize: '0.75rem' }}>
        Prices in AUD, GST included. Store credit is taken straight away; we arrange payment of the rest after
        you order.
      </Typography.Text>
    </Card>
  );
}

/** The choice to spend store credit; when the balance could not be read, says so with a retry (ordering goes on). */
function StoreCreditChoice({ credit }: { credit: CreditBalance }) {
  if (credit.status === 'failed') {
    return (
      <Alert
        type="warning"
        showIcon
        title="Store credit could not be loaded"
        description={credit.error}
        action={
          <Button size="small" onClick={credit.retry} data-testid="checkout-credit-retry">
            Retry
          </Button>
        }
        style={{ margin: '8px 0' }}
        data-testid="checkout-credit-error"
      />
    );
  }
  if (credit.status === 'none' || credit.balance <= 0) return null;
  return (
    <Form.Item name="useCredit" valuePropName="checked" style={{ margin: '8px 0' }}>
      <Checkbox data-testid="checkout-use-credit">
        Use my store credit ({formatMoney(credit.balance)})
      </Checkbox>
    </Form.Item>
  );
}

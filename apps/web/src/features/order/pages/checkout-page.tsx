import { Card, Col, Form, Row, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CheckoutDelivery } from '../components/checkout-delivery';
import { CheckoutSummary } from '../components/checkout-summary';
import { NothingToOrder } from '../components/nothing-to-order';
import { OrderLineList } from '../components/order-line-list';
import { SubstitutesNote } from '../components/substitutes-note';
import { useCheckout, type CheckoutForm } from '../use-checkout';
import { SCROLL_TO_FIRST_ERROR } from '../../../lib/form-rules';
import { formatMoney } from '../../../lib/money';

export function CheckoutPage() {
  const checkout = useCheckout();
  useDocumentTitle('Checkout');

  if (checkout.hasLoadFailed) {
    return (
      <div className="page">
        <h1 className="page-title">Checkout</h1>
        <LoadFailed
          title="Checkout could not be loaded"
          error={checkout.loadError}
          onRetry={checkout.reload}
          testId="checkout-error"
        />
      </div>
    );
  }

  return (
    <div className="page" data-testid="checkout-page">
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: '1.5rem' }}>
        Checkout
      </Typography.Title>
      {checkout.isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} data-testid="checkout-loading" />
      ) : !checkout.hasSelection ? (
        <NothingToOrder isCartEmpty={checkout.cart.lineCount === 0} />
      ) : (
        <Form<CheckoutForm>
          scrollToFirstError={SCROLL_TO_FIRST_ERROR}
          form={checkout.form}
          layout="vertical"
          requiredMark={false}
          initialValues={{
            deliveryWindowID: checkout.draft.deliveryWindowID,
            deliveryNotes: checkout.draft.deliveryNotes,
            leaveUnattended: checkout.draft.leaveUnattended,
            addressID: checkout.initialAddressID,
            shippingService: checkout.initialService,
            useCredit: false,
          }}
          onValuesChange={(_, values) => checkout.keepDraft(values)}
          onFinish={(values) => void checkout.placeOrder(values)}
        >
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={16}>
              <CheckoutDelivery
                addresses={checkout.addresses}
                options={checkout.quoteOptions}
                deliveryMode={checkout.deliveryMode}
                minimumGap={checkout.minimumGap}
                quoteError={checkout.quoteError}
                onRetryQuote={checkout.retryQuote}
                addressID={checkout.addressID}
                onWindow={checkout.onWindow}
                windowsReloadKey={checkout.windowsReloadKey}
              />
              <Card
                title={`Items (${checkout.cart.count})`}
                style={{ marginTop: 16 }}
                data-testid="checkout-lines"
              >
                <OrderLineList lines={checkout.selectedLines} testId="checkout-line" />
                <SubstitutesNote lines={checkout.selectedLines} testId="checkout-substitutes">
                  <Link to="/cart" data-testid="checkout-substitutes-change">
                    Change in your cart
                  </Link>
                </SubstitutesNote>
              </Card>
            </Col>
            <Col xs={24} lg={8}>
              <CheckoutSummary
                totals={checkout.totals}
                coupon={checkout.cart.coupon}
                shipping={checkout.option}
                creditBalance={checkout.creditBalance}
                placeError={checkout.placeError}
                isPlacing={checkout.isPlacing}
                blockedBy={placeBlockedBy(checkout)}
              />
            </Col>
          </Row>
          <PlaceOrderBar
            amountDue={checkout.totals.amountDue}
            isDeliveryKnown={checkout.totals.shipping !== null}
            blockedBy={placeBlockedBy(checkout)}
            isPlacing={checkout.isPlacing}
          />
        </Form>
      )}
    </div>
  );
}

/**
 * On a phone the summary and its button are below the delivery choices and the items: this bar keeps what is to pay
 * and the button at the foot of the screen, in the same form (a refused form shows its first mistake).
 */
function PlaceOrderBar({
  amountDue,
  isDeliveryKnown,
  blockedBy,
  isPlacing,
}: {
  amountDue: number;
  isDeliveryKnown: boolean;
  blockedBy: string | null;
  isPlacing: boolean;
}) {
  return (
    <div className="bottom-bar checkout-bar" data-testid="checkout-bar">
      {blockedBy && <p className="bottom-bar__blocked">{blockedBy}</p>}
      <div className="bottom-bar__total">
        <span className="text-secondary text-small">{isDeliveryKnown ? 'To pay' : 'Before delivery'}</span>
        <strong data-testid="checkout-bar-amount-due">{formatMoney(amountDue)}</strong>
      </div>
      <button
        type="submit"
        className="shell-button shell-button--primary shell-button--large shell-button--block"
        disabled={blockedBy !== null || isPlacing}
        aria-busy={isPlacing}
        data-testid="checkout-bar-place-order"
      >
        {isPlacing ? 'Placing order…' : 'Place order'}
      </button>
    </div>
  );
}

/** Why the order cannot be placed yet, said beside the button it keeps disabled; null when it can be. */
function placeBlockedBy(
  checkout: Pick<
    ReturnType<typeof useCheckout>,
    'addresses' | 'needsWindow' | 'option' | 'cart' | 'quoteError' | 'minimumGap'
  >,
): string | null {
  // The order would be refused for it: say so before, with the way out.
  const coupon = checkout.cart.coupon;
  if (coupon && !coupon.isApplicable)
    return `${coupon.code} does not apply to this order${coupon.problem ? ` (${coupon.problem.replace(/\.$/, '')})` : ''}. Remove it to place the order.`;
  if (checkout.addresses.length === 0) return 'Add a delivery address to place your order.';
  // No option can be chosen without the prices: the reason is that they are missing, not a choice not made.
  if (checkout.quoteError) return checkout.quoteError;
  // The zone's minimum order: the cart has to change, so it is said before any choice here.
  if (checkout.minimumGap) return checkout.minimumGap;
  if (checkout.needsWindow) return 'Choose a delivery window to place your order.';
  if (checkout.option === null) return 'Choose how your order is delivered to place it.';
  return null;
}

import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Divider, Row, Skeleton, Space, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { formatAbn } from '@storefront/contract/abn';
import { errorCatalogue } from '@storefront/contract/errors';
import { isTaxInvoice } from '@storefront/contract/gst';
import { isStillToBePacked } from '@storefront/contract/substitutes';
import { deductionText, paidWithText, restOfTotalLabel } from '@storefront/contract/payment-rows';
import { fullName } from '@storefront/contract/person-name';
import { providerNames } from '@storefront/contract/refund';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../../app/not-found-page';
import { ConfirmPopover } from '../../../components/confirm-popover';
import { LoadFailed } from '../../../components/load-failed';
import { readErrorCode, readErrorMessage } from '../../../lib/http/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useHasPassed } from '../../../lib/use-has-passed';
import { useRemoteData } from '../../../lib/use-remote-data';
import { formatAddress } from '../../address/format-address';
import { TotalsBreakdown } from '../../cart/components/totals-breakdown';
import { cancelOrder, fetchOrderDetail } from '../api';
import { ChangeWindowCard } from '../../delivery/components/change-window-card';
import { BuyAgainButton } from '../components/buy-again-button';
import { AddOrderToListButton } from '../../shopping-list/components/add-order-to-list-button';
import { ChangeAddressForm } from '../components/change-address-form';
import { ChangeNotesForm } from '../components/change-notes-form';
import { ChangeSubstitutesForm } from '../components/change-substitutes-form';
import { OrderLineList } from '../components/order-line-list';
import { SubstitutesNote } from '../components/substitutes-note';
import { OrderStatusTag } from '../components/order-status-tag';
import { OrderTimeline } from '../components/order-timeline';
import { cancelOutcome, formatOrderDate } from '../order-status';
import { formatDay } from '../../../lib/date-time';
import { readRuntimeConfig } from '../../../lib/runtime-config';
import { STORE_NAME } from '../../../lib/store-name';
import { formatMoney } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { ButtonLink } from '../../../components/button-link';
import '../order.css';
import { orderReference } from '@storefront/contract/order-reference';

export function OrderDetailPage() {
  const { orderID } = useParams();
  const id = Number(orderID);
  const isValidID = Number.isInteger(id) && id > 0;
  const [isMissing, setIsMissing] = useState(false);
  const load = useCallback(
    () =>
      fetchOrderDetail(id).catch((err: unknown) => {
        // Missing and not yours answer alike (100002): either way there is no such order to show.
        setIsMissing(readErrorCode(err) === errorCatalogue.NOT_FOUND.code);
        throw err;
      }),
    [id],
  );
  const order = useRemoteData(load);
  const [isCancelling, setIsCancelling] = useState(false);
  // Past it, the order only waits for the store's round (each minute) to cancel it: no more payment is taken.
  const payByHasPassed = useHasPassed(order.data?.payBy ?? null);
  useDocumentTitle(!isValidID || isMissing ? null : `Order ${orderReference(id)}`);

  const cancel = async () => {
    setIsCancelling(true);
    try {
      order.replace(await cancelOrder(id));
      toast.success('Your order was cancelled.');
    } catch (err) {
      toast.error(readErrorMessage(err));
      order.reload();
    } finally {
      setIsCancelling(false);
    }
  };

  const back = (
    <Link to="/account/orders" data-testid="order-back">
      <ArrowLeftOutlined /> All orders
    </Link>
  );

  const heading = (
    <h1 className="page-title" data-testid="order-heading">
      Order {orderReference(id)}
    </h1>
  );

  if (!isValidID || isMissing) return <NotFoundPage />;
  if (order.status === 'failed' && !order.data) {
    return (
      <Card title={back}>
        {heading}
        <LoadFailed
          title="This order could not be loaded"
          error={order.error}
          onRetry={order.reload}
          testId="order-error"
        />
      </Card>
    );
  }
  if (!order.data) {
    return (
      <Card title={back}>
        {heading}
        <Skeleton active paragraph={{ rows: 8 }} data-testid="order-loading" />
      </Card>
    );
  }

  const o = order.data;
  const isOwing = o.status === 'pending_payment' && o.totals.amountDue > 0;
  const pendingWith = isOwing ? o.paymentPendingWith : null;
  const { storeAbn } = readRuntimeConfig();
  return (
    <Card
      title={back}
      className="order-detail"
      data-testid="order-detail-page"
      extra={
        o.canCancel && (
          <ConfirmPopover
            title="Cancel this order?"
            description={cancelOutcome(o.status, o.totals)}
            okText="Cancel order"
            cancelText="Keep it"
            okButtonProps={{ danger: true, 'data-testid': 'order-cancel-confirm' }}
            onConfirm={() => void cancel()}
          >
            <Button className="order-action" danger loading={isCancelling} data-testid="order-cancel">
              Cancel order
            </Button>
          </ConfirmPopover>
        )
      }
    >
      <div className="order-detail__head">
        {heading}
        <OrderStatusTag status={o.status} />
      </div>
      <div className="order-detail__placed">
        <div className="order-detail__dates">
          <Typography.Text type="secondary">Placed {formatOrderDate(o.createdAt)}</Typography.Text>
          {/* Who took the payment, as the paid mail (the tax invoice) says; on the printed invoice too. */}
          {o.paidAt && (
            <Typography.Text type="secondary" data-testid="order-paid-with">
              {paidWithText(o.paidWith, formatDay(o.paidAt))}
            </Typography.Text>
          )}
          {o.canCancel && (
            <Typography.Text type="secondary" data-testid="order-cancel-by">
              {o.cancelBy
                ? `You can cancel it until ${formatOrderDate(o.cancelBy)}, the delivery window's cut-off.`
                : 'You can cancel it until we start picking it.'}
            </Typography.Text>
          )}
        </div>
        <Space wrap>
          {/* Printed, the page is the order alone (global.css, @media print): its tax invoice once paid. */}
          <Button
            className="order-action"
            icon={<PrinterOutlined />}
            onClick={() => window.print()}
            data-testid="order-print"
          >
            Print
          </Button>
          <BuyAgainButton orderID={o.orderID} />
          <AddOrderToListButton orderID={o.orderID} reference={orderReference(o.orderID)} />
        </Space>
      </div>
      {storeAbn && isTaxInvoice({ status: o.status, isPaid: o.paidAt !== null, gst: o.totals.gst }) && (
        <p className="text-secondary text-small" data-testid="order-tax-invoice">
          Tax invoice · {STORE_NAME} · ABN {formatAbn(storeAbn)}
          {o.paidAt && ` · issued ${formatDay(o.paidAt)}`}
        </p>
      )}
      {/* A payment its provider is still deciding: paying again could charge twice (as the return page says), and
          past the time to pay the order is not cancelled until the provider has decided. */}
      {pendingWith && (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 16 }}
          title={`We are waiting for ${providerNames[pendingWith]} to confirm your payment.`}
          description={
            payByHasPassed && o.payBy
              ? `The time to pay ended ${formatOrderDate(o.payBy)}, but a payment started before then still counts: if it goes through, the order is yours; if not, it is cancelled and you are not charged.`
              : "Please don't pay again: if the payment goes through, the order is yours; if not, it is cancelled and you are not charged."
          }
          data-testid="order-payment-checking"
        />
      )}
      {isOwing && !pendingWith && o.payBy && payByHasPassed && (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 16 }}
          title={`The time to pay this order ended ${formatOrderDate(o.payBy)}: it is being cancelled and its items go back on the shelf.`}
          description="A payment you made before then still counts: if it goes through, the order is yours."
          data-testid="order-pay-ended"
        />
      )}
      {isOwing && !pendingWith && !payByHasPassed && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 16 }}
          title={
            `${formatMoney(o.totals.amountDue)} is still to pay for this order` +
            (o.payBy ? `: pay by ${formatOrderDate(o.payBy)}, or it is cancelled.` : '.')
          }
          action={
            <ButtonLink to={`/checkout/pay/${o.orderID}`} type="primary" data-testid="order-pay-now">
              Pay now
            </ButtonLink>
          }
          data-testid="order-payment-due"
        />
      )}
      <div style={{ margin: '16px 0' }}>
        <OrderTimeline order={o} />
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card size="small" title="Items" data-testid="order-lines">
            <OrderLineList lines={o.lines} testId="order-line" linksToProduct />
            {/* Said only while it can still happen: until the order is packed and on its way. */}
            {isStillToBePacked(o.status) && <SubstitutesNote lines={o.lines} testId="order-substitutes" />}
            {o.canChangeSubstitutes && (
              <div className="order-detail__notes-form">
                <ChangeSubstitutesForm order={o} onChanged={order.replace} onStale={order.reload} />
              </div>
            )}
            <Divider style={{ margin: '12px 0' }} />
            <TotalsBreakdown
              totals={o.totals}
              labels={{
                discount: `Discount${o.couponCode ? ` (${o.couponCode})` : ''}`,
                shipping: `Shipping (${o.shippingService === 'express' ? 'Express' : 'Standard'})`,
                credit: 'Paid with store credit',
              }}
              testIds={{
                subtotal: 'order-subtotal',
                discount: 'order-discount',
                shipping: 'order-shipping',
                credit: 'order-credit',
                total: 'order-total',
                gst: 'order-gst',
              }}
            />
            {/* Money given back after payment: at packing (what was not sent), or by the shop later. */}
            {o.refunds.map((r) => (
              <div className="cart-summary__row" key={`${r.at}-${r.amount}`} data-testid="order-refund">
                <span>
                  Refunded {formatOrderDate(r.at)}: {r.reason}
                </span>
                <span>{deductionText(r.amount, formatMoney)}</span>
              </div>
            ))}
            {/* Beside the credit, the rest of the total and what became of it, as the order's mails say. */}
            {o.totals.creditUsed > 0 && o.totals.amountDue > 0 && (
              <div className="cart-summary__row">
                <span>{restOfTotalLabel({ status: o.status, isPaid: o.paidAt !== null })}</span>
                <span data-testid="order-rest">{formatMoney(o.totals.amountDue)}</span>
              </div>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title="Addresses" data-testid="order-addresses">
            <dl className="order-addresses">
              <dt>Delivery</dt>
              <dd data-testid="order-shipping-address">
                {fullName(o.shippingAddress)}, {formatAddress(o.shippingAddress)}
              </dd>
              <dt>Billing</dt>
              <dd data-testid="order-billing-address">
                {fullName(o.billingAddress)}, {formatAddress(o.billingAddress)}
              </dd>
              {o.deliveryNotes && (
                <>
                  <dt>For the driver</dt>
                  <dd className="order-detail__notes" data-testid="order-delivery-notes">
                    {o.deliveryNotes}
                  </dd>
                </>
              )}
              {o.leaveUnattended && (
                <>
                  <dt>Nobody home</dt>
                  <dd data-testid="order-leave-unattended">Leave it at the door</dd>
                </>
              )}
            </dl>
            {o.canChangeAddress && (
              <ChangeAddressForm order={o} onChanged={order.replace} onStale={order.reload} />
            )}
            {o.canChangeNotes && (
              <div className="order-detail__notes-form">
                <ChangeNotesForm order={o} onChanged={order.replace} onStale={order.reload} />
              </div>
            )}
          </Card>
          <ChangeWindowCard order={o} onChanged={order.replace} />
        </Col>
      </Row>
    </Card>
  );
}

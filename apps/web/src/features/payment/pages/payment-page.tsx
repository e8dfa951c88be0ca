import { Card, Typography } from 'antd';
import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRemoteData } from '../../../lib/use-remote-data';
import { PaymentMethodChoice } from '../components/payment-method-choice';
import { describeOrderPayment, readOrderPayment } from '../order-payment';

const titleStyle = { marginTop: 0, fontSize: '1.5rem' } as const;

/** Choosing how to pay an order awaiting payment: after checkout, "Try again" and "Pay now". */
export function PaymentPage() {
  useDocumentTitle('Choose how to pay');
  const orderID = Number(useParams().orderID);
  const isValid = Number.isInteger(orderID) && orderID > 0;

  return (
    <div className="page payment-page" data-testid="payment-page">
      <Card style={{ maxWidth: 560, margin: '0 auto' }}>
        <Typography.Title level={1} style={titleStyle}>
          How would you like to pay?
        </Typography.Title>
        {isValid ? (
          <PayOrder orderID={orderID} />
        ) : (
          <Typography.Paragraph data-testid="payment-invalid">
            This payment link is not valid. <Link to="/account/orders">Go to your orders</Link>
          </Typography.Paragraph>
        )}
      </Card>
    </div>
  );
}

function PayOrder({ orderID }: { orderID: number }) {
  const load = useCallback(() => readOrderPayment(orderID), [orderID]);
  const payment = useRemoteData(load);

  return (
    <>
      <Typography.Paragraph type="secondary" data-testid="payment-order">
        {describeOrderPayment(orderID, payment)}{' '}
        {payment.data?.kind === 'not-found' ? (
          <Link to="/account/orders">Go to your orders</Link>
        ) : (
          <Link to={`/account/orders/${orderID}`}>View the order</Link>
        )}
      </Typography.Paragraph>
      <PaymentMethodChoice orderID={orderID} payment={payment} />
    </>
  );
}

import { Alert, Button, Card, Descriptions, Skeleton, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { readErrorMessage } from '../../../lib/http/error-message';
import { formatMoney } from '../../../lib/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRemoteData } from '../../../lib/use-remote-data';
import { decideDemoPayment, fetchDemoPayment } from '../api';
import { orderReference } from '@storefront/contract/order-reference';

const stateLabels = {
  awaiting_customer: 'Waiting for your decision',
  approved: 'Approved',
  declined: 'Declined',
  captured: 'Paid',
} as const;

/** The demo provider's approval page: stands in for PayPal or Afterpay where no real provider is set up. */
export function DemoApprovePage() {
  useDocumentTitle('Demo payment');
  const ref = useSearchParams()[0].get('ref') ?? '';
  const load = useCallback(() => fetchDemoPayment(ref), [ref]);
  const payment = useRemoteData(load);
  const [deciding, setDeciding] = useState<'approve' | 'decline' | null>(null);
  const [decideError, setDecideError] = useState<string | null>(null);

  const decide = async (decision: 'approve' | 'decline') => {
    setDeciding(decision);
    setDecideError(null);
    try {
      const { redirectUrl } = await decideDemoPayment({ ref, decision });
      window.location.assign(redirectUrl);
    } catch (err) {
      setDecideError(readErrorMessage(err));
      setDeciding(null);
      payment.reload();
    }
  };

  let body;
  if (ref === '') {
    body = (
      <Alert
        type="warning"
        showIcon
        message="This demo payment link has no reference."
        data-testid="demo-invalid"
      />
    );
  } else if (!payment.data) {
    body =
      payment.status === 'failed' ? (
        <LoadFailed
          title="This demo payment could not be loaded"
          error={payment.error}
          onRetry={payment.reload}
          testId="demo-error"
        />
      ) : (
        <Skeleton active paragraph={{ rows: 4 }} data-testid="demo-loading" />
      );
  } else {
    const p = payment.data;
    const isOpen = p.state === 'awaiting_customer';
    body = (
      <>
        <Descriptions column={1} bordered size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label="Amount">
            <strong data-testid="demo-amount">{formatMoney(p.amountCents)}</strong>
          </Descriptions.Item>
          <Descriptions.Item label="Order">
            <span data-testid="demo-order">{orderReference(p.orderID)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="Status">{stateLabels[p.state]}</Descriptions.Item>
        </Descriptions>
        {decideError && (
          <Alert
            type="error"
            showIcon
            message={decideError}
            style={{ marginBottom: 12 }}
            data-testid="demo-decide-error"
          />
        )}
        {isOpen ? (
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            <Button
              type="primary"
              size="large"
              loading={deciding === 'approve'}
              disabled={deciding !== null}
              onClick={() => void decide('approve')}
              style={{ flex: '1 1 140px' }}
              data-testid="demo-approve"
            >
              Approve payment
            </Button>
            <Button
              danger
              size="large"
              loading={deciding === 'decline'}
              disabled={deciding !== null}
              onClick={() => void decide('decline')}
              style={{ flex: '1 1 140px' }}
              data-testid="demo-decline"
            >
              Decline
            </Button>
          </div>
        ) : (
          <Typography.Paragraph data-testid="demo-decided">
            This demo payment is already {stateLabels[p.state].toLowerCase()}.{' '}
            <Link to={`/account/orders/${p.orderID}`}>View order {orderReference(p.orderID)}</Link>
          </Typography.Paragraph>
        )}
      </>
    );
  }

  return (
    <div className="page" data-testid="demo-approve-page">
      <Card style={{ maxWidth: 560, margin: '0 auto' }}>
        <Typography.Title level={1} style={{ marginTop: 0, fontSize: '1.5rem' }}>
          Demo payment provider — no money moves
        </Typography.Title>
        <Alert
          type="warning"
          showIcon
          message="This is a demo"
          description="Approving here pays the order in this demo store only. No card, bank or PayPal account is charged."
          style={{ marginBottom: 16 }}
          data-testid="demo-notice"
        />
        {body}
      </Card>
    </div>
  );
}

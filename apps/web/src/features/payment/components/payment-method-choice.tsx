import { Alert, type AlertProps, Button, Empty, Form, Radio, Skeleton, Space, Tag, Typography } from 'antd';
import { afterpayInstalments } from '@storefront/contract/afterpay';
import type { PaymentProvider } from '@storefront/contract/payment';
import { providerNames } from '@storefront/contract/refund';
import { useState } from 'react';
import type { AsyncStatus } from '../../../lib/async-status';
import { createAttemptKeys, isAnswerLost } from '../../../lib/attempt-key';
import { readErrorMessage } from '../../../lib/http/error-message';
import { formatMoney } from '../../../lib/money';
import { startPayment } from '../api';
import type { OrderPayment } from '../order-payment';
import { providerLabels } from '../payment-return';
import { describeAfterpayPayments } from './afterpay-instalments';

type Props = {
  orderID: number;
  /** The page's read of the order, which its sentence about the order is made from too. */
  payment: { status: AsyncStatus; data: OrderPayment | null; error: string | null; reload: () => void };
};
type ChoiceForm = { provider: PaymentProvider };

type Notice = Pick<AlertProps, 'type' | 'message' | 'description'> & { testId: string };

/** What the box says instead of the ways to pay, by why the order has nothing to pay here. */
const NOTHING_TO_PAY: Record<Exclude<OrderPayment['kind'], 'owing' | 'capture-pending'>, Notice> = {
  'not-found': { type: 'warning', message: 'This order was not found', testId: 'payment-order-not-found' },
  settled: {
    type: 'info',
    message: 'There is nothing to pay',
    description: 'This order is paid or was cancelled: its page shows which.',
    testId: 'payment-nothing-due',
  },
  'pay-by-passed': {
    type: 'info',
    message: 'The time to pay has ended',
    description: "A payment you made before then still counts: the order's page shows what becomes of it.",
    testId: 'payment-pay-by-passed',
  },
};

/** The ways to pay an order's amount due; "Pay" sends the browser to the chosen provider. */
export function PaymentMethodChoice({ orderID, payment }: Props) {
  const [keys] = useState(() => createAttemptKeys());
  const [isStarting, setIsStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);

  const pay = async ({ provider }: ChoiceForm) => {
    setIsStarting(true);
    setStartError(null);
    const body = { orderID, provider };
    try {
      const { redirectUrl } = await startPayment(body, keys.keyFor(body));
      keys.finish();
      window.location.assign(redirectUrl);
    } catch (err) {
      if (!isAnswerLost(err)) keys.finish();
      setStartError(readErrorMessage(err));
      setIsStarting(false);
    }
  };

  if (!payment.data) {
    return payment.status === 'failed' ? (
      <Alert
        type="error"
        showIcon
        message="The ways to pay could not be loaded"
        description={payment.error}
        action={
          <Button size="small" onClick={payment.reload} data-testid="payment-methods-retry">
            Try again
          </Button>
        }
        data-testid="payment-methods-error"
      />
    ) : (
      <Skeleton active paragraph={{ rows: 3 }} data-testid="payment-methods-loading" />
    );
  }

  if (payment.data.kind === 'capture-pending') {
    // As the order's page says it: a second payment now could take the money twice.
    return (
      <Alert
        type="info"
        showIcon
        message="Please don't pay again"
        description={`If the ${providerNames[payment.data.pendingWith]} payment goes through, the order is yours; if not, it is cancelled and you are not charged. The order's page shows what becomes of it.`}
        data-testid="payment-capture-pending"
      />
    );
  }

  if (payment.data.kind !== 'owing') {
    const { testId, ...notice } = NOTHING_TO_PAY[payment.data.kind];
    return <Alert showIcon {...notice} data-testid={testId} />;
  }

  const { methods } = payment.data;
  const eligible = methods.methods.filter((m) => m.isEligible);
  if (eligible.length === 0) {
    return (
      <Empty
        description="No way to pay online is available for this order right now. Please try again later."
        data-testid="payment-methods-empty"
      />
    );
  }

  return (
    <Form<ChoiceForm>
      layout="vertical"
      requiredMark={false}
      initialValues={{ provider: eligible.length === 1 ? eligible[0]?.provider : undefined }}
      onFinish={(values) => void pay(values)}
      data-testid="payment-methods"
    >
      <Typography.Paragraph>
        Amount due: <strong data-testid="payment-amount-due">{formatMoney(methods.amountDue)}</strong>
      </Typography.Paragraph>
      <Form.Item name="provider" rules={[{ required: true, message: 'Choose a way to pay.' }]}>
        <Radio.Group style={{ width: '100%' }}>
          <Space direction="vertical" style={{ width: '100%' }}>
            {eligible.map((m) => (
              <Radio key={m.provider} value={m.provider} data-testid={`payment-method-${m.provider}`}>
                <span>{providerLabels[m.provider]}</span>
                {m.provider === 'demo' && (
                  <Tag color="orange" style={{ marginLeft: 8 }}>
                    Demo
                  </Tag>
                )}
                {m.provider === 'afterpay' && m.instalmentCents !== null && (
                  <Typography.Text type="secondary" style={{ display: 'block' }}>
                    {describeAfterpayPayments(afterpayInstalments(methods.amountDue))}
                  </Typography.Text>
                )}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
      {startError && (
        <Alert
          type="error"
          showIcon
          message={startError}
          style={{ marginBottom: 12 }}
          data-testid="payment-start-error"
        />
      )}
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={isStarting}
        data-testid="payment-pay"
      >
        Pay {formatMoney(methods.amountDue)}
      </Button>
    </Form>
  );
}

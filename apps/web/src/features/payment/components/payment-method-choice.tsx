import { Alert, Button, Empty, Form, Radio, Skeleton, Space, Tag, Typography } from 'antd';
import type { PaymentProvider } from '@storefront/contract/payment';
import { useCallback, useState } from 'react';
import { createAttemptKeys, isAnswerLost } from '../../../lib/attempt-key';
import { readErrorMessage } from '../../../lib/http/error-message';
import { formatMoney } from '../../../lib/money';
import { useRemoteData } from '../../../lib/use-remote-data';
import { fetchPaymentMethods, startPayment } from '../api';
import { providerLabels } from '../payment-return';

type Props = { orderID: number };
type ChoiceForm = { provider: PaymentProvider };

/** The ways to pay an order's amount due; "Pay" sends the browser to the chosen provider. */
export function PaymentMethodChoice({ orderID }: Props) {
  const load = useCallback(() => fetchPaymentMethods(orderID), [orderID]);
  const methods = useRemoteData(load);
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

  if (!methods.data) {
    return methods.status === 'failed' ? (
      <Alert
        type="error"
        showIcon
        message="The ways to pay could not be loaded"
        description={methods.error}
        action={
          <Button size="small" onClick={methods.reload} data-testid="payment-methods-retry">
            Try again
          </Button>
        }
        data-testid="payment-methods-error"
      />
    ) : (
      <Skeleton active paragraph={{ rows: 3 }} data-testid="payment-methods-loading" />
    );
  }

  const eligible = methods.data.methods.filter((m) => m.isEligible);
  if (methods.data.amountDue === 0) {
    return <Alert type="success" showIcon message="This order is paid." data-testid="payment-nothing-due" />;
  }
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
        Amount due: <strong data-testid="payment-amount-due">{formatMoney(methods.data.amountDue)}</strong>
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
                    4 payments of {formatMoney(m.instalmentCents)}
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
        Pay {formatMoney(methods.data.amountDue)}
      </Button>
    </Form>
  );
}

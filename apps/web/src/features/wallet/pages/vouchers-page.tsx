import { GiftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Space, Statistic, Typography, type InputRef } from 'antd';
import { useState } from 'react';
import { normaliseCode } from '@storefront/contract/limits';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { useFocusReturn } from '../../../lib/use-focus-return';
import { findVoucherCredit, redeemVoucher, type VoucherOutcome } from '../redeem-voucher';

type VoucherForm = { code: string };

export function VouchersPage() {
  const [form] = Form.useForm<VoucherForm>();
  const [isBusy, setIsBusy] = useState(false);
  const [outcome, setOutcome] = useState<VoucherOutcome | null>(null);
  // "Check again" goes with its answer, and the focus would fall to the top of the page: the field takes it, ready for
  // the next code.
  const codeField = useFocusReturn<InputRef>();

  const show = (next: VoucherOutcome) => {
    setOutcome(next);
    if (next.kind !== 'redeemed') return;
    // Emptied, not reset: resetting mounts the field anew, and the focus of a code redeemed with Enter went with it.
    form.setFieldValue('code', '');
    codeField.returnFocus();
    toast.success(
      next.isEarlier
        ? 'That voucher is already in your store credit.'
        : `${formatMoney(next.credited)} added to your store credit.`,
    );
  };

  const run = async (step: () => Promise<VoucherOutcome>) => {
    setIsBusy(true);
    try {
      show(await step());
    } finally {
      setIsBusy(false);
    }
  };

  const redeem = ({ code }: VoucherForm) => {
    // A new code replaces the last answer at once; "Check again" keeps its question on screen meanwhile.
    setOutcome(null);
    void run(() => redeemVoucher(normaliseCode(code)));
  };

  return (
    <Card data-testid="vouchers-page">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          <GiftOutlined /> Enter the code on your gift voucher. Its value becomes store credit that you can
          spend at checkout.
        </Typography.Paragraph>
        <Form<VoucherForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={redeem}
          className="wallet-voucher-form"
        >
          <Form.Item
            name="code"
            label="Voucher code"
            rules={[
              { required: true, whitespace: true, message: 'Enter your voucher code.' },
              { max: 40, transform: normaliseCode, message: 'At most 40 characters.' },
              {
                pattern: /^[A-Za-z0-9-]+$/,
                transform: normaliseCode,
                message: 'Use letters, digits and dashes only.',
              },
            ]}
          >
            <Input
              placeholder="e.g. GIFT-1234"
              autoComplete="off"
              ref={codeField.target}
              onChange={() => setOutcome((o) => (o?.kind === 'refused' ? null : o))}
              data-testid="voucher-code"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={isBusy} data-testid="voucher-submit">
            Redeem voucher
          </Button>
        </Form>
        {outcome?.kind === 'refused' && (
          <Alert type="error" showIcon message={outcome.message} data-testid="voucher-error" />
        )}
        {outcome?.kind === 'unconfirmed' && (
          <Alert
            type="warning"
            showIcon
            message={`We could not confirm voucher ${outcome.code} yet`}
            // The button under the words, not beside them: beside, a phone leaves the words a narrow column.
            description={
              <Space direction="vertical" size={8}>
                {outcome.isChecked
                  ? `${outcome.code} is not in your store credit yet. Check again in a moment; redeeming it again is safe too, as a voucher is never credited twice.`
                  : 'We could not reach the store to see whether it was credited. Check again in a moment.'}
                <Button
                  size="small"
                  loading={isBusy}
                  onClick={() => void run(() => findVoucherCredit(outcome.code))}
                  data-testid="voucher-check-again"
                >
                  Check again
                </Button>
              </Space>
            }
            data-testid="voucher-unconfirmed"
          />
        )}
        {outcome?.kind === 'redeemed' && (
          <Alert
            type="success"
            showIcon
            data-testid="voucher-success"
            message={
              <Statistic
                title={
                  outcome.isEarlier
                    ? 'You redeemed this voucher before. Your store credit is'
                    : 'Your store credit is now'
                }
                value={formatMoney(outcome.balance)}
                data-testid="voucher-balance"
              />
            }
          />
        )}
        <Link to="/account/credits" data-testid="vouchers-credits-link">
          See your store credit
        </Link>
      </Space>
    </Card>
  );
}

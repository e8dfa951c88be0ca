import { GiftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Space, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { readErrorMessage } from '../../../lib/http/error-message';
import { formatMoney } from '../../../lib/money';
import { applyVoucher } from '../api';
import { toast } from '../../../lib/toast';

type VoucherForm = { code: string };

export function VouchersPage() {
  const [form] = Form.useForm<VoucherForm>();
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [balance, setBalance] = useState<number | null>(null);

  const redeem = async ({ code }: VoucherForm) => {
    setIsSaving(true);
    setError(null);
    // A new attempt replaces the last answer: an error never shows beside an earlier success.
    setBalance(null);
    try {
      const result = await applyVoucher(code.trim());
      setBalance(result.balance);
      form.resetFields();
      toast.success(`${formatMoney(result.credited)} added to your store credit.`);
    } catch (err) {
      setError(readErrorMessage(err));
    } finally {
      setIsSaving(false);
    }
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
          onFinish={(values) => void redeem(values)}
          className="wallet-voucher-form"
        >
          <Form.Item
            name="code"
            label="Voucher code"
            rules={[
              { required: true, whitespace: true, message: 'Enter your voucher code.' },
              { max: 40, message: 'At most 40 characters.' },
              { pattern: /^\s*[A-Za-z0-9-]+\s*$/, message: 'Use letters, digits and dashes only.' },
            ]}
          >
            <Input
              placeholder="e.g. GIFT-1234"
              autoComplete="off"
              maxLength={40}
              onChange={() => setError(null)}
              data-testid="voucher-code"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={isSaving} data-testid="voucher-submit">
            Redeem voucher
          </Button>
        </Form>
        {error && <Alert type="error" showIcon message={error} data-testid="voucher-error" />}
        {balance !== null && (
          <Alert
            type="success"
            showIcon
            data-testid="voucher-success"
            message={
              <Statistic
                title="Your store credit is now"
                value={formatMoney(balance)}
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

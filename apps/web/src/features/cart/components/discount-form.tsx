import { Alert, App, Button, Form, Input, Space, Tag, Typography } from 'antd';
import type { AppliedCoupon } from '@storefront/contract/cart';
import { useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { applyDiscount } from '../cart-slice';

type Props = { coupon: AppliedCoupon | null };

export function DiscountForm({ coupon }: Props) {
  const dispatch = useAppDispatch();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ code: string }>();
  const [isSending, setIsSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (code: string | null) => {
    setIsSending(true);
    setProblem(null);
    try {
      await dispatch(applyDiscount(code)).unwrap();
      form.resetFields();
      void message.success(code ? 'Discount code applied.' : 'Discount code removed.');
    } catch (err) {
      const text = typeof err === 'string' ? err : 'That discount code could not be applied.';
      setProblem(text);
      void message.error(text);
    } finally {
      setIsSending(false);
    }
  };

  return (
    <div data-testid="cart-discount">
      {coupon && (
        <div className="cart-coupon">
          <Space wrap>
            <Tag color={coupon.isApplicable ? 'green' : 'orange'} data-testid="cart-coupon-code">
              {coupon.code}
            </Tag>
            <Typography.Text type="secondary">{coupon.description}</Typography.Text>
          </Space>
          <Button
            type="link"
            size="small"
            onClick={() => void send(null)}
            loading={isSending}
            data-testid="cart-coupon-remove"
          >
            Remove
          </Button>
        </div>
      )}
      {coupon && !coupon.isApplicable && coupon.problem && (
        <Alert
          type="warning"
          showIcon
          message={coupon.problem}
          style={{ marginBottom: 8 }}
          data-testid="cart-coupon-problem"
        />
      )}
      <Form
        form={form}
        layout="inline"
        className="cart-discount-form"
        onFinish={(values) => void send(values.code.trim())}
        onValuesChange={() => setProblem(null)}
      >
        <Form.Item
          name="code"
          style={{ flex: 1, marginInlineEnd: 8 }}
          rules={[
            { required: true, whitespace: true, message: 'Enter a discount code.' },
            { max: 40, message: 'Discount codes are at most 40 characters.' },
          ]}
        >
          <Input placeholder="Discount code" autoComplete="off" data-testid="cart-discount-input" />
        </Form.Item>
        <Form.Item style={{ marginInlineEnd: 0 }}>
          <Button htmlType="submit" loading={isSending} data-testid="cart-discount-apply">
            Apply
          </Button>
        </Form.Item>
      </Form>
      {problem && (
        <Typography.Text type="danger" data-testid="cart-discount-error">
          {problem}
        </Typography.Text>
      )}
    </div>
  );
}

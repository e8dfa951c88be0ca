import { Alert, Button, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { errorCatalogue } from '@storefront/contract/errors';
import { staffRefundBody, type StaffOrderDetail } from '@storefront/contract/fulfilment';
import { showRefusalOnForm } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { dollarsToCents, formatMoney } from '../../../lib/format';
import { refundOrder } from '../api';

type RefundForm = { amount: string; reason: string; lineID?: number };

type Props = {
  detail: StaffOrderDetail;
  isOpen: boolean;
  onClose: () => void;
  onRefunded: (detail: StaffOrderDetail) => void;
};

/** A manager gives money back after packing (damaged, missing): in dollars, at most what is left to refund. */
export function RefundModal({ detail, isOpen, onClose, onRefunded }: Props) {
  const [form] = Form.useForm<RefundForm>();
  const [isSaving, setIsSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { orderID, lines } = detail.order;

  const save = async (values: RefundForm) => {
    const amountCents = dollarsToCents(values.amount);
    if (amountCents === null) return;
    setIsSaving(true);
    setRefusal(null);
    try {
      const next = await refundOrder(orderID, {
        amountCents,
        reason: values.reason.trim(),
        ...(values.lineID === undefined ? {} : { lineID: values.lineID }),
      });
      form.resetFields();
      onRefunded(next);
    } catch (error) {
      setRefusal(showRefusalOnForm(form, error, { [errorCatalogue.REFUND_TOO_MUCH.code]: 'amount' }));
    } finally {
      setIsSaving(false);
    }
  };

  const close = () => {
    setRefusal(null);
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={isOpen}
      title={`Refund SO-${orderID}`}
      onCancel={close}
      forceRender
      footer={[
        <Button key="cancel" onClick={close} data-testid="refund-cancel">
          Cancel
        </Button>,
        <Button
          key="refund"
          type="primary"
          loading={isSaving}
          onClick={() => form.submit()}
          data-testid="refund-submit"
        >
          Refund
        </Button>,
      ]}
    >
      <Typography.Paragraph data-testid="refund-refundable">
        Left to refund: <strong>{formatMoney(detail.refundable)}</strong>. It goes back the way it was paid.
      </Typography.Paragraph>
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={refusal}
          style={{ marginBottom: 16 }}
          data-testid="refund-error"
        />
      )}
      <Form<RefundForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={isSaving}
        onFinish={(values) => void save(values)}
      >
        <Form.Item
          label="Amount (dollars)"
          name="amount"
          rules={[
            { required: true, whitespace: true, message: 'Enter the amount to refund.' },
            {
              validator: (_, value: unknown) => {
                if (value === undefined || value === '') return Promise.resolve();
                const cents = dollarsToCents(typeof value === 'string' ? value : String(value));
                if (cents === null || cents < 1)
                  return Promise.reject(new Error('Enter an amount in dollars, such as 4.50.'));
                if (cents > detail.refundable)
                  return Promise.reject(
                    new Error(`At most ${formatMoney(detail.refundable)} is left to refund.`),
                  );
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input inputMode="decimal" prefix="$" autoComplete="off" data-testid="refund-amount" />
        </Form.Item>
        <Form.Item
          label="Reason"
          name="reason"
          rules={[
            { required: true, whitespace: true, message: 'Say why it is refunded.' },
            schemaRule(staffRefundBody.shape.reason, 'Reason'),
          ]}
        >
          <Input autoComplete="off" data-testid="refund-reason" />
        </Form.Item>
        <Form.Item label="For the line (optional)" name="lineID">
          <Select<number>
            allowClear
            placeholder="The whole order"
            options={lines.map((line) => ({ value: line.productID, label: line.name }))}
            data-testid="refund-line"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { Form, Input, Select, Typography } from 'antd';
import { errorCatalogue } from '@storefront/contract/errors';
import { staffRefundBody, type StaffOrderDetail } from '@storefront/contract/fulfilment';
import { FormModal } from '../../../components/form-modal';
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
  const { orderID, lines } = detail.order;

  const submit = async (values: RefundForm) => {
    // The amount's own rule has refused anything that is not dollars and cents.
    const amountCents = dollarsToCents(values.amount);
    if (amountCents === null) return;
    onRefunded(
      await refundOrder(orderID, {
        amountCents,
        reason: values.reason.trim(),
        ...(values.lineID === undefined ? {} : { lineID: values.lineID }),
      }),
    );
  };

  return (
    <FormModal<RefundForm>
      form={form}
      isOpen={isOpen}
      title={`Refund SO-${orderID}`}
      onClose={onClose}
      submit={submit}
      fieldsByCode={{ [errorCatalogue.REFUND_TOO_MUCH.code]: 'amount' }}
      okText="Refund"
      cancelText="Cancel"
      testIds={{ ok: 'refund-submit', cancel: 'refund-cancel', error: 'refund-error' }}
      intro={
        <Typography.Paragraph data-testid="refund-refundable">
          Left to refund: <strong>{formatMoney(detail.refundable)}</strong>. It goes back the way it was paid.
        </Typography.Paragraph>
      }
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
    </FormModal>
  );
}

import { Form, Input, Typography } from 'antd';
import { staffCancelBody, type StaffOrderDetail } from '@storefront/contract/fulfilment';
import { FormModal } from '../../../components/form-modal';
import { schemaRule } from '../../../lib/form-rules';
import { cancelOrder } from '../api';

type Props = {
  orderID: number;
  isOpen: boolean;
  onClose: () => void;
  onDone: (detail: StaffOrderDetail) => void;
};

/** Cancels the order (until it is packed), saying why; whatever was paid goes back. */
export function CancelModal({ orderID, isOpen, onClose, onDone }: Props) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <FormModal<{ reason: string }>
      form={form}
      isOpen={isOpen}
      title={`Cancel SO-${orderID}?`}
      onClose={onClose}
      submit={async ({ reason }) => onDone(await cancelOrder(orderID, { reason: reason.trim() }))}
      okText="Cancel the order"
      cancelText="Keep the order"
      isDanger
      testIds={{ ok: 'cancel-confirm', cancel: 'cancel-keep', error: 'cancel-error' }}
      intro={
        <Typography.Paragraph>
          The customer is told, and whatever they paid goes back the way it was paid. This cannot be undone.
        </Typography.Paragraph>
      }
    >
      <Form.Item
        label="Reason"
        name="reason"
        rules={[
          { required: true, whitespace: true, message: 'Say why it is cancelled.' },
          schemaRule(staffCancelBody.shape.reason, 'Reason'),
        ]}
      >
        <Input autoComplete="off" data-testid="cancel-reason" />
      </Form.Item>
    </FormModal>
  );
}

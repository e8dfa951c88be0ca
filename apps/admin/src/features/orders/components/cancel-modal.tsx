import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { staffCancelBody, type StaffOrderDetail } from '@storefront/contract/fulfilment';
import { showRefusalOnForm } from '../../../lib/form-errors';
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
  const [isSaving, setIsSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const save = async ({ reason }: { reason: string }) => {
    setIsSaving(true);
    setRefusal(null);
    try {
      const next = await cancelOrder(orderID, { reason: reason.trim() });
      form.resetFields();
      onDone(next);
    } catch (error) {
      setRefusal(showRefusalOnForm(form, error));
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
      title={`Cancel SO-${orderID}?`}
      onCancel={close}
      forceRender
      footer={[
        <Button key="keep" onClick={close} data-testid="cancel-keep">
          Keep the order
        </Button>,
        <Button
          key="cancel"
          danger
          type="primary"
          loading={isSaving}
          onClick={() => form.submit()}
          data-testid="cancel-confirm"
        >
          Cancel the order
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        The customer is told, and whatever they paid goes back the way it was paid. This cannot be undone.
      </Typography.Paragraph>
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={refusal}
          style={{ marginBottom: 16 }}
          data-testid="cancel-error"
        />
      )}
      <Form<{ reason: string }>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={isSaving}
        onFinish={(values) => void save(values)}
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
      </Form>
    </Modal>
  );
}

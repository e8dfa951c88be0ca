import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { errorCatalogue } from '@storefront/contract/errors';
import { dispatchBody, type StaffOrderDetail } from '@storefront/contract/fulfilment';
import { showRefusalOnForm } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { dispatchOrder } from '../api';

type Props = {
  orderID: number;
  isOpen: boolean;
  onClose: () => void;
  onDone: (detail: StaffOrderDetail) => void;
};

/** A courier order leaves with its tracking reference (it becomes shipped). */
export function DispatchModal({ orderID, isOpen, onClose, onDone }: Props) {
  const [form] = Form.useForm<{ trackingReference: string }>();
  const [isSaving, setIsSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const save = async ({ trackingReference }: { trackingReference: string }) => {
    setIsSaving(true);
    setRefusal(null);
    try {
      const next = await dispatchOrder(orderID, { trackingReference: trackingReference.trim() });
      form.resetFields();
      onDone(next);
    } catch (error) {
      setRefusal(
        showRefusalOnForm(form, error, { [errorCatalogue.TRACKING_REQUIRED.code]: 'trackingReference' }),
      );
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
      title={`Ship SO-${orderID} by courier`}
      onCancel={close}
      forceRender
      footer={[
        <Button key="cancel" onClick={close} data-testid="dispatch-cancel">
          Cancel
        </Button>,
        <Button
          key="ship"
          type="primary"
          loading={isSaving}
          onClick={() => form.submit()}
          data-testid="dispatch-confirm"
        >
          Mark shipped
        </Button>,
      ]}
    >
      <Typography.Paragraph>The customer is mailed the tracking reference.</Typography.Paragraph>
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={refusal}
          style={{ marginBottom: 16 }}
          data-testid="dispatch-error"
        />
      )}
      <Form<{ trackingReference: string }>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={isSaving}
        onFinish={(values) => void save(values)}
      >
        <Form.Item
          label="Tracking reference"
          name="trackingReference"
          rules={[
            { required: true, whitespace: true, message: 'Enter the courier’s tracking reference.' },
            schemaRule(dispatchBody.shape.trackingReference, 'Tracking reference'),
          ]}
        >
          <Input autoComplete="off" data-testid="dispatch-tracking" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

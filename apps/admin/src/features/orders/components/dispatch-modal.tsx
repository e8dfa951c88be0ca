import { Form, Input, Typography } from 'antd';
import { errorCatalogue } from '@storefront/contract/errors';
import { dispatchBody, type StaffOrderDetail } from '@storefront/contract/fulfilment';
import { FormModal } from '../../../components/form-modal';
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
  return (
    <FormModal<{ trackingReference: string }>
      form={form}
      isOpen={isOpen}
      title={`Ship SO-${orderID} by courier`}
      onClose={onClose}
      submit={async ({ trackingReference }) =>
        onDone(await dispatchOrder(orderID, { trackingReference: trackingReference.trim() }))
      }
      fieldsByCode={{ [errorCatalogue.TRACKING_REQUIRED.code]: 'trackingReference' }}
      okText="Mark shipped"
      cancelText="Cancel"
      testIds={{ ok: 'dispatch-confirm', cancel: 'dispatch-cancel', error: 'dispatch-error' }}
      intro={<Typography.Paragraph>The customer is mailed the tracking reference.</Typography.Paragraph>}
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
    </FormModal>
  );
}

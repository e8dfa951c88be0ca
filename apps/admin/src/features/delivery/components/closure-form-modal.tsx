import { Form, Input, Select } from 'antd';
import {
  CLOSURE_REASON_MAX,
  closureCreateBody,
  shippingZones,
  type DeliveryClosure,
} from '@storefront/contract/delivery-admin';
import { errorCatalogue } from '@storefront/contract/errors';
import type { ShippingZone } from '@storefront/contract/shipping';
import { FormModal } from '../../../components/form-modal';
import { storeDayOf } from '../../../lib/format';
import { schemaRule } from '../../../lib/form-rules';
import { addClosure } from '../api';
import { zoneLabels } from '../delivery-format';

type ClosureFormValues = { date: string; zone: ShippingZone | 'all'; reason: string };

type Props = {
  isOpen: boolean;
  onClose: () => void;
  onAdded: (closure: DeliveryClosure) => void;
};

const zoneOptions = [
  { value: 'all', label: 'All zones' },
  ...shippingZones.map((z) => ({ value: z, label: zoneLabels[z] })),
];

/** Closes a day (a public holiday) for one zone or all: its windows are no longer offered. */
export function ClosureFormModal({ isOpen, onClose, onAdded }: Props) {
  const [form] = Form.useForm<ClosureFormValues>();
  return (
    <FormModal<ClosureFormValues>
      form={form}
      isOpen={isOpen}
      title="Close a day"
      onClose={onClose}
      submit={async (values) =>
        onAdded(
          await addClosure({
            date: values.date,
            zone: values.zone === 'all' ? null : values.zone,
            reason: values.reason.trim(),
          }),
        )
      }
      fieldsByCode={{
        [errorCatalogue.DELIVERY_CLOSURE_PAST.code]: 'date',
        [errorCatalogue.DELIVERY_CLOSURE_EXISTS.code]: 'date',
        [errorCatalogue.DELIVERY_CLOSURE_BOOKED.code]: 'date',
      }}
      okText="Close the day"
      cancelText="Cancel"
      testIds={{ ok: 'closure-save', cancel: 'closure-cancel', error: 'closure-error' }}
      intro={
        <p>
          No windows are offered that day. A day with orders booked cannot be closed until they are moved or
          cancelled.
        </p>
      }
      initialValues={{ zone: 'all' }}
    >
      <div data-testid="closure-form">
        <Form.Item
          label="Day"
          name="date"
          rules={[
            { required: true, message: 'Choose the day.' },
            schemaRule(closureCreateBody.shape.date, 'The day'),
          ]}
        >
          <Input type="date" min={storeDayOf()} data-testid="closure-date" />
        </Form.Item>
        <Form.Item label="Zone" name="zone">
          <Select options={zoneOptions} data-testid="closure-zone" />
        </Form.Item>
        <Form.Item
          label="Reason"
          name="reason"
          rules={[
            { required: true, whitespace: true, message: 'Say why, such as Christmas Day.' },
            schemaRule(closureCreateBody.shape.reason, 'The reason'),
          ]}
        >
          <Input
            maxLength={CLOSURE_REASON_MAX}
            placeholder="Christmas Day"
            autoComplete="off"
            data-testid="closure-reason"
          />
        </Form.Item>
      </div>
    </FormModal>
  );
}

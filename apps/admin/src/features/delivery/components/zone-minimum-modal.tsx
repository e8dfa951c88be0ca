import { Form, InputNumber } from 'antd';
import { useEffect } from 'react';
import { ZONE_MINIMUM_MAX, type DeliveryZone } from '@storefront/contract/delivery-admin';
import { FormModal } from '../../../components/form-modal';
import { updateZone } from '../api';
import { zoneLabels } from '../delivery-format';

/** The minimum as staff type it: dollars; named as the API's field so its refusals land on it. */
type ZoneMinimumValues = { minimumOrder: number };

type Props = {
  /** The zone whose minimum is changed; null while closed. */
  editing: DeliveryZone | null;
  onClose: () => void;
  onSaved: (zone: DeliveryZone) => void;
};

/** Sets a zone's minimum order: the goods subtotal (before discounts) an order must reach to be delivered there. */
export function ZoneMinimumModal({ editing, onClose, onSaved }: Props) {
  const [form] = Form.useForm<ZoneMinimumValues>();

  useEffect(() => {
    if (editing) form.setFieldsValue({ minimumOrder: editing.minimumOrder / 100 });
  }, [form, editing]);

  return (
    <FormModal<ZoneMinimumValues>
      form={form}
      isOpen={editing !== null}
      title={editing ? `${zoneLabels[editing.zone]} minimum order` : 'Minimum order'}
      onClose={onClose}
      submit={async (values) => {
        if (!editing) return;
        onSaved(await updateZone(editing.zone, { minimumOrder: Math.round(values.minimumOrder * 100) }));
      }}
      okText="Save"
      cancelText="Cancel"
      testIds={{ ok: 'zone-minimum-save', cancel: 'zone-minimum-cancel', error: 'zone-minimum-error' }}
      intro={
        <p>
          The items of an order (at their prices, before discounts, without delivery) must come to at least
          this for it to be delivered to the zone. The cart says how much more to add; 0 takes the minimum
          away.
        </p>
      }
    >
      <div data-testid="zone-minimum-form">
        <Form.Item
          label="Minimum order ($)"
          name="minimumOrder"
          rules={[
            { required: true, message: 'Enter the minimum, 0 for none.' },
            {
              type: 'number',
              min: 0,
              max: ZONE_MINIMUM_MAX / 100,
              message: `From $0 to $${(ZONE_MINIMUM_MAX / 100).toLocaleString('en-AU')}.`,
            },
          ]}
        >
          <InputNumber<number>
            inputMode="decimal"
            precision={2}
            step={5}
            style={{ width: '100%' }}
            data-testid="zone-minimum-amount"
          />
        </Form.Item>
      </div>
    </FormModal>
  );
}

import { Button, Form, Select } from 'antd';
import { errorCatalogue } from '@storefront/contract/errors';
import type { OrderDetail } from '@storefront/contract/order';
import { useState } from 'react';
import { readErrorCode, readErrorMessage } from '../../../lib/http/error-message';
import { useRemoteData } from '../../../lib/use-remote-data';
import { listAddresses } from '../../address/api';
import { formatAddress } from '../../address/format-address';
import { changeOrderAddress } from '../api';
import { toast } from '../../../lib/toast';

type Props = {
  order: OrderDetail;
  onChanged: (order: OrderDetail) => void;
  /** The order moved on (it shipped, or was cancelled) and its page is out of date: read it again. */
  onStale: () => void;
};

export function ChangeAddressForm({ order, onChanged, onStale }: Props) {
  const addresses = useRemoteData(listAddresses);
  const [isSaving, setIsSaving] = useState(false);
  const [form] = Form.useForm<{ addressID: number }>();

  const save = async ({ addressID }: { addressID: number }) => {
    setIsSaving(true);
    try {
      onChanged(await changeOrderAddress({ orderID: order.orderID, addressID }));
      toast.success('Delivery address changed.');
    } catch (err) {
      toast.error(readErrorMessage(err));
      // As the other changes on the page: the form goes, and the page says why.
      if (readErrorCode(err) === errorCatalogue.ORDER_ADDRESS_LOCKED.code) onStale();
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(v) => void save(v)}
      className="order-address-form"
    >
      <Form.Item
        name="addressID"
        label="Deliver somewhere else"
        rules={[{ required: true, message: 'Choose an address.' }]}
        style={{ marginBottom: 8 }}
      >
        <Select
          placeholder="Choose one of your addresses"
          loading={addresses.status === 'loading'}
          data-testid="order-address-select"
          options={(addresses.data?.list ?? []).map((a) => ({
            value: a.addressID,
            label: formatAddress(a),
          }))}
        />
      </Form.Item>
      <Button className="order-action" htmlType="submit" loading={isSaving} data-testid="order-address-save">
        Change delivery address
      </Button>
    </Form>
  );
}

import { Button, Form, Select, Typography } from 'antd';
import { errorCatalogue } from '@storefront/contract/errors';
import type { OrderDetail } from '@storefront/contract/order';
import { useCallback, useState } from 'react';
import { readErrorCode, readErrorMessage } from '../../../lib/http/error-message';
import { useRemoteData } from '../../../lib/use-remote-data';
import { listAddresses } from '../../address/api';
import { formatAddress } from '../../address/format-address';
import { changeOrderAddress, fetchOrderAddressOptions } from '../api';
import { toast } from '../../../lib/toast';
import { ButtonLink } from '../../../components/button-link';

type Props = {
  order: OrderDetail;
  onChanged: (order: OrderDetail) => void;
  /** The order moved on (it shipped, or was cancelled) and its page is out of date: read it again. */
  onStale: () => void;
};

export function ChangeAddressForm({ order, onChanged, onStale }: Props) {
  const addresses = useRemoteData(listAddresses);
  // Only where the API would take it: a door in the zone the delivery was charged for, not where it goes already.
  const loadOptions = useCallback(() => fetchOrderAddressOptions(order.orderID), [order.orderID]);
  const options = useRemoteData(loadOptions);
  // Unknown (the call failed): every address is offered, and the API says why one is refused.
  const allowed = options.data ? new Set(options.data.addressIDs) : null;
  const choices = (addresses.data?.list ?? []).filter(
    (a) => (allowed?.has(a.addressID) ?? true) && a.addressID !== order.shippingAddress.addressID,
  );
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

  if (addresses.data && options.data && choices.length === 0) {
    return (
      <div className="order-address-form">
        <Typography.Paragraph type="secondary" className="text-small" data-testid="order-address-none">
          No other saved address can take this order: it goes only to a street address in the delivery area it
          was priced for.
        </Typography.Paragraph>
        <ButtonLink className="order-action" to="/account/addresses" data-testid="order-address-add">
          Add an address
        </ButtonLink>
      </div>
    );
  }

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
          placeholder="Choose an address"
          loading={addresses.status === 'loading' || options.status === 'loading'}
          data-testid="order-address-select"
          options={choices.map((a) => ({
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

import { Alert, Button, Card, Form, Radio, Select } from 'antd';
import type { Address } from '@storefront/contract/address';
import type { ShippingOption } from '@storefront/contract/shipping';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/money';
import { formatAddress } from '../../address/format-address';

type Props = { addresses: Address[]; options: ShippingOption[]; quoteError: string | null };

/** The address and delivery option fields of the checkout form. */
export function CheckoutDelivery({ addresses, options, quoteError }: Props) {
  return (
    <Card title="Delivery" data-testid="checkout-delivery">
      {addresses.length === 0 ? (
        <Alert
          type="info"
          showIcon
          message="Add a delivery address to continue."
          action={
            <Link to="/account/addresses" data-testid="checkout-add-address">
              <Button size="small">Add an address</Button>
            </Link>
          }
        />
      ) : (
        <Form.Item
          name="addressID"
          label="Deliver to"
          rules={[{ required: true, message: 'Choose a delivery address.' }]}
        >
          <Select
            data-testid="checkout-address"
            options={addresses.map((a) => ({
              value: a.addressID,
              label: `${a.firstName} ${a.lastName}, ${formatAddress(a)}`,
            }))}
          />
        </Form.Item>
      )}
      <Form.Item name="shippingService" label="Delivery option">
        <Radio.Group className="checkout-services" data-testid="checkout-service">
          {options.map((o) => (
            <Radio key={o.service} value={o.service} data-testid={`checkout-service-${o.service}`}>
              {o.label} ({o.etaDaysMin}-{o.etaDaysMax} days) —{' '}
              <strong>{o.isFree ? 'Free' : formatMoney(o.price)}</strong>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {quoteError && (
        <Alert type="warning" showIcon message={quoteError} data-testid="checkout-quote-error" />
      )}
    </Card>
  );
}

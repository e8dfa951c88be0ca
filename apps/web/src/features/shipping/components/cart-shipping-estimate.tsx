import { Alert, App, Card, Select, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { readErrorMessage } from '../../../lib/http/error-message';
import { formatAddress } from '../../address/format-address';
import type { CartShipping } from '../use-cart-shipping';
import { ShippingOptions } from './shipping-options';

type Props = { shipping: CartShipping; hasSelection: boolean };

export function CartShippingEstimate({ shipping, hasSelection }: Props) {
  const { message } = App.useApp();
  const { addresses, addressID, quote, status, error } = shipping;

  const onChooseAddress = async (next: number) => {
    try {
      await shipping.chooseAddress(next);
    } catch (err) {
      void message.error(readErrorMessage(err));
    }
  };

  return (
    <Card size="small" title="Delivery" data-testid="cart-shipping">
      {addresses.length > 0 ? (
        <Select
          style={{ width: '100%', marginBottom: 12 }}
          value={addressID ?? undefined}
          loading={shipping.isChoosing}
          aria-label="Deliver to"
          data-testid="cart-address-picker"
          onChange={(next: number) => void onChooseAddress(next)}
          options={addresses.map((a) => ({
            value: a.addressID,
            label: <span data-testid={`cart-address-option-${a.addressID}`}>{formatAddress(a)}</span>,
          }))}
        />
      ) : (
        <Typography.Paragraph type="secondary" data-testid="cart-address-none">
          No saved address yet: prices are to your postcode.{' '}
          <Link to="/account/addresses">Add a delivery address</Link>
        </Typography.Paragraph>
      )}
      {!hasSelection ? (
        <Typography.Text type="secondary">Select items to see delivery prices.</Typography.Text>
      ) : status === 'failed' ? (
        <Alert type="info" showIcon message={error} data-testid="cart-shipping-error" />
      ) : !quote ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : (
        <ShippingOptions
          quote={quote}
          chosen={shipping.service}
          onChoose={shipping.chooseService}
          testId="cart-shipping-quote"
        />
      )}
    </Card>
  );
}

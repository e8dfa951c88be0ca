import { Alert, Button, Card, Form, Radio } from 'antd';
import type { Address } from '@storefront/contract/address';
import { fullName } from '@storefront/contract/person-name';
import type { DeliveryWindow } from '@storefront/contract/delivery';
import type { DeliveryMode, ShippingOption } from '@storefront/contract/shipping';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { DeliveryWindowPicker } from '../../delivery/components/delivery-window-picker';
import { formatMoney } from '../../../lib/money';
import { formatAddress } from '../../address/format-address';
import { describeEta } from '../../shipping/components/shipping-options';
import { ButtonLink } from '../../../components/button-link';
import { DeliveryNotesFields } from './delivery-notes-fields';

type Props = {
  addresses: Address[];
  options: ShippingOption[];
  /** How the address's zone delivers (null until its prices are read): in a booked window, or by courier. */
  deliveryMode: DeliveryMode | null;
  /** Why the order cannot go yet for its size: the zone's minimum not reached (null when it is). */
  minimumGap: string | null;
  quoteError: string | null;
  /** Asks for the delivery prices again after they failed. */
  onRetryQuote: () => void;
  /** The address chosen, for its delivery windows. */
  addressID: number | null;
  onWindow: (window: DeliveryWindow | null, required: boolean) => void;
  windowsReloadKey: number;
};

/**
 * The address and delivery fields of the checkout form. A zone delivered in booked windows has one choice, the
 * window, each with its delivery price; a courier zone has standard and express, and no window.
 */
export function CheckoutDelivery({
  addresses,
  options,
  deliveryMode,
  minimumGap,
  quoteError,
  onRetryQuote,
  addressID,
  onWindow,
  windowsReloadKey,
}: Props) {
  const form = Form.useFormInstance();
  const [windowRequired, setWindowRequired] = useState(false);
  const isWindowDelivery = deliveryMode === 'window';
  // The window delivery's price before a window's difference (free from the threshold or with a coupon).
  const windowDelivery = isWindowDelivery ? (options[0] ?? null) : null;
  const reportWindow = useCallback(
    (window: DeliveryWindow | null, required: boolean) => {
      setWindowRequired(required);
      // "Choose a delivery window." said for the address before must not stay under one delivered by courier.
      if (!required) form.setFields([{ name: 'deliveryWindowID', errors: [] }]);
      onWindow(window, required);
    },
    [form, onWindow],
  );
  return (
    <Card title="Delivery" data-testid="checkout-delivery" data-delivery-mode={deliveryMode ?? undefined}>
      {addresses.length === 0 ? (
        <Alert
          type="info"
          showIcon
          title="Add a delivery address to see delivery options and prices."
          style={{ marginBottom: 24 }}
          action={
            <ButtonLink to="/account/addresses?from=checkout" size="small" data-testid="checkout-add-address">
              Add an address
            </ButtonLink>
          }
        />
      ) : (
        <>
          {/* Radios, not a select: a whole address fits on a phone's screen, wrapped, instead of cut off. */}
          <Form.Item
            name="addressID"
            label="Deliver to"
            rules={[{ required: true, message: 'Choose a delivery address.' }]}
          >
            <Radio.Group className="checkout-addresses" data-testid="checkout-address">
              {addresses.map((a) => (
                // The test id sits on the whole choice: Ant Design would put it on the radio's input alone.
                <div key={a.addressID} data-testid={`checkout-address-${a.addressID}`}>
                  <Radio value={a.addressID} className="checkout-address">
                    <strong>{fullName(a)}</strong>
                    <br />
                    {formatAddress(a)}
                  </Radio>
                </div>
              ))}
            </Radio.Group>
          </Form.Item>
          <p className="checkout-add-address">
            <Link to="/account/addresses?from=checkout" data-testid="checkout-add-address">
              Add a new address
            </Link>
          </p>
        </>
      )}
      {/* Kept in the form while hidden: the service chosen before stays chosen once the prices come. A label over no
          options would read as something missing to fill in, and a window zone's one option is no choice. */}
      <Form.Item
        name="shippingService"
        label="Delivery option"
        hidden={options.length === 0 || isWindowDelivery}
      >
        <Radio.Group className="checkout-services" data-testid="checkout-service">
          {options.map((o) => (
            <Radio key={o.service} value={o.service} data-testid={`checkout-service-${o.service}`}>
              {/* Where a window is booked, it is the day the order comes: "1–2 business days" beside it would not be. */}
              {o.label}
              {windowRequired ? '' : ` (${describeEta(o)})`} —{' '}
              <strong>{o.isFree ? 'Free' : formatMoney(o.price)}</strong>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {/* Said where the delivery options would be: without them the order cannot be placed. */}
      {quoteError && (
        <Alert
          type="warning"
          showIcon
          title={quoteError}
          style={{ marginBottom: 24 }}
          action={
            <Button size="small" onClick={onRetryQuote} data-testid="checkout-quote-retry">
              Try again
            </Button>
          }
          data-testid="checkout-quote-error"
        />
      )}
      {minimumGap && (
        <Alert
          type="warning"
          showIcon
          title={minimumGap}
          style={{ marginBottom: 24 }}
          action={
            <ButtonLink to="/cart" size="small" data-testid="checkout-minimum-cart">
              Back to cart
            </ButtonLink>
          }
          data-testid="checkout-minimum"
        />
      )}
      {addressID !== null && (
        <Form.Item
          name="deliveryWindowID"
          label="Delivery window"
          rules={[{ required: windowRequired, message: 'Choose a delivery window.' }]}
          extra={
            windowDelivery?.amountToFree ? (
              <span data-testid="checkout-window-free-over">
                Spend {formatMoney(windowDelivery.amountToFree)} more for free delivery.
              </span>
            ) : undefined
          }
          data-testid="checkout-window"
        >
          <DeliveryWindowPicker
            addressID={addressID}
            onWindow={reportWindow}
            reloadKey={windowsReloadKey}
            deliveryPrice={windowDelivery?.price}
          />
        </Form.Item>
      )}
      <DeliveryNotesFields testIdPrefix="checkout" />
    </Card>
  );
}

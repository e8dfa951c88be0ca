import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { lazyWithRetry, PartLoadBoundary, retryingImport } from '../../../components/lazy-with-retry';
import { readErrorMessage } from '../../../lib/http/error-message';
import { toast } from '../../../lib/toast';
import { DownIcon } from '../../../components/shop-icons';
import { formatAddress } from '../../address/format-address';
import { describeMinimumGap } from '../minimum-order';
import type { CartShipping } from '../use-cart-shipping';
import '../shipping.css';
import { ShippingOptions, ShippingOptionsPlaceholder } from './shipping-options';

const loadAddressPicker = retryingImport(() => import('./cart-address-picker'));
const CartAddressPicker = lazyWithRetry(() => loadAddressPicker().then((m) => m.CartAddressPicker));
/** Reached for offline, the picker's code is asked for again with the click. */
const preloadAddressPicker = () => void loadAddressPicker().catch(() => undefined);

/** Where prices go while a customer has set neither an address nor a home suburb (DESIGN.md, section 3). */
const DEFAULT_POSTCODE = '2000';

type Props = { shipping: CartShipping; hasSelection: boolean };

export function CartShippingEstimate({ shipping, hasSelection }: Props) {
  const { isAddressBookLoaded, addresses, addressID, quote, status, error } = shipping;
  const chosen = addresses.find((a) => a.addressID === addressID);
  const [isPickerWanted, setIsPickerWanted] = useState(false);
  const isDefaultSuburb =
    quote?.destination.source === 'customer_postcode' && quote.destination.postcode === DEFAULT_POSTCODE;
  const minimumGap = describeMinimumGap(quote);

  const onChooseAddress = async (next: number) => {
    try {
      await shipping.chooseAddress(next);
    } catch (err) {
      toast.error(readErrorMessage(err));
    }
  };

  return (
    <section className="panel panel--small" data-testid="cart-shipping">
      <h2 className="panel__title panel__title--ruled">Delivery</h2>
      {!isAddressBookLoaded ? (
        // As tall as the address picker it stands for: most customers have an address, and the prices below it
        // stay where they are when it arrives. Saying "no saved address" before the book has answered would be wrong.
        <div className="cart-address" aria-busy="true" aria-label="Loading your addresses">
          <div className="form-input placeholder" data-testid="cart-address-loading" />
        </div>
      ) : addresses.length > 0 ? (
        <div className="cart-address">
          {isPickerWanted ? (
            <PartLoadBoundary
              name="The address list"
              testId="cart-address-load-failed"
              standIn={(retry) => (
                <AddressStandIn text={chosen ? formatAddress(chosen) : ''} onOpen={retry} />
              )}
            >
              <Suspense fallback={<AddressStandIn text={chosen ? formatAddress(chosen) : ''} />}>
                <CartAddressPicker
                  addresses={addresses}
                  addressID={addressID}
                  isChoosing={shipping.isChoosing}
                  onChoose={(next) => void onChooseAddress(next)}
                  isInitiallyOpen
                />
              </Suspense>
            </PartLoadBoundary>
          ) : (
            <AddressStandIn
              text={chosen ? formatAddress(chosen) : ''}
              onWant={preloadAddressPicker}
              onOpen={() => setIsPickerWanted(true)}
            />
          )}
        </div>
      ) : (
        <p className="text-secondary" data-testid="cart-address-none">
          No saved address yet: prices are to{' '}
          {isDefaultSuburb
            ? `Sydney ${DEFAULT_POSTCODE}, the default until you set your home suburb in your profile.`
            : `your home suburb${quote ? ` (${quote.destination.locality} ${quote.destination.postcode})` : ''}.`}{' '}
          <Link to="/account/addresses">Add a delivery address</Link>
          {' · '}
          <Link to="/account/profile">{quote && !isDefaultSuburb ? 'Change' : 'Set'} your home suburb</Link>
        </p>
      )}
      {!hasSelection ? (
        <span className="text-secondary">Select items to see delivery prices.</span>
      ) : status === 'failed' ? (
        <div className="notice notice--info" role="status" data-testid="cart-shipping-error">
          {error}{' '}
          <button
            type="button"
            className="shell-button shell-button--small"
            onClick={shipping.retry}
            data-testid="cart-shipping-retry"
          >
            Try again
          </button>
        </div>
      ) : !quote ? (
        <ShippingOptionsPlaceholder />
      ) : (
        <>
          <ShippingOptions
            quote={quote}
            chosen={shipping.service}
            onChoose={shipping.chooseService}
            testId="cart-shipping-quote"
          />
          {/* Kept while empty: a screen reader hears the amount change as items are added, and the notice go. */}
          <div role="status">
            {minimumGap && (
              <p className="notice notice--warning cart-minimum" data-testid="cart-minimum">
                {minimumGap}
              </p>
            )}
          </div>
        </>
      )}
    </section>
  );
}

/**
 * Looks like the address picker and stands in for it: Ant Design's Select loads when the customer reaches for it
 * (hover or focus) and opens on the click, so the cart itself never waits for it.
 */
function AddressStandIn({
  text,
  onWant,
  onOpen,
}: {
  text: string;
  onWant?: () => void;
  onOpen?: () => void;
}) {
  return (
    <button
      type="button"
      className="form-input form-input--select"
      aria-label={`Deliver to ${text}`}
      aria-haspopup="listbox"
      onPointerEnter={onWant}
      onFocus={onWant}
      onClick={onOpen}
      data-testid="cart-address-picker"
    >
      <span className="form-input__value">{text}</span>
      <DownIcon size={12} />
    </button>
  );
}

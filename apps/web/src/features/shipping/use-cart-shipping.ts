import type { Address } from '@storefront/contract/address';
import type { ShippingOption, ShippingQuote, ShippingService } from '@storefront/contract/shipping';
import { useCallback, useEffect, useState } from 'react';
import type { AsyncStatus } from '../../lib/async-status';
import { readErrorMessage } from '../../lib/http/error-message';
import { useWhenBackOnline } from '../../lib/use-when-back-online';
import { chooseCartAddress } from '../address/api';
import { quoteSelectedLines } from './api';
import { loadCartAddressBook } from './cart-shipping-reads';
import { readChosenService, saveChosenService } from './chosen-service';

export type CartShipping = {
  /** The address book has answered (or failed): until then `addresses` is empty for not knowing yet. */
  isAddressBookLoaded: boolean;
  addresses: Address[];
  addressID: number | null;
  chooseAddress: (addressID: number) => Promise<void>;
  isChoosing: boolean;
  status: AsyncStatus;
  quote: ShippingQuote | null;
  error: string | null;
  service: ShippingService;
  chooseService: (service: ShippingService) => void;
  chosenOption: ShippingOption | null;
  /** Asks for the prices again after they failed. */
  retry: () => void;
};

export function pickCartAddress(addresses: Address[], cartAddressID: number | null): number | null {
  if (cartAddressID !== null && addresses.some((a) => a.addressID === cartAddressID)) return cartAddressID;
  return (addresses.find((a) => a.isDefaultShipping) ?? addresses[0])?.addressID ?? null;
}

/**
 * The option the cart prices: the service chosen, where the destination offers it; else its first. A zone delivered
 * in booked windows has one option, whatever was chosen for a courier address before.
 */
export function chooseOption(quote: ShippingQuote | null, service: ShippingService): ShippingOption | null {
  if (!quote) return null;
  return quote.options.find((o) => o.service === service) ?? quote.options[0] ?? null;
}

/**
 * The address the cart ships to and the price of the selected lines there. `cartKey` changes whenever the
 * selected lines, their quantities or the coupon change, so the quote follows the cart.
 */
export function useCartShipping(cartKey: string, hasSelection: boolean): CartShipping {
  const [addresses, setAddresses] = useState<Address[]>([]);
  const [addressID, setAddressID] = useState<number | null>(null);
  const [isAddressBookLoaded, setIsAddressBookLoaded] = useState(false);
  const [isChoosing, setIsChoosing] = useState(false);
  const [state, setState] = useState<{
    status: AsyncStatus;
    quote: ShippingQuote | null;
    error: string | null;
  }>({ status: 'idle', quote: null, error: null });
  const [service, setService] = useState<ShippingService>(readChosenService);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // Prices that failed for want of a connection are asked again once it is back.
  useWhenBackOnline(state.status === 'failed', retry);

  useEffect(() => {
    let isCurrent = true;
    loadCartAddressBook()
      .then((book) => {
        if (!isCurrent) return;
        setAddresses(book.list);
        setAddressID(pickCartAddress(book.list, book.cartAddressID));
      })
      .catch(() => undefined)
      .finally(() => {
        if (isCurrent) setIsAddressBookLoaded(true);
      });
    return () => {
      isCurrent = false;
    };
  }, []);

  useEffect(() => {
    if (!isAddressBookLoaded) return;
    if (!hasSelection) {
      setState({ status: 'idle', quote: null, error: null });
      return;
    }
    let isCurrent = true;
    setState((prev) => ({ ...prev, status: 'loading', error: null }));
    quoteSelectedLines(addressID ?? undefined)
      .then((quote) => {
        if (isCurrent) setState({ status: 'succeeded', quote, error: null });
      })
      .catch((err: unknown) => {
        if (isCurrent) setState({ status: 'failed', quote: null, error: readErrorMessage(err) });
      });
    return () => {
      isCurrent = false;
    };
  }, [cartKey, hasSelection, addressID, isAddressBookLoaded, attempt]);

  const chooseAddress = useCallback(async (next: number) => {
    setIsChoosing(true);
    try {
      await chooseCartAddress({ addressID: next });
      setAddressID(next);
    } finally {
      setIsChoosing(false);
    }
  }, []);

  const chooseService = useCallback((next: ShippingService) => {
    setService(next);
    saveChosenService(next);
  }, []);

  const chosenOption = chooseOption(state.quote, service);
  return {
    isAddressBookLoaded,
    addresses,
    addressID,
    chooseAddress,
    isChoosing,
    ...state,
    service,
    chooseService,
    chosenOption,
    retry,
  };
}

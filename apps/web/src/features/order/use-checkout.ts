import { Form } from 'antd';
import type { Address } from '@storefront/contract/address';
import type { DeliveryWindow } from '@storefront/contract/delivery';
import type { OrderCreateBody } from '@storefront/contract/order';
import { errorCatalogue } from '@storefront/contract/errors';
import type { ShippingQuote, ShippingService } from '@storefront/contract/shipping';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { AsyncStatus } from '../../lib/async-status';
import { createAttemptKeys, isAnswerLost } from '../../lib/attempt-key';
import { readErrorCode, readErrorMessage } from '../../lib/http/error-message';
import { useRemoteData } from '../../lib/use-remote-data';
import { useWhenBackOnline } from '../../lib/use-when-back-online';
import { listAddresses } from '../address/api';
import {
  fetchCart,
  selectCart,
  selectCartError,
  selectCartLinesStale,
  selectCartStatus,
} from '../cart/cart-slice';
import { priceCart } from '../cart/price-cart';
import { quoteSelectedLines } from '../shipping/api';
import { readChosenService, saveChosenService } from '../shipping/chosen-service';
import { describeMinimumGap } from '../shipping/minimum-order';
import { chooseOption, pickCartAddress } from '../shipping/use-cart-shipping';
import { retrieveCredits } from '../wallet/api';
import { createOrder } from './api';
import {
  clearCheckoutDraft,
  readCheckoutDraft,
  saveCheckoutDraft,
  type CheckoutDraft,
} from './checkout-draft';
import { notesToSend } from './delivery-notes';
import { toast } from '../../lib/toast';
import { orderReference } from '@storefront/contract/order-reference';

export type CheckoutForm = {
  addressID: number;
  shippingService: ShippingService;
  useCredit: boolean;
  deliveryWindowID?: number;
} & Pick<OrderCreateBody, 'deliveryNotes' | 'leaveUnattended'>;

/** The delivery window chosen at checkout, and whether the address's zone needs one (null until known). */
export type ChosenWindow = { window: DeliveryWindow | null; required: boolean } | null;

/** Why the last attempt to place the order was refused, with the server's code (null when none came). */
export type PlaceError = { message: string; code: number | null };

/** Store credit as the checkout knows it: a balance, none (or not read yet), or a read that failed. */
export type CreditBalance =
  | { status: 'loaded'; balance: number }
  | { status: 'none' }
  | { status: 'failed'; error: string | null; retry: () => void };

/** The store-credit balance, or null when the store has no credit (the call answers 404); other failures reject. */
export async function loadCreditBalance(): Promise<number | null> {
  try {
    return (await retrieveCredits(1, 1)).balance;
  } catch (err) {
    if (readErrorCode(err) === errorCatalogue.NOT_FOUND.code) return null;
    throw err;
  }
}

/** A failed read is said and can be retried: taken for "no credit", the choice would vanish unexplained. */
export function describeCreditBalance(credit: {
  status: AsyncStatus;
  data: number | null;
  error: string | null;
  reload: () => void;
}): CreditBalance {
  if (credit.status === 'failed') return { status: 'failed', error: credit.error, retry: credit.reload };
  return credit.data === null ? { status: 'none' } : { status: 'loaded', balance: credit.data };
}

/**
 * What placing the order sends: store credit only when there is some to spend, the total and what is left to pay
 * that the customer was shown, and only the choices made (blank instructions are none).
 */
export function orderBodyOf(
  values: CheckoutForm,
  creditBalance: number | null,
  shown: { total: number; amountDue: number },
): OrderCreateBody {
  const notes = notesToSend(values.deliveryNotes);
  return {
    addressID: values.addressID,
    shippingService: values.shippingService,
    useCredit: creditBalance !== null && creditBalance > 0 && values.useCredit === true,
    expectedTotal: shown.total,
    expectedAmountDue: shown.amountDue,
    ...(values.deliveryWindowID === undefined ? {} : { deliveryWindowID: values.deliveryWindowID }),
    ...(notes === undefined ? {} : { deliveryNotes: notes }),
    ...(values.leaveUnattended ? { leaveUnattended: true } : {}),
  };
}

/**
 * The address checkout opens with: the first of `wanted` still in the address book (one just added here, the one
 * this tab's draft had, the cart's), else the default delivery address, else the first.
 */
export function pickCheckoutAddress(
  addresses: Address[],
  wanted: (number | null | undefined)[],
): number | undefined {
  const kept = wanted.find((id) => addresses.some((a) => a.addressID === id));
  return pickCartAddress(addresses, kept ?? null) ?? undefined;
}

/** Said where the delivery options go, and beside Place order, when the delivery prices could not be read. */
export const QUOTE_UNREAD_MESSAGE = "We couldn't load delivery prices. Check your connection and try again.";

/**
 * Why the delivery prices are not shown: the store's own refusal as it said it (it does not deliver there), else
 * that they could not be read (the connection, or a server that did not answer).
 */
export function describeQuoteError(reason: unknown): string {
  return readErrorCode(reason) === null ? QUOTE_UNREAD_MESSAGE : readErrorMessage(reason);
}

/** Everything the checkout shows and does: the cart, addresses, delivery quote, store credit and placing the order. */
export function useCheckout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const cart = useAppSelector(selectCart);
  const cartStatus = useAppSelector(selectCartStatus);
  const cartError = useAppSelector(selectCartError);
  // Lines from before an add are never priced here: the cart read on opening replaces them.
  const linesStale = useAppSelector(selectCartLinesStale);
  const addresses = useRemoteData(listAddresses);
  const credit = useRemoteData(loadCreditBalance);
  const [form] = Form.useForm<CheckoutForm>();
  // Back from adding an address at checkout (?address=): that address is the one picked.
  const [searchParams] = useSearchParams();
  const addedAddressID = Number(searchParams.get('address'));
  const addressID = Form.useWatch('addressID', form);
  const service = Form.useWatch('shippingService', form) ?? 'standard';
  const useCredit = Form.useWatch('useCredit', form) ?? false;
  const [quote, setQuote] = useState<ShippingQuote | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [placeError, setPlaceError] = useState<PlaceError | null>(null);
  const [isPlacing, setIsPlacing] = useState(false);
  const [orderKeys] = useState(() => createAttemptKeys());
  const [initialService] = useState(readChosenService);
  // What was chosen and typed here before a reload or a detour to the cart (this tab only).
  const [draft] = useState(readCheckoutDraft);
  const [chosenWindow, setChosenWindow] = useState<ChosenWindow>(null);
  const [windowsReloadKey, setWindowsReloadKey] = useState(0);
  const onWindow = useCallback(
    (window: DeliveryWindow | null, required: boolean) =>
      setChosenWindow((prev) =>
        prev && prev.window === window && prev.required === required ? prev : { window, required },
      ),
    [],
  );

  const watchedService = Form.useWatch('shippingService', form);

  useEffect(() => {
    if (watchedService) saveChosenService(watchedService);
  }, [watchedService]);

  useEffect(() => {
    void dispatch(fetchCart());
  }, [dispatch]);

  const selectedLines = cart.available.filter((l) => l.selected);
  const hasSelection = selectedLines.length > 0;
  // A coupon applied or removed here changes the delivery prices too (free delivery): they are asked again.
  const cartKey = `${cart.subtotal}|${cart.discount}|${cart.count}|${cart.coupon?.code ?? ''}|${cart.freeShipping}`;

  const loadQuote = useCallback(async (id: number) => {
    setQuoteError(null);
    try {
      setQuote(await quoteSelectedLines(id));
    } catch (err) {
      setQuote(null);
      setQuoteError(describeQuoteError(err));
    }
  }, []);

  useEffect(() => {
    if (typeof addressID === 'number' && hasSelection) void loadQuote(addressID);
  }, [addressID, hasSelection, cartKey, loadQuote]);

  const retryQuote = useCallback(() => {
    if (typeof addressID === 'number') void loadQuote(addressID);
  }, [addressID, loadQuote]);
  // Prices that failed for want of a connection are asked again once it is back: without them no order can be placed.
  useWhenBackOnline(quoteError !== null, retryQuote);

  const addressList = addresses.data?.list ?? [];
  // The service chosen where the address's zone offers it; a window zone's one option whatever was chosen before.
  const quoted = chooseOption(quote, service);
  // A window's price difference is part of the delivery charge, as the server prices it.
  const windowFee = chosenWindow?.window?.priceDelta ?? 0;
  const option = quoted && { ...quoted, price: Math.max(0, quoted.price + windowFee) };
  const needsWindow = chosenWindow === null || (chosenWindow.required && chosenWindow.window === null);
  const creditBalance = describeCreditBalance(credit);
  const balance = creditBalance.status === 'loaded' ? creditBalance.balance : null;
  const totals = priceCart(cart, option, useCredit && balance !== null ? balance : 0);

  const placeOrder = async (values: CheckoutForm) => {
    if (!option) return;
    setIsPlacing(true);
    setPlaceError(null);
    try {
      const body = orderBodyOf({ ...values, shippingService: option.service }, balance, totals);
      const order = await createOrder(body, orderKeys.keyFor(body));
      orderKeys.finish();
      clearCheckoutDraft();
      void dispatch(fetchCart());
      // Replace the checkout in the history, so going back does not offer to place the same order again. The
      // payment page says the order is placed itself; a toast there would sit over the ways to pay.
      if (order.totals.amountDue > 0) {
        void navigate(`/checkout/pay/${order.orderID}`, { replace: true });
      } else {
        toast.success(`Order ${orderReference(order.orderID)} placed. Thank you!`);
        void navigate(`/account/orders/${order.orderID}`, { replace: true });
      }
    } catch (err) {
      if (!isAnswerLost(err)) orderKeys.finish();
      const code = readErrorCode(err);
      setPlaceError({ message: readErrorMessage(err), code });
      // A window that filled up or closed meanwhile: show the windows as they are now.
      if (
        code === errorCatalogue.DELIVERY_WINDOW_FULL.code ||
        code === errorCatalogue.DELIVERY_WINDOW_CLOSED.code
      )
        setWindowsReloadKey((k) => k + 1);
      void dispatch(fetchCart());
      void loadQuote(values.addressID);
      credit.reload();
    } finally {
      setIsPlacing(false);
    }
  };

  return {
    form,
    cart,
    selectedLines,
    hasSelection,
    addresses: addressList,
    initialService,
    initialAddressID: pickCheckoutAddress(addressList, [
      addedAddressID,
      draft.addressID,
      addresses.data?.cartAddressID,
    ]),
    draft,
    keepDraft: (values: CheckoutDraft) => saveCheckoutDraft(values),
    hasLoadFailed:
      (addresses.status === 'failed' && !addresses.data) || (linesStale && cartStatus === 'failed'),
    loadError: addresses.status === 'failed' ? addresses.error : cartError,
    reload: () => {
      if (addresses.status === 'failed') addresses.reload();
      if (cartStatus === 'failed') void dispatch(fetchCart());
    },
    isLoading:
      !addresses.data ||
      (linesStale && cartStatus !== 'failed') ||
      (cartStatus !== 'succeeded' && cart.lineCount === 0 && cartStatus !== 'failed'),
    quoteOptions: quote?.options ?? [],
    deliveryMode: quote?.deliveryMode ?? null,
    minimumGap: describeMinimumGap(quote),
    quoteError,
    retryQuote,
    option,
    addressID: typeof addressID === 'number' ? addressID : null,
    onWindow,
    windowsReloadKey,
    needsWindow,
    creditBalance,
    totals,
    placeOrder,
    placeError,
    isPlacing,
  };
}

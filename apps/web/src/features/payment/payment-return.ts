import { errorCatalogue } from '@storefront/contract/errors';
import type { PaymentProvider } from '@storefront/contract/payment';

/** Where a provider sent the customer back to, read from the return page's query. */
export type PaymentReturn =
  | { kind: 'invalid' }
  | { kind: 'cancelled'; orderID: number; provider: PaymentProvider }
  | { kind: 'declined'; orderID: number }
  | { kind: 'paypal'; orderID: number; token: string }
  | { kind: 'afterpay'; orderID: number; orderToken: string }
  | { kind: 'demo'; orderID: number; ref: string };

function readProvider(value: string | null): PaymentProvider | null {
  return value === 'paypal' || value === 'afterpay' || value === 'demo' ? value : null;
}

function readOrderID(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

export function readPaymentReturn(query: URLSearchParams): PaymentReturn {
  const orderID = readOrderID(query.get('orderID'));
  const provider = readProvider(query.get('provider'));
  if (orderID === null || provider === null) return { kind: 'invalid' };
  // Afterpay reports a cancel as status=CANCELLED; the others as cancelled=1.
  if (query.get('cancelled') === '1' || query.get('status')?.toUpperCase() === 'CANCELLED') {
    // The demo's "Decline" stands in for a provider declining the payment, and comes back by the cancel link.
    if (provider === 'demo' && query.get('ref')) return { kind: 'declined', orderID };
    return { kind: 'cancelled', orderID, provider };
  }
  const credential = query.get(
    provider === 'paypal' ? 'token' : provider === 'afterpay' ? 'orderToken' : 'ref',
  );
  if (!credential) return { kind: 'invalid' };
  if (provider === 'paypal') return { kind: 'paypal', orderID, token: credential };
  if (provider === 'afterpay') return { kind: 'afterpay', orderID, orderToken: credential };
  return { kind: 'demo', orderID, ref: credential };
}

/**
 * The capture's Idempotency-Key: fixed by what the provider sent back, so reloading the return page replays the
 * first answer instead of capturing twice.
 */
export type CapturableReturn = Extract<PaymentReturn, { kind: 'paypal' | 'afterpay' | 'demo' }>;

export function captureKeyOf(ret: CapturableReturn): string {
  const credential = ret.kind === 'paypal' ? ret.token : ret.kind === 'afterpay' ? ret.orderToken : ret.ref;
  return `capture-${ret.kind}-${ret.orderID}-${credential}`;
}

export type PaymentFailure = {
  title: string;
  /** Whether choosing a way to pay again makes sense; not when the payment may have gone through. */
  canRetry: boolean;
};

const { PAYMENT_DECLINED, ORDER_NOT_PAYABLE } = errorCatalogue;
export const DECLINED_CODE = PAYMENT_DECLINED.code;

const failures: Record<number, PaymentFailure> = {
  [DECLINED_CODE]: { title: 'Your payment was declined', canRetry: true },
  [errorCatalogue.PAYMENT_UNAVAILABLE.code]: {
    title: 'The payment service is not responding',
    canRetry: true,
  },
  [errorCatalogue.PAYMENT_UNCONFIRMED.code]: {
    title: 'We could not confirm your payment yet',
    canRetry: false,
  },
  [errorCatalogue.PAYMENT_AMOUNT_MISMATCH.code]: {
    title: 'The amount paid did not match your order',
    canRetry: true,
  },
  [errorCatalogue.PAYMENT_NOT_APPROVED.code]: { title: 'The payment was not approved', canRetry: true },
  [errorCatalogue.PAYMENT_METHOD_UNAVAILABLE.code]: {
    title: 'This payment method is not available',
    canRetry: true,
  },
  [errorCatalogue.PAYMENT_EXPIRED.code]: { title: 'The payment expired', canRetry: true },
  [ORDER_NOT_PAYABLE.code]: { title: 'This order has nothing left to pay', canRetry: false },
};

const unknownFailure: PaymentFailure = { title: 'The payment did not go through', canRetry: true };

/** The failure code of an envelope a call rejected with, or null for any other rejection. */
export function readFailureCode(reason: unknown): number | null {
  if (typeof reason !== 'object' || reason === null) return null;
  const code: unknown = Reflect.get(reason, 'code');
  return typeof code === 'number' ? code : null;
}

export function describePaymentFailure(code: number | null): PaymentFailure {
  return (code !== null ? failures[code] : undefined) ?? unknownFailure;
}

export const providerLabels: Record<PaymentProvider, string> = {
  paypal: 'PayPal',
  afterpay: 'Afterpay',
  demo: 'Demo payment (no real money)',
};

import { errorCatalogue } from '@storefront/contract/errors';
import type { PaymentProvider } from '@storefront/contract/payment';
import { isAnswerLost } from '../../lib/attempt-key';
import { readErrorCode, readErrorMessage } from '../../lib/http/error-message';

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

/** What the customer may do next: ask for the same capture again, choose a way to pay again, or neither. */
export type NextStep = 'check-again' | 'pay-again' | 'none';

export type PaymentFailure = { title: string; next: NextStep; message: string };

type Refusal = Omit<PaymentFailure, 'message'>;

const {
  ORDER_NOT_PAYABLE,
  PAYMENT_AMOUNT_MISMATCH,
  PAYMENT_DECLINED,
  PAYMENT_EXPIRED,
  PAYMENT_METHOD_UNAVAILABLE,
  PAYMENT_INSTRUMENT_DECLINED,
  PAYMENT_NOT_APPROVED,
  PAYMENT_REFUSED,
  PAYMENT_UNAVAILABLE,
  PAYMENT_UNCONFIRMED,
  RATE_LIMITED,
} = errorCatalogue;

const declined: Refusal = { title: 'Your payment was declined', next: 'pay-again' };

/** Answers that say no money was kept for this attempt (a mismatch is refunded), so paying again is safe. */
const refusals: Record<number, Refusal> = {
  [PAYMENT_DECLINED.code]: declined,
  [PAYMENT_NOT_APPROVED.code]: { title: 'The payment was not approved', next: 'pay-again' },
  [PAYMENT_EXPIRED.code]: { title: 'The payment expired', next: 'pay-again' },
  [PAYMENT_REFUSED.code]: { title: 'The payment was refused', next: 'pay-again' },
  [PAYMENT_INSTRUMENT_DECLINED.code]: { title: 'That card or account was declined', next: 'pay-again' },
  [PAYMENT_AMOUNT_MISMATCH.code]: { title: 'The amount paid did not match your order', next: 'pay-again' },
  [PAYMENT_METHOD_UNAVAILABLE.code]: { title: 'This payment method is not available', next: 'pay-again' },
  [ORDER_NOT_PAYABLE.code]: { title: 'This order has nothing left to pay', next: 'none' },
};

const otherRefusal: Refusal = { title: 'The payment did not go through', next: 'pay-again' };

/**
 * The provider may have taken the money (the server says so, or its answer never arrived): a new payment could
 * charge twice, so the customer is offered the same capture again, which the Idempotency-Key makes safe.
 */
const unconfirmed: PaymentFailure = {
  title: 'We could not confirm your payment yet',
  next: 'check-again',
  // Not the server's message, which repeats the title.
  message: "Please don't pay again: if the payment went through, your order shows it within a few minutes.",
};

// PAYMENT_UNAVAILABLE covers a provider's 5xx or unreadable answer to the capture itself, so money may have moved.
const unconfirmedCodes: ReadonlySet<number> = new Set([
  PAYMENT_UNCONFIRMED.code,
  PAYMENT_UNAVAILABLE.code,
  RATE_LIMITED.code,
]);

function readStatus(reason: unknown): number | null {
  if (typeof reason !== 'object' || reason === null) return null;
  const status: unknown = Reflect.get(reason, 'status');
  return typeof status === 'number' ? status : null;
}

function isUnconfirmed(reason: unknown): boolean {
  if (isAnswerLost(reason) || readStatus(reason) === 429) return true;
  const code = readErrorCode(reason);
  if (code !== null) return unconfirmedCodes.has(code);
  // Only a server's answer proves the capture was refused; any other rejection may hide one that went through.
  return readStatus(reason) === null;
}

/** What to tell the customer after the capture call rejected with `reason`. */
export function explainCaptureFailure(reason: unknown): PaymentFailure {
  if (isUnconfirmed(reason)) return unconfirmed;
  const code = readErrorCode(reason);
  const refusal = (code !== null ? refusals[code] : undefined) ?? otherRefusal;
  return { ...refusal, message: readErrorMessage(reason) };
}

/** The demo provider's "Decline" comes back by the cancel link, without a capture to ask about. */
export const declinedByDemo: PaymentFailure = {
  ...declined,
  message: 'The demo provider declined it; nothing was charged.',
};

export const providerLabels: Record<PaymentProvider, string> = {
  paypal: 'PayPal',
  afterpay: 'Afterpay',
  demo: 'Demo payment (no real money)',
};

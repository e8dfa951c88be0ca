/** The one interface every payment provider implements; the rest of the code never knows which one it talks to. */
import type { OrderAddress, OrderLine } from '@storefront/contract/order';

export type PaymentProviderName = 'paypal' | 'afterpay' | 'demo';

export type Currency = 'AUD';

export interface PaymentCustomer {
  email: string;
  firstName: string;
  lastName: string;
  phone?: string;
}

/** An address of the order as a provider takes it (the order's own snapshot, contract order.ts). */
export type PaymentAddress = Pick<
  OrderAddress,
  'firstName' | 'lastName' | 'phone' | 'line1' | 'line2' | 'suburb' | 'state' | 'postcode' | 'country'
>;

/** A line of the order as a provider takes it; `price` is the unit price in cents. */
export type PaymentLine = Pick<OrderLine, 'sku' | 'name' | 'price' | 'quantity'>;

/** What the order holds, for a provider that checks or shows it (Afterpay's risk checks and its receipt). */
export interface PaymentOrderDetails {
  shippingAddress: PaymentAddress;
  billingAddress: PaymentAddress;
  lines: PaymentLine[];
  /** The GST the order's total includes; null for an order that did not record it. */
  gstCents: number | null;
  shippingCents: number;
}

export interface StartPaymentInput {
  /** The store's reference for the order (shown to the customer by the provider and echoed back). */
  merchantReference: string;
  amountCents: number;
  currency: Currency;
  customer: PaymentCustomer;
  order?: PaymentOrderDetails;
  /** Absolute URL the provider sends the customer to after approving. */
  returnUrl: string;
  /** Absolute URL the provider sends the customer to after cancelling. */
  cancelUrl: string;
  /** Same key, same started payment: a retried start never creates a second one where the provider allows it. */
  idempotencyKey: string;
}

export interface StartedPayment {
  /** The provider's id for this payment attempt (PayPal order id, Afterpay token, demo reference). */
  providerRef: string;
  /** Where to send the customer's browser to approve the payment. */
  redirectUrl: string;
  expiresAt?: Date;
}

export interface CapturePaymentInput {
  providerRef: string;
  merchantReference: string;
  /** The amount the store expects to receive; a different captured amount is an error. */
  amountCents: number;
  idempotencyKey: string;
}

export type CaptureResult =
  | { status: 'captured'; captureId: string; amountCents: number }
  /** The provider accepted the capture but has not settled it yet (e.g. under review). */
  | { status: 'pending'; captureId: string; amountCents: number }
  /** `redirectUrl`: where the customer may choose another way to pay at the provider, when it offers one. */
  | { status: 'declined'; reason: string; redirectUrl?: string }
  /** The customer has not approved the payment (yet). */
  | { status: 'not_approved' };

export interface RefundPaymentInput {
  /** The `captureId` the capture answered with. */
  captureId: string;
  amountCents: number;
  merchantReference: string;
  idempotencyKey: string;
}

export interface RefundResult {
  status: 'refunded' | 'pending';
  refundId: string;
  amountCents: number;
}

export type PaymentStatus =
  | { status: 'awaiting_customer' }
  | { status: 'approved' }
  | { status: 'captured'; captureId: string; amountCents: number }
  | { status: 'pending'; captureId: string; amountCents: number }
  | { status: 'declined' }
  | { status: 'expired' };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Whether this provider may be offered for an amount (Afterpay has merchant limits); never throws. */
  isEligible(amountCents: number, currency: Currency): Promise<boolean>;
  start(input: StartPaymentInput): Promise<StartedPayment>;
  /** Idempotent: capturing an already captured payment answers the existing capture. */
  capture(input: CapturePaymentInput): Promise<CaptureResult>;
  refund(input: RefundPaymentInput): Promise<RefundResult>;
  /**
   * What the provider has refunded of a capture in all (completed and pending), the store's refunds and any made in
   * its dashboard alike: the provider's own record, which a refund round reconciles with.
   */
  refundedCents(payment: { providerRef: string; captureId: string }): Promise<number>;
  getStatus(providerRef: string): Promise<PaymentStatus>;
}

export type PaymentErrorKind =
  /** The provider answered 5xx, refused the connection or sent something we cannot read. */
  | 'unavailable'
  /** No answer in time. For a capture or refund the outcome is unknown: retry with the same key or ask getStatus. */
  | 'timeout'
  /** Our own credentials or settings were refused (401/403): an operator problem, not the customer's. */
  | 'misconfigured'
  | 'not_eligible'
  /** The provider does not know this payment, or it has expired there. */
  | 'not_found'
  | 'refund_rejected'
  | 'amount_mismatch'
  /** The provider refused the request as invalid: a bug on our side. */
  | 'rejected';

export class PaymentProviderError extends Error {
  constructor(
    readonly provider: PaymentProviderName,
    readonly kind: PaymentErrorKind,
    message: string,
    readonly details: { httpStatus?: number; providerCode?: string; debugId?: string } = {},
  ) {
    super(`${provider}: ${message}`);
    this.name = 'PaymentProviderError';
  }
}

/** Money moved for a different amount than the store expected; carries the capture so the service can refund it. */
export class PaymentAmountMismatchError extends PaymentProviderError {
  constructor(
    provider: PaymentProviderName,
    readonly expectedCents: number,
    readonly actualCents: number,
    readonly captureId: string | undefined,
  ) {
    super(provider, 'amount_mismatch', `expected ${expectedCents} cents, provider has ${actualCents}`);
    this.name = 'PaymentAmountMismatchError';
  }
}

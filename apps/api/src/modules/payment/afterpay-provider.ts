/** Afterpay through its v2 online API, immediate payment flow (checkout, then capture of the full amount). */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { centsToDecimal } from './money.js';
import {
  PaymentAmountMismatchError,
  PaymentProviderError,
  type CapturePaymentInput,
  type CaptureResult,
  type Currency,
  type PaymentAddress,
  type PaymentErrorKind,
  type PaymentOrderDetails,
  type PaymentProvider,
  type PaymentStatus,
  type RefundPaymentInput,
  type RefundResult,
  type StartPaymentInput,
  type StartedPayment,
} from './payment-provider.js';
import {
  assertChargeableAmount,
  basicAuth,
  readBody,
  readCents,
  sendProviderRequest,
  trimTrailingSlash,
  type ProviderResponse,
} from './provider-http.js';

export const AFTERPAY_API_BASES = {
  sandbox: 'https://global-api-sandbox.afterpay.com',
  live: 'https://global-api.afterpay.com',
} as const;

/** Afterpay asks merchants to read their configuration on a schedule, daily, not while a customer waits. */
export const AFTERPAY_CONFIG_REFRESH_MS = 24 * 3600_000;

/** Afterpay's documented read timeout for Capture Full Payment and Create Refund, whatever PAYMENT_TIMEOUT_MS is. */
export const AFTERPAY_MONEY_TIMEOUT_MS = 70_000;

/** The module and platform Afterpay's User-Agent names (its `Module/ver (Platform/ver; ...)` format). */
const USER_AGENT_MODULE = 'StorefrontAfterpay/1.0.0';
const USER_AGENT_PLATFORM = 'Storefront/1.0.0';

export interface AfterpayProviderOptions {
  merchantId: string;
  secretKey: string;
  apiBase: string;
  /** PAYMENT_TIMEOUT_MS: every call but capture and refund (`AFTERPAY_MONEY_TIMEOUT_MS`). */
  timeoutMs: number;
  /** The store's public URL, part of the User-Agent Afterpay asks every merchant to send. */
  merchantUrl: string;
}

export interface AfterpayLimits {
  minimumCents: number;
  maximumCents: number;
  currency: string;
}

const moneySchema = z.object({ amount: z.string(), currency: z.string() });
const configurationSchema = z.object({ minimumAmount: moneySchema.optional(), maximumAmount: moneySchema });
const checkoutSchema = z.object({
  token: z.string().min(1),
  expires: z.string().optional(),
  redirectCheckoutUrl: z.string().min(1),
});
const paymentSchema = z.object({
  id: z.string(),
  token: z.string().optional(),
  status: z.string(),
  paymentState: z.string().optional(),
  originalAmount: moneySchema,
  refunds: z.array(z.object({ amount: moneySchema })).optional(),
});
type AfterpayPayment = z.infer<typeof paymentSchema>;
const refundSchema = z.object({ refundId: z.string(), amount: moneySchema.optional() });
/** Error answers, and the few fields of a declined payment we need, which Afterpay may send with any status. */
const errorSchema = z
  .object({
    errorCode: z.string().optional(),
    errorId: z.string().optional(),
    status: z.string().optional(),
    paymentState: z.string().optional(),
  })
  .catch({});

/** `Module/ver (Platform/ver; Language/ver; Merchant/ID) URL`, the User-Agent Afterpay asks every merchant to send. */
export function afterpayUserAgent(merchantId: string, merchantUrl: string): string {
  const system = `${USER_AGENT_PLATFORM}; Node.js/${process.versions.node}; Merchant/${merchantId}`;
  return `${USER_AGENT_MODULE} (${system}) ${merchantUrl}`;
}

/**
 * A refund's own merchant reference: the order's, and a digest of the refund's idempotency key, so each refund of a
 * payment is told apart in Afterpay's records and a retry of one refund sends the same reference again.
 */
export function afterpayRefundReference(orderReference: string, idempotencyKey: string): string {
  const digest = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 12);
  return `${orderReference}-R${digest}`;
}

export class AfterpayProvider implements PaymentProvider {
  readonly name = 'afterpay' as const;
  private readonly apiBase: string;
  private readonly userAgent: string;
  private limits: AfterpayLimits | undefined;
  private refreshing: Promise<AfterpayLimits> | undefined;

  constructor(private readonly options: AfterpayProviderOptions) {
    this.apiBase = trimTrailingSlash(options.apiBase);
    this.userAgent = afterpayUserAgent(options.merchantId, options.merchantUrl);
  }

  /**
   * Reads the merchant's order limits from Afterpay and keeps them. Called at start and then on a schedule
   * (keepAfterpayConfigurationFresh), never while a customer waits; a failed read keeps the last limits known.
   */
  async refreshConfiguration(): Promise<AfterpayLimits> {
    this.refreshing ??= this.fetchLimits().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /** The kept limits; fails, without asking Afterpay, while none were ever read. */
  async getLimits(): Promise<AfterpayLimits> {
    if (this.limits) return this.limits;
    throw new PaymentProviderError(this.name, 'not_eligible', 'the merchant limits have not been read yet');
  }

  async isEligible(amountCents: number, currency: Currency): Promise<boolean> {
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return false;
    return this.limits !== undefined && withinLimits(this.limits, amountCents, currency);
  }

  async start(input: StartPaymentInput): Promise<StartedPayment> {
    assertChargeableAmount(this.name, input.amountCents);
    if (!this.limits) {
      throw new PaymentProviderError(this.name, 'not_eligible', 'the merchant limits have not been read yet');
    }
    if (!withinLimits(this.limits, input.amountCents, input.currency)) {
      throw new PaymentProviderError(this.name, 'not_eligible', 'amount outside the merchant limits');
    }
    const { customer, order } = input;
    const phone = customer.phone ?? order?.billingAddress.phone;
    const response = await this.call('POST', '/v2/checkouts', {
      amount: { amount: centsToDecimal(input.amountCents), currency: input.currency },
      consumer: {
        email: customer.email,
        givenNames: customer.firstName,
        // Afterpay requires both names (its Consumer object): a customer with one name is sent it as both.
        surname: customer.lastName || customer.firstName,
        ...(phone ? { phoneNumber: phone } : {}),
      },
      ...(order ? orderDetails(order, input.currency) : {}),
      merchant: { redirectConfirmUrl: input.returnUrl, redirectCancelUrl: input.cancelUrl },
      merchantReference: input.merchantReference,
    });
    if (response.status !== 200 && response.status !== 201) {
      const code = errorSchema.parse(response.body).errorCode;
      const isIneligible = code === 'unsupported_payment_type' || code === 'unsupported_currency';
      this.fail(response, 'create checkout', isIneligible ? 'not_eligible' : undefined);
    }
    const checkout = readBody(this.name, checkoutSchema, response);
    const expiresAt = checkout.expires ? new Date(checkout.expires) : undefined;
    return {
      providerRef: checkout.token,
      redirectUrl: checkout.redirectCheckoutUrl,
      ...(expiresAt && !Number.isNaN(expiresAt.getTime()) ? { expiresAt } : {}),
    };
  }

  /** Afterpay makes the full capture idempotent on the token: a repeat answers the payment already captured. */
  async capture(input: CapturePaymentInput): Promise<CaptureResult> {
    const response = await this.call(
      'POST',
      '/v2/payments/capture',
      { token: input.providerRef, merchantReference: input.merchantReference },
      AFTERPAY_MONEY_TIMEOUT_MS,
    );
    const answer = errorSchema.parse(response.body);
    if (answer.status === 'DECLINED')
      return { status: 'declined', reason: answer.paymentState ?? 'DECLINED' };
    if (response.status === 200 || response.status === 201) {
      return this.captureResult(readBody(this.name, paymentSchema, response), input.amountCents);
    }
    const code = answer.errorCode;
    if (response.status === 412 && code === 'invalid_order_transaction_status')
      return { status: 'not_approved' };
    if (response.status === 402 && code === 'invalid_token') this.fail(response, 'capture', 'not_found');
    if (response.status === 402) return { status: 'declined', reason: code ?? 'declined' };
    this.fail(response, 'capture');
  }

  async refund(input: RefundPaymentInput): Promise<RefundResult> {
    assertChargeableAmount(this.name, input.amountCents);
    const response = await this.call(
      'POST',
      `/v2/payments/${encodeURIComponent(input.captureId)}/refund`,
      {
        requestId: input.idempotencyKey,
        amount: { amount: centsToDecimal(input.amountCents), currency: 'AUD' },
        merchantReference: afterpayRefundReference(input.merchantReference, input.idempotencyKey),
      },
      AFTERPAY_MONEY_TIMEOUT_MS,
    );
    if (response.status !== 200 && response.status !== 201) {
      const isRefused = response.status === 412 || response.status === 422;
      this.fail(response, 'refund', isRefused ? 'refund_rejected' : undefined);
    }
    const refund = readBody(this.name, refundSchema, response);
    const amountCents = refund.amount ? readCents(this.name, refund.amount.amount) : input.amountCents;
    return { status: 'refunded', refundId: refund.refundId, amountCents };
  }

  /** "Get Payment By Order ID": the payment lists its refunds, whoever made them. */
  async refundedCents(payment: { providerRef: string; captureId: string }): Promise<number> {
    const response = await this.call('GET', `/v2/payments/${encodeURIComponent(payment.captureId)}`);
    if (response.status === 404) throw new PaymentProviderError(this.name, 'not_found', 'no such payment');
    if (response.status !== 200) this.fail(response, 'get payment');
    const found = readBody(this.name, paymentSchema, response);
    return (found.refunds ?? []).reduce((sum, r) => sum + readCents(this.name, r.amount.amount), 0);
  }

  /** Before a capture Afterpay has no payment for the token: it answers 404 until then. */
  async getStatus(providerRef: string): Promise<PaymentStatus> {
    const response = await this.call('GET', `/v2/payments/token:${encodeURIComponent(providerRef)}`);
    if (response.status === 404) return { status: 'awaiting_customer' };
    if (response.status !== 200) this.fail(response, 'get payment');
    const payment = readBody(this.name, paymentSchema, response);
    if (payment.status === 'DECLINED') return { status: 'declined' };
    const amountCents = readCents(this.name, payment.originalAmount.amount);
    switch (payment.paymentState) {
      case 'CAPTURED':
      case 'PARTIALLY_CAPTURED':
      case undefined:
        return { status: 'captured', captureId: payment.id, amountCents };
      case 'AUTH_APPROVED':
        return { status: 'approved' };
      case 'VOIDED':
      case 'EXPIRED':
        return { status: 'expired' };
      case 'AUTH_DECLINED':
      case 'CAPTURE_DECLINED':
        return { status: 'declined' };
      default:
        throw new PaymentProviderError(
          this.name,
          'unavailable',
          `unknown payment state ${payment.paymentState}`,
        );
    }
  }

  private captureResult(payment: AfterpayPayment, expectedCents: number): CaptureResult {
    const amountCents = readCents(this.name, payment.originalAmount.amount);
    if (payment.originalAmount.currency !== 'AUD' || amountCents !== expectedCents) {
      throw new PaymentAmountMismatchError(this.name, expectedCents, amountCents, payment.id);
    }
    if (payment.status === 'APPROVED' && (payment.paymentState ?? 'CAPTURED') === 'CAPTURED') {
      return { status: 'captured', captureId: payment.id, amountCents };
    }
    return { status: 'pending', captureId: payment.id, amountCents };
  }

  private async fetchLimits(): Promise<AfterpayLimits> {
    const response = await this.call('GET', '/v2/configuration');
    if (response.status !== 200) this.fail(response, 'get configuration');
    const configuration = readBody(this.name, configurationSchema, response);
    const value: AfterpayLimits = {
      minimumCents: configuration.minimumAmount
        ? readCents(this.name, configuration.minimumAmount.amount)
        : 1,
      maximumCents: readCents(this.name, configuration.maximumAmount.amount),
      currency: configuration.maximumAmount.currency,
    };
    this.limits = value;
    return value;
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    timeoutMs = this.options.timeoutMs,
  ): Promise<ProviderResponse> {
    const response = await sendProviderRequest(this.name, {
      method,
      url: `${this.apiBase}${path}`,
      timeoutMs,
      headers: {
        authorization: basicAuth(this.options.merchantId, this.options.secretKey),
        'user-agent': this.userAgent,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status === 401 || response.status === 403) this.fail(response, 'authorise', 'misconfigured');
    // 409: Afterpay is still working on an earlier request with the same idempotency key.
    if (response.status >= 500 || response.status === 429 || response.status === 409) {
      this.fail(response, `${method} request`, 'unavailable');
    }
    return response;
  }

  private fail(response: ProviderResponse, action: string, kind?: PaymentErrorKind): never {
    const error = errorSchema.parse(response.body);
    const resolved: PaymentErrorKind =
      kind ?? (response.status === 404 ? 'not_found' : response.status >= 500 ? 'unavailable' : 'rejected');
    throw new PaymentProviderError(
      this.name,
      resolved,
      `${action} failed with HTTP ${response.status}${error.errorCode ? ` ${error.errorCode}` : ''}`,
      {
        httpStatus: response.status,
        ...(error.errorCode ? { providerCode: error.errorCode } : {}),
        ...(error.errorId ? { debugId: error.errorId } : {}),
      },
    );
  }
}

function withinLimits(limits: AfterpayLimits, amountCents: number, currency: Currency): boolean {
  return (
    limits.currency === currency && amountCents >= limits.minimumCents && amountCents <= limits.maximumCents
  );
}

/** The order as Afterpay's checkout takes it: the addresses, the items, the GST and the delivery fee. */
function orderDetails(order: PaymentOrderDetails, currency: Currency) {
  const money = (cents: number) => ({ amount: centsToDecimal(cents), currency });
  return {
    shipping: contact(order.shippingAddress),
    billing: contact(order.billingAddress),
    items: order.lines.map((line) => ({
      name: line.name,
      sku: line.sku,
      quantity: line.quantity,
      price: money(line.price),
    })),
    ...(order.gstCents === null ? {} : { taxAmount: money(order.gstCents) }),
    shippingAmount: money(order.shippingCents),
  };
}

/** Afterpay's Contact: `area1` is the suburb, `region` the state. */
function contact(address: PaymentAddress) {
  return {
    name: `${address.firstName} ${address.lastName}`.trim(),
    line1: address.line1,
    ...(address.line2 ? { line2: address.line2 } : {}),
    area1: address.suburb,
    region: address.state,
    postcode: address.postcode,
    countryCode: address.country,
    ...(address.phone ? { phoneNumber: address.phone } : {}),
  };
}

/** Afterpay through its v2 online API, immediate payment flow (checkout, then capture of the full amount). */
import { z } from 'zod';
import { centsToDecimal } from './money.js';
import {
  PaymentAmountMismatchError,
  PaymentProviderError,
  type CapturePaymentInput,
  type CaptureResult,
  type Currency,
  type PaymentErrorKind,
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

export const AFTERPAY_CONFIG_CACHE_MS = 15 * 60_000;

export interface AfterpayProviderOptions {
  merchantId: string;
  secretKey: string;
  apiBase: string;
  timeoutMs: number;
  /** The store's public URL, part of the User-Agent Afterpay asks every merchant to send. */
  merchantUrl: string;
  configCacheMs?: number;
  now?: () => number;
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

export function afterpayUserAgent(merchantId: string, merchantUrl: string): string {
  return `Storefront/1.0.0 (Node.js/${process.versions.node}; Merchant/${merchantId}) ${merchantUrl}`;
}

export class AfterpayProvider implements PaymentProvider {
  readonly name = 'afterpay' as const;
  private readonly apiBase: string;
  private readonly now: () => number;
  private readonly userAgent: string;
  private limits: { value: AfterpayLimits; fetchedAt: number } | undefined;
  private limitsRequest: Promise<AfterpayLimits> | undefined;

  constructor(private readonly options: AfterpayProviderOptions) {
    this.apiBase = trimTrailingSlash(options.apiBase);
    this.now = options.now ?? Date.now;
    this.userAgent = afterpayUserAgent(options.merchantId, options.merchantUrl);
  }

  /** The merchant's order limits from Afterpay, kept for a while because they rarely change. */
  async getLimits(): Promise<AfterpayLimits> {
    const cacheMs = this.options.configCacheMs ?? AFTERPAY_CONFIG_CACHE_MS;
    if (this.limits && this.now() - this.limits.fetchedAt < cacheMs) return this.limits.value;
    this.limitsRequest ??= this.fetchLimits().finally(() => {
      this.limitsRequest = undefined;
    });
    return this.limitsRequest;
  }

  async isEligible(amountCents: number, currency: Currency): Promise<boolean> {
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return false;
    const limits = await this.knownLimits();
    return limits !== undefined && withinLimits(limits, amountCents, currency);
  }

  async start(input: StartPaymentInput): Promise<StartedPayment> {
    assertChargeableAmount(this.name, input.amountCents);
    const limits = await this.knownLimits();
    if (limits && !withinLimits(limits, input.amountCents, input.currency)) {
      throw new PaymentProviderError(this.name, 'not_eligible', 'amount outside the merchant limits');
    }
    const response = await this.call('POST', '/v2/checkouts', {
      amount: { amount: centsToDecimal(input.amountCents), currency: input.currency },
      consumer: {
        email: input.customer.email,
        givenNames: input.customer.firstName,
        // Afterpay requires both names (its Consumer object): a customer with one name is sent it as both.
        surname: input.customer.lastName || input.customer.firstName,
        ...(input.customer.phone ? { phoneNumber: input.customer.phone } : {}),
      },
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
    const response = await this.call('POST', '/v2/payments/capture', {
      token: input.providerRef,
      merchantReference: input.merchantReference,
    });
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
    const response = await this.call('POST', `/v2/payments/${encodeURIComponent(input.captureId)}/refund`, {
      requestId: input.idempotencyKey,
      amount: { amount: centsToDecimal(input.amountCents), currency: 'AUD' },
      merchantReference: input.merchantReference,
    });
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

  private async knownLimits(): Promise<AfterpayLimits | undefined> {
    try {
      return await this.getLimits();
    } catch (error) {
      if (error instanceof PaymentProviderError) return this.limits?.value;
      throw error;
    }
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
    this.limits = { value, fetchedAt: this.now() };
    return value;
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ProviderResponse> {
    const response = await sendProviderRequest(this.name, {
      method,
      url: `${this.apiBase}${path}`,
      timeoutMs: this.options.timeoutMs,
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

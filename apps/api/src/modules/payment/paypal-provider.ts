/** PayPal Express through the Orders v2 and Payments v2 REST APIs, over plain fetch (docs/decisions/0006: why not the SDK). */
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

export const PAYPAL_API_BASES = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
} as const;

export interface PayPalProviderOptions {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  timeoutMs: number;
  brandName?: string;
  /** PAYPAL_WEBHOOK_ID: the store's webhook, whose deliveries `verifyWebhook` checks with PayPal. */
  webhookId?: string;
  now?: () => number;
}

/** A webhook delivery as it arrived: its headers, and its body exactly as sent (PayPal signs those bytes). */
export interface PayPalWebhookDelivery {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/** The headers PayPal signs a webhook delivery with, as its verify-webhook-signature call names them. */
const WEBHOOK_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

const moneySchema = z.object({ currency_code: z.string(), value: z.string() });
const linkSchema = z.object({ href: z.string(), rel: z.string() });
const captureSchema = z.object({ id: z.string(), status: z.string(), amount: moneySchema.optional() });
const refundSchema = z.object({ id: z.string(), status: z.string(), amount: moneySchema.optional() });
const orderSchema = z.object({
  id: z.string(),
  status: z.string(),
  links: z.array(linkSchema).default([]),
  purchase_units: z
    .array(
      z.object({
        amount: moneySchema.optional(),
        payments: z
          .object({ captures: z.array(captureSchema).optional(), refunds: z.array(refundSchema).optional() })
          .optional(),
      }),
    )
    .default([]),
});
type PayPalOrder = z.infer<typeof orderSchema>;
const verificationSchema = z.object({ verification_status: z.string() });
const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });
const errorSchema = z
  .object({
    name: z.string().optional(),
    debug_id: z.string().optional(),
    details: z.array(z.object({ issue: z.string().optional() })).optional(),
    links: z.array(linkSchema).optional(),
  })
  .catch({});

const DECLINE_ISSUES = new Set([
  'INSTRUMENT_DECLINED',
  'TRANSACTION_REFUSED',
  'PAYER_CANNOT_PAY',
  'PAYER_ACCOUNT_RESTRICTED',
  'PAYER_ACCOUNT_LOCKED_OR_CLOSED',
  'PAYEE_BLOCKED_TRANSACTION',
  'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING',
  'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED',
  'COMPLIANCE_VIOLATION',
  'CARD_EXPIRED',
]);
const NOT_APPROVED_ISSUES = new Set(['ORDER_NOT_APPROVED', 'PAYER_ACTION_REQUIRED']);
const ALREADY_DONE_ISSUES = new Set(['ORDER_ALREADY_CAPTURED', 'ORDER_COMPLETED_OR_VOIDED']);

/** A token is renewed this long before PayPal says it expires, so a call never starts with a dying token. */
const TOKEN_MARGIN_MS = 60_000;

export class PayPalProvider implements PaymentProvider {
  readonly name = 'paypal' as const;
  private readonly apiBase: string;
  private readonly now: () => number;
  private token: { value: string; expiresAt: number } | undefined;
  private tokenRequest: Promise<string> | undefined;

  constructor(private readonly options: PayPalProviderOptions) {
    this.apiBase = trimTrailingSlash(options.apiBase);
    this.now = options.now ?? Date.now;
  }

  async isEligible(amountCents: number, currency: Currency): Promise<boolean> {
    return currency === 'AUD' && Number.isSafeInteger(amountCents) && amountCents > 0;
  }

  async start(input: StartPaymentInput): Promise<StartedPayment> {
    assertChargeableAmount(this.name, input.amountCents);
    const response = await this.call('POST', '/v2/checkout/orders', {
      requestId: input.idempotencyKey,
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: input.merchantReference,
            custom_id: input.merchantReference,
            // With the account's "block duplicate invoice ids" setting, PayPal takes one payment per order.
            invoice_id: input.merchantReference,
            amount: { currency_code: input.currency, value: centsToDecimal(input.amountCents) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: input.returnUrl,
              cancel_url: input.cancelUrl,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
              locale: 'en-AU',
              ...(this.options.brandName ? { brand_name: this.options.brandName } : {}),
            },
          },
        },
      },
    });
    if (response.status !== 200 && response.status !== 201) this.fail(response, 'create order');
    const order = readBody(this.name, orderSchema, response);
    const approve = order.links.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
    if (!approve) {
      throw new PaymentProviderError(this.name, 'unavailable', 'the new order has no approve link');
    }
    return { providerRef: order.id, redirectUrl: approve.href };
  }

  async capture(input: CapturePaymentInput): Promise<CaptureResult> {
    const response = await this.call(
      'POST',
      `/v2/checkout/orders/${encodeURIComponent(input.providerRef)}/capture`,
      {
        requestId: input.idempotencyKey,
        body: {},
      },
    );
    if (response.status === 200 || response.status === 201) {
      return this.captureResult(readBody(this.name, orderSchema, response), input.amountCents);
    }
    const error = errorSchema.parse(response.body);
    const issue = error.details?.[0]?.issue ?? error.name ?? '';
    if (response.status === 422 && ALREADY_DONE_ISSUES.has(issue)) {
      const order = await this.fetchOrder(input.providerRef);
      if (!order || !firstCapture(order)) {
        throw new PaymentProviderError(this.name, 'not_found', `order is ${issue} without a capture`, {
          providerCode: issue,
        });
      }
      return this.captureResult(order, input.amountCents);
    }
    if (response.status === 422 && DECLINE_ISSUES.has(issue)) {
      const redirect = error.links?.find((l) => l.rel === 'redirect' || l.rel === 'payer-action');
      return { status: 'declined', reason: issue, ...(redirect ? { redirectUrl: redirect.href } : {}) };
    }
    if (response.status === 422 && NOT_APPROVED_ISSUES.has(issue)) return { status: 'not_approved' };
    this.fail(response, 'capture');
  }

  async refund(input: RefundPaymentInput): Promise<RefundResult> {
    assertChargeableAmount(this.name, input.amountCents);
    const response = await this.call(
      'POST',
      `/v2/payments/captures/${encodeURIComponent(input.captureId)}/refund`,
      {
        requestId: input.idempotencyKey,
        body: {
          amount: { currency_code: 'AUD', value: centsToDecimal(input.amountCents) },
          custom_id: input.merchantReference,
        },
      },
    );
    if (response.status !== 200 && response.status !== 201) {
      this.fail(response, 'refund', response.status === 422 ? 'refund_rejected' : undefined);
    }
    const refund = readBody(this.name, refundSchema, response);
    if (refund.status === 'COMPLETED' || refund.status === 'PENDING') {
      const amountCents = refund.amount ? readCents(this.name, refund.amount.value) : input.amountCents;
      return {
        status: refund.status === 'COMPLETED' ? 'refunded' : 'pending',
        refundId: refund.id,
        amountCents,
      };
    }
    throw new PaymentProviderError(this.name, 'refund_rejected', `refund ${refund.status}`, {
      providerCode: refund.status,
    });
  }

  /** The order's payment history (Orders v2 "Show order details") lists its refunds, whoever made them. */
  async refundedCents(payment: { providerRef: string; captureId: string }): Promise<number> {
    const order = await this.fetchOrder(payment.providerRef);
    if (!order) throw new PaymentProviderError(this.name, 'not_found', 'no such order');
    return order.purchase_units
      .flatMap((unit) => unit.payments?.refunds ?? [])
      .filter((r) => r.status === 'COMPLETED' || r.status === 'PENDING')
      .reduce((sum, r) => sum + (r.amount ? readCents(this.name, r.amount.value) : 0), 0);
  }

  /** Whether the store takes PayPal's webhook deliveries (PAYPAL_WEBHOOK_ID is set). */
  get hasWebhook(): boolean {
    return this.options.webhookId !== undefined;
  }

  /**
   * Asks PayPal whether a delivery to the store's webhook is genuine ("Verify webhook signature"), sending the event
   * back byte for byte: an event parsed and written again may not be the one PayPal signed. False for a forged or
   * altered one, or one without its signature headers (PayPal is not asked then).
   */
  async verifyWebhook(delivery: PayPalWebhookDelivery): Promise<boolean> {
    const webhookId = this.options.webhookId;
    if (webhookId === undefined) {
      throw new PaymentProviderError(this.name, 'misconfigured', 'no webhook id (PAYPAL_WEBHOOK_ID) is set');
    }
    const fields: string[] = [];
    for (const [name, header] of Object.entries(WEBHOOK_HEADERS)) {
      const value = delivery.headers[header];
      if (typeof value !== 'string' || value === '') return false;
      fields.push(`${JSON.stringify(name)}:${JSON.stringify(value)}`);
    }
    if (!isJsonObject(delivery.rawBody)) return false;
    fields.push(`"webhook_id":${JSON.stringify(webhookId)}`, `"webhook_event":${delivery.rawBody}`);
    const response = await this.call('POST', '/v1/notifications/verify-webhook-signature', {
      json: `{${fields.join(',')}}`,
    });
    if (response.status !== 200) this.fail(response, 'verify a webhook signature');
    return readBody(this.name, verificationSchema, response).verification_status === 'SUCCESS';
  }

  async getStatus(providerRef: string): Promise<PaymentStatus> {
    const order = await this.fetchOrder(providerRef);
    if (!order) return { status: 'expired' };
    switch (order.status) {
      case 'CREATED':
      case 'SAVED':
      case 'PAYER_ACTION_REQUIRED':
        return { status: 'awaiting_customer' };
      case 'APPROVED':
        return { status: 'approved' };
      case 'VOIDED':
        return { status: 'expired' };
      case 'COMPLETED': {
        const capture = firstCapture(order);
        if (!capture) return { status: 'expired' };
        const money = capture.amount ?? order.purchase_units[0]?.amount;
        const amountCents = money ? readCents(this.name, money.value) : 0;
        if (capture.status === 'PENDING') return { status: 'pending', captureId: capture.id, amountCents };
        if (capture.status === 'DECLINED' || capture.status === 'FAILED') return { status: 'declined' };
        return { status: 'captured', captureId: capture.id, amountCents };
      }
      default:
        throw new PaymentProviderError(this.name, 'unavailable', `unknown order status ${order.status}`);
    }
  }

  private async fetchOrder(orderId: string): Promise<PayPalOrder | undefined> {
    const response = await this.call('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`, {});
    if (response.status === 404) return undefined;
    if (response.status !== 200) this.fail(response, 'get order');
    return readBody(this.name, orderSchema, response);
  }

  private captureResult(order: PayPalOrder, expectedCents: number): CaptureResult {
    const capture = firstCapture(order);
    if (!capture)
      throw new PaymentProviderError(this.name, 'unavailable', 'the capture answer has no capture');
    if (capture.status === 'DECLINED' || capture.status === 'FAILED') {
      return { status: 'declined', reason: capture.status };
    }
    const money = capture.amount ?? order.purchase_units[0]?.amount;
    if (!money) throw new PaymentProviderError(this.name, 'unavailable', 'the capture answer has no amount');
    const amountCents = readCents(this.name, money.value);
    if (money.currency_code !== 'AUD' || amountCents !== expectedCents) {
      throw new PaymentAmountMismatchError(this.name, expectedCents, amountCents, capture.id);
    }
    return {
      status: capture.status === 'PENDING' ? 'pending' : 'captured',
      captureId: capture.id,
      amountCents,
    };
  }

  /** An authorised call; a refused token is renewed once, since PayPal may revoke tokens before they expire. */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; json?: string; requestId?: string },
  ): Promise<ProviderResponse> {
    const json = options.json ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    for (let attempt = 1; ; attempt += 1) {
      const token = await this.accessToken();
      const response = await sendProviderRequest(this.name, {
        method,
        url: `${this.apiBase}${path}`,
        timeoutMs: this.options.timeoutMs,
        headers: {
          authorization: `Bearer ${token}`,
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.requestId ? { 'paypal-request-id': options.requestId } : {}),
          prefer: 'return=representation',
        },
        body: json,
      });
      if (response.status === 401 && attempt === 1) {
        this.token = undefined;
        continue;
      }
      if (response.status === 401 || response.status === 403)
        this.fail(response, 'authorise', 'misconfigured');
      if (response.status >= 500 || response.status === 429 || response.status === 409) {
        this.fail(response, `${method} request`, 'unavailable');
      }
      return response;
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt - TOKEN_MARGIN_MS > this.now()) return this.token.value;
    this.tokenRequest ??= this.requestToken().finally(() => {
      this.tokenRequest = undefined;
    });
    return this.tokenRequest;
  }

  private async requestToken(): Promise<string> {
    const response = await sendProviderRequest(this.name, {
      method: 'POST',
      url: `${this.apiBase}/v1/oauth2/token`,
      timeoutMs: this.options.timeoutMs,
      headers: {
        authorization: basicAuth(this.options.clientId, this.options.clientSecret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (response.status === 401 || response.status === 403) {
      throw new PaymentProviderError(this.name, 'misconfigured', 'PayPal refused the client id and secret', {
        httpStatus: response.status,
      });
    }
    if (response.status !== 200) this.fail(response, 'get an access token', 'unavailable');
    const token = readBody(this.name, tokenSchema, response);
    this.token = { value: token.access_token, expiresAt: this.now() + token.expires_in * 1000 };
    return token.access_token;
  }

  private fail(response: ProviderResponse, action: string, kind?: PaymentErrorKind): never {
    const error = errorSchema.parse(response.body);
    const issue = error.details?.[0]?.issue ?? error.name;
    const resolved: PaymentErrorKind =
      kind ?? (response.status === 404 ? 'not_found' : response.status >= 500 ? 'unavailable' : 'rejected');
    throw new PaymentProviderError(
      this.name,
      resolved,
      `${action} failed with HTTP ${response.status}${issue ? ` ${issue}` : ''}`,
      {
        httpStatus: response.status,
        ...(issue ? { providerCode: issue } : {}),
        ...(error.debug_id ? { debugId: error.debug_id } : {}),
      },
    );
  }
}

function firstCapture(order: PayPalOrder) {
  return order.purchase_units[0]?.payments?.captures?.[0];
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

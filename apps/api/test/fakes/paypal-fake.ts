/**
 * A local stand-in for PayPal's REST API (OAuth client credentials, Orders v2, Payments v2 refunds, webhook
 * signature verification) that answers with the documented shapes, status codes and error issues. The test plays
 * the payer with `approve`, and PayPal's webhook deliveries with the event builders and `signWebhook`.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import {
  basicCredentials,
  field,
  MONEY_PATTERN,
  startFakeServer,
  text,
  toCents,
  toDecimal,
  type FakeReply,
  type FakeRequest,
  type FakeServer,
} from './fake-http.js';

export type PayPalPayerOutcome = 'approve' | 'instrument_declined' | 'capture_declined' | 'capture_pending';

interface FakeCapture {
  id: string;
  orderId: string;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED';
  amountCents: number;
  refundedCents: number;
  refunds: { id: string; cents: number }[];
}

export type PayPalWebhookHeaders = Record<
  | 'paypal-transmission-id'
  | 'paypal-transmission-time'
  | 'paypal-transmission-sig'
  | 'paypal-cert-url'
  | 'paypal-auth-algo',
  string
>;

interface FakeOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  amountCents: number;
  currency: string;
  referenceId: string | undefined;
  customId: string | undefined;
  invoiceId: string | undefined;
  returnUrl: string;
  outcome: PayPalPayerOutcome;
  captureId: string | undefined;
}

export interface PayPalFake extends FakeServer {
  clientId: string;
  clientSecret: string;
  /** The payer approves on PayPal's page; the outcome decides what the capture will answer. */
  approve(orderId: string, outcome?: PayPalPayerOutcome): void;
  /** PayPal may invalidate an access token before it expires. */
  revokeTokens(): void;
  order(orderId: string): FakeOrder | undefined;
  /** How many captures and refunds really moved money (replays and refusals do not count). */
  moneyMovements(): number;
  /** The merchant refunds part of a capture by hand in PayPal's dashboard, unknown to the store; answers its id. */
  refundInDashboard(captureId: string, cents: number): string;
  /**
   * The account setting "block multiple payments per invoice ID", on as PayPal's go-live review expects: a capture
   * or new order for an invoice id already paid is refused (DUPLICATE_INVOICE_ID). Off, PayPal takes them all.
   */
  blockDuplicateInvoices(on: boolean): void;
  /** The id of the store's webhook at PayPal (PAYPAL_WEBHOOK_ID). */
  webhookId: string;
  /** PayPal decides a capture it held for review. */
  settleCapture(captureId: string, status: 'COMPLETED' | 'DECLINED'): void;
  /** The body PayPal posts to the webhook for a capture as it now stands (PAYMENT.CAPTURE.*), as sent. */
  captureEvent(captureId: string, eventType: string): string;
  /** The body PayPal posts to the webhook for a refund (PAYMENT.CAPTURE.REFUNDED or .REVERSED), as sent. */
  refundEvent(refundId: string, eventType: string): string;
  /** The headers PayPal signs a delivery of `body` with, for `webhookId` (the store's, unless given). */
  signWebhook(body: string, webhookId?: string): PayPalWebhookHeaders;
}

export async function startPayPalFake(
  credentials: { clientId: string; clientSecret: string } = {
    clientId: 'fake-client',
    clientSecret: 'fake-secret',
  },
): Promise<PayPalFake> {
  const webhookId = '8PT597110X687430LKGECATA';
  // Stands in for PayPal's signing certificate: only PayPal (this fake) can sign or check a delivery.
  const signingKey = randomBytes(32);
  let isInvoiceGuardOn = true;
  const tokens = new Set<string>();
  const orders = new Map<string, FakeOrder>();
  const captures = new Map<string, FakeCapture>();
  const replays = new Map<string, FakeReply>();
  let movements = 0;

  function handle(request: FakeRequest, baseUrl: string): FakeReply {
    if (request.method === 'POST' && request.path === '/v1/oauth2/token') return issueToken(request);

    const bearer = request.headers.authorization?.replace(/^Bearer /, '');
    if (!bearer || !tokens.has(bearer)) {
      return error(
        401,
        'AUTHENTICATION_FAILURE',
        undefined,
        'Authentication failed due to invalid credentials.',
      );
    }

    const requestId = request.headers['paypal-request-id'];
    const replayKey =
      typeof requestId === 'string' ? `${request.method} ${request.path} ${requestId}` : undefined;
    if (request.method === 'POST' && replayKey) {
      const replay = replays.get(replayKey);
      if (replay) return replay;
    }
    const reply = route(request, baseUrl);
    // PayPal keeps the answer for a request id (success or business error) and sends it again on a retry.
    if (request.method === 'POST' && replayKey && reply.status < 500) replays.set(replayKey, reply);
    return reply;
  }

  function route(request: FakeRequest, baseUrl: string): FakeReply {
    const parts = request.path.split('/').filter(Boolean);
    if (request.method === 'POST' && request.path === '/v1/notifications/verify-webhook-signature')
      return verifyWebhookSignature(request);
    if (request.method === 'POST' && request.path === '/v2/checkout/orders')
      return createOrder(request, baseUrl);
    if (parts[0] === 'v2' && parts[1] === 'checkout' && parts[2] === 'orders' && parts[3]) {
      const order = orders.get(parts[3]);
      if (!order) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (request.method === 'GET' && parts.length === 4)
        return { status: 200, body: orderJson(order, baseUrl) };
      if (request.method === 'POST' && parts[4] === 'capture' && parts.length === 5) {
        return captureOrder(order, baseUrl);
      }
    }
    if (
      request.method === 'POST' &&
      parts[0] === 'v2' &&
      parts[1] === 'payments' &&
      parts[2] === 'captures'
    ) {
      const capture = parts[3] ? captures.get(parts[3]) : undefined;
      if (!capture || parts[4] !== 'refund') return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      return refundCapture(capture, request);
    }
    return error(404, 'RESOURCE_NOT_FOUND', undefined, 'The requested resource was not found.');
  }

  function issueToken(request: FakeRequest): FakeReply {
    const given = basicCredentials(request.headers);
    if (given?.user !== credentials.clientId || given.password !== credentials.clientSecret) {
      return {
        status: 401,
        body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
      };
    }
    if (new URLSearchParams(request.rawBody).get('grant_type') !== 'client_credentials') {
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' },
      };
    }
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    tokens.add(token);
    return {
      status: 200,
      body: {
        scope: 'https://uri.paypal.com/services/payments',
        access_token: token,
        token_type: 'Bearer',
        expires_in: 32400,
      },
    };
  }

  function createOrder(request: FakeRequest, baseUrl: string): FakeReply {
    const body = request.body;
    const amount = field(body, 'purchase_units', 0, 'amount');
    const value = text(field(amount, 'value'));
    const currency = text(field(amount, 'currency_code'));
    const returnUrl = text(field(body, 'payment_source', 'paypal', 'experience_context', 'return_url'));
    if (field(body, 'intent') !== 'CAPTURE' || !value || !currency || !returnUrl) {
      return error(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER');
    }
    if (!MONEY_PATTERN.test(value)) return error(422, 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION');
    if (currency !== 'AUD') return error(422, 'UNPROCESSABLE_ENTITY', 'CURRENCY_NOT_SUPPORTED');
    const invoiceId = text(field(body, 'purchase_units', 0, 'invoice_id'));
    if (isInvoicePaid(invoiceId)) return error(422, 'UNPROCESSABLE_ENTITY', 'DUPLICATE_INVOICE_ID');
    const order: FakeOrder = {
      id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
      status: 'PAYER_ACTION_REQUIRED',
      amountCents: toCents(value),
      currency,
      referenceId: text(field(body, 'purchase_units', 0, 'reference_id')),
      customId: text(field(body, 'purchase_units', 0, 'custom_id')),
      invoiceId,
      returnUrl,
      outcome: 'approve',
      captureId: undefined,
    };
    orders.set(order.id, order);
    return { status: 200, body: orderJson(order, baseUrl) };
  }

  function captureOrder(order: FakeOrder, baseUrl: string): FakeReply {
    if (order.status === 'COMPLETED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
    // The account setting PayPal's go-live review expects: one paid transaction per invoice id.
    if (isInvoicePaid(order.invoiceId)) return error(422, 'UNPROCESSABLE_ENTITY', 'DUPLICATE_INVOICE_ID');
    if (order.outcome === 'instrument_declined') {
      return {
        status: 422,
        body: {
          name: 'UNPROCESSABLE_ENTITY',
          details: [{ issue: 'INSTRUMENT_DECLINED', description: 'The instrument presented was declined.' }],
          debug_id: randomUUID().slice(0, 13),
          links: [{ href: `${baseUrl}/checkoutnow?token=${order.id}`, rel: 'redirect', method: 'GET' }],
        },
      };
    }
    const status =
      order.outcome === 'capture_declined'
        ? 'DECLINED'
        : order.outcome === 'capture_pending'
          ? 'PENDING'
          : 'COMPLETED';
    const capture: FakeCapture = {
      id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
      orderId: order.id,
      status,
      amountCents: order.amountCents,
      refundedCents: 0,
      refunds: [],
    };
    captures.set(capture.id, capture);
    order.status = 'COMPLETED';
    order.captureId = capture.id;
    if (status !== 'DECLINED') movements += 1;
    return { status: 201, body: orderJson(order, baseUrl) };
  }

  function refundCapture(capture: FakeCapture, request: FakeRequest): FakeReply {
    if (capture.status !== 'COMPLETED') return error(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_STATUS_NOT_VALID');
    const value = text(field(request.body, 'amount', 'value'));
    const currency = text(field(request.body, 'amount', 'currency_code'));
    if (value !== undefined && (!MONEY_PATTERN.test(value) || currency !== 'AUD')) {
      return error(422, 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION');
    }
    const remaining = capture.amountCents - capture.refundedCents;
    if (remaining === 0) return error(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED');
    const cents = value === undefined ? remaining : toCents(value);
    if (cents > remaining) return error(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
    const id = addRefund(capture, cents);
    movements += 1;
    return {
      status: 201,
      body: {
        id,
        status: 'COMPLETED',
        amount: { currency_code: 'AUD', value: toDecimal(cents) },
      },
    };
  }

  function isInvoicePaid(invoiceId: string | undefined): boolean {
    if (invoiceId === undefined || !isInvoiceGuardOn) return false;
    return [...captures.values()].some(
      (c) => c.status !== 'DECLINED' && orders.get(c.orderId)?.invoiceId === invoiceId,
    );
  }

  function transmissionSignature(id: string, time: string, forWebhook: string, event: string): string {
    // PayPal signs `<transmission id>|<time>|<webhook id>|<CRC32 of the body as sent>`.
    const signed = `${id}|${time}|${forWebhook}|${crc32(event)}`;
    return createHmac('sha256', signingKey).update(signed).digest('base64');
  }

  /**
   * POST /v1/notifications/verify-webhook-signature. The signature covers the event's bytes as PayPal sent them,
   * so the event must come back exactly as delivered: this reads `webhook_event` as written in the request (the
   * last member, as the store sends it), not as parsed.
   */
  function verifyWebhookSignature(request: FakeRequest): FakeReply {
    const body = request.body;
    const names = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time'];
    const [authAlgo, certUrl, id, sig, time] = names.map((name) => text(field(body, name)));
    const forWebhook = text(field(body, 'webhook_id'));
    const marker = request.rawBody.indexOf('"webhook_event":');
    if (!authAlgo || !certUrl || !id || !sig || !time || !forWebhook || marker < 0) {
      return error(400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER');
    }
    const event = request.rawBody
      .slice(marker + '"webhook_event":'.length)
      .replace(/\}\s*$/, '')
      .trim();
    const isGenuine =
      authAlgo === 'SHA256withRSA' &&
      forWebhook === webhookId &&
      sig === transmissionSignature(id, time, forWebhook, event);
    return { status: 200, body: { verification_status: isGenuine ? 'SUCCESS' : 'FAILURE' } };
  }

  function findRefund(refundId: string) {
    for (const capture of captures.values()) {
      const refund = capture.refunds.find((r) => r.id === refundId);
      if (refund) return { capture, refund };
    }
    return undefined;
  }

  function eventJson(eventType: string, resourceType: string, resource: object): string {
    const id = `WH-${randomBytes(10).toString('hex').toUpperCase()}`;
    // Indented, with non-ASCII letters escaped: bytes that parsing and writing the event again would not give back,
    // as PayPal's own may not be; the signature is over these bytes.
    const event = JSON.stringify(
      {
        id,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: resourceType,
        resource_version: '2.0',
        event_type: eventType,
        summary: `Événement ${eventType}`,
        resource,
        links: [{ href: `${server.url}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' }],
      },
      null,
      1,
    );
    return event.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  }

  function addRefund(capture: FakeCapture, cents: number): string {
    const id = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
    capture.refundedCents += cents;
    capture.refunds.push({ id, cents });
    return id;
  }

  function orderJson(order: FakeOrder, baseUrl: string) {
    const capture = order.captureId ? captures.get(order.captureId) : undefined;
    const amount = { currency_code: order.currency, value: toDecimal(order.amountCents) };
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      purchase_units: [
        {
          reference_id: order.referenceId,
          custom_id: order.customId,
          invoice_id: order.invoiceId,
          amount,
          ...(capture
            ? {
                payments: {
                  captures: [
                    {
                      id: capture.id,
                      status: capture.refundedCents === capture.amountCents ? 'REFUNDED' : capture.status,
                      amount: { currency_code: order.currency, value: toDecimal(capture.amountCents) },
                      final_capture: true,
                    },
                  ],
                  refunds: capture.refunds.map((r) => ({
                    id: r.id,
                    status: 'COMPLETED',
                    amount: { currency_code: order.currency, value: toDecimal(r.cents) },
                  })),
                },
              }
            : {}),
        },
      ],
      links: [
        { href: `${baseUrl}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
        ...(order.status === 'PAYER_ACTION_REQUIRED'
          ? [{ href: `${baseUrl}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }]
          : []),
      ],
    };
  }

  const server = await startFakeServer(handle);
  return {
    ...server,
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    webhookId,
    blockDuplicateInvoices(on) {
      isInvoiceGuardOn = on;
    },
    refundInDashboard(captureId, cents) {
      const capture = captures.get(captureId);
      if (!capture || capture.refundedCents + cents > capture.amountCents)
        throw new Error('cannot refund that');
      return addRefund(capture, cents);
    },
    settleCapture(captureId, status) {
      const capture = captures.get(captureId);
      if (capture?.status !== 'PENDING') throw new Error(`no pending fake PayPal capture ${captureId}`);
      capture.status = status;
      if (status === 'DECLINED') movements -= 1;
    },
    captureEvent(captureId, eventType) {
      const capture = captures.get(captureId);
      const order = capture ? orders.get(capture.orderId) : undefined;
      if (!capture || !order) throw new Error(`no fake PayPal capture ${captureId}`);
      return eventJson(eventType, 'capture', {
        id: capture.id,
        status: capture.status,
        amount: { currency_code: order.currency, value: toDecimal(capture.amountCents) },
        final_capture: true,
        ...(order.invoiceId ? { invoice_id: order.invoiceId } : {}),
        ...(order.customId ? { custom_id: order.customId } : {}),
        supplementary_data: { related_ids: { order_id: order.id } },
        links: [{ href: `${server.url}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' }],
      });
    },
    refundEvent(refundId, eventType) {
      const found = findRefund(refundId);
      if (!found) throw new Error(`no fake PayPal refund ${refundId}`);
      const order = orders.get(found.capture.orderId);
      return eventJson(eventType, 'refund', {
        id: found.refund.id,
        status: 'COMPLETED',
        amount: { currency_code: 'AUD', value: toDecimal(found.refund.cents) },
        ...(order?.invoiceId ? { invoice_id: order.invoiceId } : {}),
        links: [
          { href: `${server.url}/v2/payments/refunds/${found.refund.id}`, rel: 'self', method: 'GET' },
          { href: `${server.url}/v2/payments/captures/${found.capture.id}`, rel: 'up', method: 'GET' },
        ],
      });
    },
    signWebhook(body, forWebhook = webhookId) {
      const id = randomUUID();
      const time = new Date().toISOString();
      return {
        'paypal-transmission-id': id,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': transmissionSignature(id, time, forWebhook, body),
        'paypal-cert-url': `${server.url}/v1/notifications/certs/CERT-360caa42-fca2a594-fake`,
        'paypal-auth-algo': 'SHA256withRSA',
      };
    },
    approve(orderId, outcome = 'approve') {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no fake PayPal order ${orderId}`);
      order.status = 'APPROVED';
      order.outcome = outcome;
    },
    revokeTokens() {
      tokens.clear();
    },
    order(orderId) {
      return orders.get(orderId);
    },
    moneyMovements() {
      return movements;
    },
  };
}

function error(status: number, name: string, issue?: string, message?: string): FakeReply {
  return {
    status,
    body: {
      name,
      message: message ?? 'The requested action could not be performed.',
      debug_id: randomUUID().slice(0, 13),
      ...(issue ? { details: [{ issue, description: issue.toLowerCase().replaceAll('_', ' ') }] } : {}),
    },
  };
}

/**
 * A capture made at PayPal itself, past the store (the payer came back another way, or a second tab captured):
 * what the store later finds when it asks PayPal. Answers the HTTP status.
 */
export async function captureAtPayPal(fake: PayPalFake, paypalOrderId: string): Promise<number> {
  const tokenRes = await fetch(`${fake.url}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const { access_token: accessToken } = (await tokenRes.json()) as { access_token: string };
  const res = await fetch(`${fake.url}/v2/checkout/orders/${paypalOrderId}/capture`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: '{}',
  });
  return res.status;
}

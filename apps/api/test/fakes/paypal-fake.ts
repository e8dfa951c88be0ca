/**
 * A local stand-in for PayPal's REST API (OAuth client credentials, Orders v2, Payments v2 refunds) that answers
 * with the documented shapes, status codes and error issues. The test plays the payer with `approve`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
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

interface FakeOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  amountCents: number;
  currency: string;
  referenceId: string | undefined;
  customId: string | undefined;
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
  /** The merchant refunds part of a capture by hand in PayPal's dashboard, unknown to the store. */
  refundInDashboard(captureId: string, cents: number): void;
}

export async function startPayPalFake(
  credentials: { clientId: string; clientSecret: string } = {
    clientId: 'fake-client',
    clientSecret: 'fake-secret',
  },
): Promise<PayPalFake> {
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
    const order: FakeOrder = {
      id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
      status: 'PAYER_ACTION_REQUIRED',
      amountCents: toCents(value),
      currency,
      referenceId: text(field(body, 'purchase_units', 0, 'reference_id')),
      customId: text(field(body, 'purchase_units', 0, 'custom_id')),
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
    refundInDashboard(captureId, cents) {
      const capture = captures.get(captureId);
      if (!capture || capture.refundedCents + cents > capture.amountCents)
        throw new Error('cannot refund that');
      addRefund(capture, cents);
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

/**
 * A local stand-in for Afterpay's v2 online API (configuration, checkouts, immediate capture, refunds, payment
 * lookup) with its documented shapes, status codes and error codes. The test plays the consumer with `confirm`.
 * Like Afterpay's go-live review it refuses a User-Agent not in its `Module/ver (Platform/ver; Language/ver;
 * Merchant/ID) URL` format, and an order detail (contact, item, money) not in the shape of its Checkout object.
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

export type AfterpayConsumerOutcome = 'approve' | 'decline';

interface FakeCheckout {
  token: string;
  amountCents: number;
  currency: string;
  merchantReference: string | undefined;
  consumer: unknown;
  /** The whole Create Checkout body, as sent. */
  request: unknown;
  outcome: AfterpayConsumerOutcome | undefined;
  paymentId: string | undefined;
}

interface FakePayment {
  id: string;
  token: string;
  status: 'APPROVED' | 'DECLINED';
  paymentState: 'CAPTURED' | 'CAPTURE_DECLINED';
  amountCents: number;
  merchantReference: string | undefined;
  refunds: { refundId: string; amountCents: number; merchantReference: string | undefined }[];
}

export interface AfterpayFake extends FakeServer {
  merchantId: string;
  secretKey: string;
  /** The consumer finishes (or declines) Afterpay's checkout for this token. */
  confirm(token: string, outcome?: AfterpayConsumerOutcome): void;
  setLimits(minimum: string | undefined, maximum: string): void;
  checkout(token: string): FakeCheckout | undefined;
  moneyMovements(): number;
  /** The merchant refunds part of a payment by hand in Afterpay's business hub, unknown to the store. */
  refundInDashboard(orderId: string, cents: number): void;
}

export async function startAfterpayFake(
  credentials: { merchantId: string; secretKey: string } = {
    merchantId: '100101',
    secretKey: 'fake-secret-key',
  },
): Promise<AfterpayFake> {
  const checkouts = new Map<string, FakeCheckout>();
  const payments = new Map<string, FakePayment>();
  const refundReplays = new Map<string, FakeReply>();
  let limits: { minimum: string | undefined; maximum: string } = { minimum: '1.00', maximum: '2000.00' };
  let nextPaymentId = 300000016189;
  let movements = 0;
  let nextRefundId = 67890123;

  function handle(request: FakeRequest, baseUrl: string): FakeReply {
    const given = basicCredentials(request.headers);
    if (given?.user !== credentials.merchantId || given.password !== credentials.secretKey) {
      return error(401, 'unauthorized', 'Credentials are required to access this resource.');
    }
    if (!userAgentPattern(credentials.merchantId).test(request.headers['user-agent'] ?? '')) {
      return error(
        400,
        'invalid_object',
        'The User-Agent header must identify the module, platform and merchant.',
      );
    }
    const parts = request.path.split('/').filter(Boolean);
    if (parts[0] !== 'v2') return error(404, 'not_found', 'Not found.');
    if (request.method === 'GET' && request.path === '/v2/configuration') return configuration();
    if (request.method === 'POST' && request.path === '/v2/checkouts')
      return createCheckout(request, baseUrl);
    if (request.method === 'POST' && request.path === '/v2/payments/capture') return capture(request);
    if (parts[1] === 'payments' && parts[2] && parts.length === 4 && parts[3] === 'refund') {
      return request.method === 'POST' ? refund(parts[2], request) : error(405, 'method_not_allowed', 'No.');
    }
    if (request.method === 'GET' && parts[1] === 'payments' && parts[2] && parts.length === 3) {
      const key = decodeURIComponent(parts[2]);
      const payment = key.startsWith('token:')
        ? [...payments.values()].find((p) => p.token === key.slice('token:'.length))
        : payments.get(key);
      return payment
        ? { status: 200, body: paymentJson(payment) }
        : error(404, 'not_found', 'Payment not found.');
    }
    return error(404, 'not_found', 'Not found.');
  }

  function configuration(): FakeReply {
    return {
      status: 200,
      body: {
        ...(limits.minimum ? { minimumAmount: { amount: limits.minimum, currency: 'AUD' } } : {}),
        maximumAmount: { amount: limits.maximum, currency: 'AUD' },
      },
    };
  }

  function createCheckout(request: FakeRequest, baseUrl: string): FakeReply {
    const body = request.body;
    const amount = text(field(body, 'amount', 'amount'));
    const currency = text(field(body, 'amount', 'currency'));
    const email = text(field(body, 'consumer', 'email'));
    const confirmUrl = text(field(body, 'merchant', 'redirectConfirmUrl'));
    const cancelUrl = text(field(body, 'merchant', 'redirectCancelUrl'));
    if (!amount || !MONEY_PATTERN.test(amount) || !currency || !email || !confirmUrl || !cancelUrl) {
      return error(422, 'invalid_object', 'One or more required fields were missing or invalid.');
    }
    if (!hasValidOrderDetails(body)) {
      return error(422, 'invalid_object', 'One or more order details were missing or invalid.');
    }
    if (currency !== 'AUD')
      return error(422, 'unsupported_currency', 'The currency differs from the merchant.');
    const cents = toCents(amount);
    if (cents < toCents(limits.minimum ?? '0.01') || cents > toCents(limits.maximum)) {
      return error(422, 'unsupported_payment_type', 'The amount is outside the merchant payment limits.');
    }
    const token = `002.${randomBytes(24).toString('base64url').toLowerCase()}`;
    checkouts.set(token, {
      token,
      amountCents: cents,
      currency,
      merchantReference: text(field(body, 'merchantReference')),
      consumer: field(body, 'consumer'),
      request: body,
      outcome: undefined,
      paymentId: undefined,
    });
    return {
      status: 201,
      body: {
        token,
        expires: new Date(Date.now() + 3 * 3600_000).toISOString(),
        redirectCheckoutUrl: `${baseUrl}/checkout/?token=${token}`,
      },
    };
  }

  function capture(request: FakeRequest): FakeReply {
    const token = text(field(request.body, 'token'));
    if (!token) return error(422, 'invalid_object', 'The checkout token was missing or empty.');
    const checkout = checkouts.get(token);
    if (!checkout)
      return error(402, 'invalid_token', 'The checkout token is invalid, expired, or does not exist.');
    // Idempotent on the token: a repeat answers the payment made the first time.
    const existing = checkout.paymentId ? payments.get(checkout.paymentId) : undefined;
    if (existing) return { status: existing.status === 'DECLINED' ? 402 : 201, body: paymentJson(existing) };
    if (!checkout.outcome) {
      return error(412, 'invalid_order_transaction_status', 'The consumer has not confirmed their payment.');
    }
    const payment: FakePayment = {
      id: String(nextPaymentId++),
      token,
      status: checkout.outcome === 'approve' ? 'APPROVED' : 'DECLINED',
      paymentState: checkout.outcome === 'approve' ? 'CAPTURED' : 'CAPTURE_DECLINED',
      amountCents: checkout.amountCents,
      merchantReference: text(field(request.body, 'merchantReference')) ?? checkout.merchantReference,
      refunds: [],
    };
    payments.set(payment.id, payment);
    checkout.paymentId = payment.id;
    if (payment.status === 'APPROVED') movements += 1;
    return { status: payment.status === 'DECLINED' ? 402 : 201, body: paymentJson(payment) };
  }

  function refund(orderId: string, request: FakeRequest): FakeReply {
    const requestId = text(field(request.body, 'requestId'));
    const replayKey = requestId ? `${orderId} ${requestId}` : undefined;
    const replay = replayKey ? refundReplays.get(replayKey) : undefined;
    if (replay) return replay;
    const reply = makeRefund(orderId, request);
    if (replayKey) refundReplays.set(replayKey, reply);
    return reply;
  }

  function makeRefund(orderId: string, request: FakeRequest): FakeReply {
    const payment = payments.get(orderId);
    if (!payment || payment.status !== 'APPROVED') {
      return error(412, 'precondition_failed', 'The order is invalid, does not exist, or is not refundable.');
    }
    const amount = text(field(request.body, 'amount', 'amount'));
    if (!amount || !MONEY_PATTERN.test(amount) || field(request.body, 'amount', 'currency') !== 'AUD') {
      return error(422, 'invalid_object', 'The refund amount is missing or invalid.');
    }
    const cents = toCents(amount);
    const refunded = payment.refunds.reduce((sum, r) => sum + r.amountCents, 0);
    if (refunded + cents > payment.amountCents) {
      return error(422, 'invalid_amount', 'The amount requested exceeded the amount available.');
    }
    const refundId = String(nextRefundId++);
    payment.refunds.push({
      refundId,
      amountCents: cents,
      merchantReference: text(field(request.body, 'merchantReference')),
    });
    movements += 1;
    return {
      status: 201,
      body: {
        requestId: field(request.body, 'requestId'),
        amount: { amount, currency: 'AUD' },
        merchantReference: field(request.body, 'merchantReference'),
        refundId,
        refundedAt: new Date().toISOString(),
      },
    };
  }

  function paymentJson(payment: FakePayment) {
    const money = { amount: toDecimal(payment.amountCents), currency: 'AUD' };
    return {
      id: payment.id,
      token: payment.token,
      status: payment.status,
      created: new Date().toISOString(),
      originalAmount: money,
      openToCaptureAmount: { amount: '0.00', currency: 'AUD' },
      paymentState: payment.paymentState,
      merchantReference: payment.merchantReference,
      refunds: payment.refunds.map((r) => ({
        refundId: r.refundId,
        ...(r.merchantReference ? { merchantReference: r.merchantReference } : {}),
        refundedAt: new Date().toISOString(),
        amount: { amount: toDecimal(r.amountCents), currency: 'AUD' },
      })),
      events: [
        {
          id: randomUUID(),
          type: payment.paymentState === 'CAPTURED' ? 'CAPTURED' : 'DECLINED',
          amount: money,
        },
      ],
    };
  }

  const server = await startFakeServer(handle);
  return {
    ...server,
    merchantId: credentials.merchantId,
    secretKey: credentials.secretKey,
    refundInDashboard(orderId, cents) {
      const payment = payments.get(orderId);
      const refunded = payment?.refunds.reduce((sum, r) => sum + r.amountCents, 0) ?? 0;
      if (!payment || refunded + cents > payment.amountCents) throw new Error('cannot refund that');
      payment.refunds.push({
        refundId: String(nextRefundId++),
        amountCents: cents,
        merchantReference: undefined,
      });
    },
    confirm(token, outcome = 'approve') {
      const checkout = checkouts.get(token);
      if (!checkout) throw new Error(`no fake Afterpay checkout ${token}`);
      checkout.outcome = outcome;
    },
    setLimits(minimum, maximum) {
      limits = { minimum, maximum };
    },
    checkout(token) {
      return checkouts.get(token);
    },
    moneyMovements() {
      return movements;
    },
  };
}

function error(status: number, errorCode: string, message: string): FakeReply {
  return { status, body: { errorCode, errorId: randomUUID().slice(0, 16), message, httpStatusCode: status } };
}

function userAgentPattern(merchantId: string): RegExp {
  const part = String.raw`[^\s/;()]+/[^\s;()]+`;
  return new RegExp(String.raw`^${part} \(${part}; ${part}; Merchant/${merchantId}\) https?://\S+$`);
}

function isMoney(value: unknown): boolean {
  const amount = text(field(value, 'amount'));
  return amount !== undefined && MONEY_PATTERN.test(amount) && field(value, 'currency') === 'AUD';
}

/** Afterpay's Contact: a name, a first line, a postcode and a country code at least. */
function isContact(value: unknown): boolean {
  return ['name', 'line1', 'postcode', 'countryCode'].every((key) => Boolean(text(field(value, key))));
}

function isItem(value: unknown): boolean {
  const quantity = field(value, 'quantity');
  return (
    Boolean(text(field(value, 'name'))) &&
    typeof quantity === 'number' &&
    Number.isInteger(quantity) &&
    quantity > 0 &&
    isMoney(field(value, 'price'))
  );
}

/** The optional parts of a checkout, each refused when sent in another shape. */
function hasValidOrderDetails(body: unknown): boolean {
  const items = field(body, 'items');
  return (
    ['shipping', 'billing'].every((key) => field(body, key) === undefined || isContact(field(body, key))) &&
    ['taxAmount', 'shippingAmount'].every(
      (key) => field(body, key) === undefined || isMoney(field(body, key)),
    ) &&
    (items === undefined || (Array.isArray(items) && items.every(isItem)))
  );
}

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { createProduct } from '../../../test/catalog-factories.js';
import { addAddress, addToCart, placeOrder, registerCustomer } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { AfterpayProvider } from './afterpay-provider.js';
import {
  PaymentAmountMismatchError,
  PaymentProviderError,
  type CaptureResult,
  type CapturePaymentInput,
  type PaymentErrorKind,
  type PaymentProvider,
  type PaymentProviderName,
  type RefundPaymentInput,
  type StartPaymentInput,
} from './payment-provider.js';
import type { PaymentProviders } from './payment-providers.js';
import { createPaymentService, startKey, toAppError, type PayableOrder } from './payment.service.js';
import { insertPayment, markPaymentCaptured } from './payment.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const customer = { email: 'pay@example.com', firstName: 'Pat', lastName: 'Payer' };

/** A provider that records what it is asked and answers what the test sets. */
class FakeProvider implements PaymentProvider {
  starts: StartPaymentInput[] = [];
  captures: CapturePaymentInput[] = [];
  refunds: RefundPaymentInput[] = [];
  eligible = true;
  failWith: Error | null = null;
  captureAnswer: CaptureResult = { status: 'captured', captureId: 'cap-1', amountCents: 0 };
  private seq = 0;

  constructor(readonly name: PaymentProviderName) {}

  isEligible(): Promise<boolean> {
    return Promise.resolve(this.eligible);
  }
  start(input: StartPaymentInput) {
    this.starts.push(input);
    if (this.failWith) return Promise.reject(this.failWith);
    this.seq += 1;
    return Promise.resolve({
      providerRef: `${this.name}-ref-${Date.now()}-${this.seq}`,
      redirectUrl: 'https://pay.example/go',
    });
  }
  capture(input: CapturePaymentInput) {
    this.captures.push(input);
    if (this.failWith) return Promise.reject(this.failWith);
    return Promise.resolve(this.captureAnswer);
  }
  refund(input: RefundPaymentInput) {
    this.refunds.push(input);
    return Promise.resolve({
      status: 'refunded' as const,
      refundId: `ref-${this.refunds.length}`,
      amountCents: input.amountCents,
    });
  }
  refundedCents() {
    return Promise.resolve(this.refunds.reduce((sum, r) => sum + r.amountCents, 0));
  }
  getStatus() {
    return Promise.resolve({ status: 'approved' as const });
  }
}

let paypal: FakeProvider;
let limits: { minimumCents: number; maximumCents: number; currency: string } | Error;

function service(byName: PaymentProvider[] = [paypal], options: { afterpay?: boolean } = {}) {
  const afterpay =
    options.afterpay === false
      ? null
      : ({
          getLimits: () => (limits instanceof Error ? Promise.reject(limits) : Promise.resolve(limits)),
        } as unknown as AfterpayProvider);
  const providers: PaymentProviders = {
    byName: new Map(byName.map((p) => [p.name, p])),
    demo: null,
    afterpay,
  };
  const config = {
    demo: false,
    timeoutMs: 1000,
    publicUrl: 'https://shop.example',
    paypal: null,
    afterpay: null,
  };
  return createPaymentService(db(), providers, config, () => t.clock.now());
}

/** A real order of a new customer (payments belong to orders), and what the payment module knows of it. */
/** The fake PayPal answers every start with the same payment, as a provider replaying a request would. */
function answerEveryStartWith(providerRef: string): void {
  paypal.start = (input) => {
    paypal.starts.push(input);
    return Promise.resolve({ providerRef, redirectUrl: 'https://pay.example/go' });
  };
}

async function anOrder(amountDueCents = 2995): Promise<PayableOrder> {
  const c = await registerCustomer(t.app);
  const addressID = await addAddress(t.app, c);
  const product = await createProduct(db(), { priceCents: 2000, stock: 10 });
  await addToCart(t.app, c, product.id, 1);
  const order = await placeOrder(t.app, c, { addressID });
  return { id: order.orderID, amountDueCents, customer };
}

async function paymentRow(id: number) {
  const [row] = await db().select().from(payments).where(eq(payments.id, id));
  return row;
}

beforeEach(() => {
  paypal = new FakeProvider('paypal');
  limits = { minimumCents: 100, maximumCents: 200_000, currency: 'AUD' };
});

describe('a provider failure reaches the customer as its own code', () => {
  const codeOf = (err: unknown) => {
    try {
      toAppError(err);
    } catch (thrown) {
      return thrown instanceof AppError ? thrown.name : 'not an AppError';
    }
    return 'nothing thrown';
  };
  const failure = (kind: PaymentErrorKind) => new PaymentProviderError('paypal', kind, 'no');

  it.each([
    ['timeout', 'PAYMENT_UNCONFIRMED'],
    ['not_eligible', 'PAYMENT_METHOD_UNAVAILABLE'],
    ['not_found', 'PAYMENT_EXPIRED'],
    ['unavailable', 'PAYMENT_UNAVAILABLE'],
    ['misconfigured', 'PAYMENT_METHOD_UNAVAILABLE'],
    ['rejected', 'PAYMENT_REFUSED'],
    ['refund_rejected', 'PAYMENT_REFUSED'],
  ] as const)('%s answers %s', (kind, name) => {
    expect(codeOf(failure(kind))).toBe(name);
  });

  it('a capture of another amount answers PAYMENT_AMOUNT_MISMATCH', () => {
    expect(codeOf(new PaymentAmountMismatchError('paypal', 100, 90, 'cap'))).toBe('PAYMENT_AMOUNT_MISMATCH');
  });

  it('anything else is not dressed up as a payment error', () => {
    const bug = new TypeError('a bug');
    expect(() => toAppError(bug)).toThrow(bug);
  });
});

describe('ways to pay', () => {
  it('lists the configured providers in the store order, none eligible for nothing owed, Afterpay’s instalment rounded down', async () => {
    const demo = new FakeProvider('demo');
    const afterpay = new FakeProvider('afterpay');
    const s = service([demo, afterpay, paypal]);
    const owed = await s.methods(4001);
    expect(owed).toEqual({
      amountDue: 4001,
      methods: [
        { provider: 'paypal', isEligible: true, instalmentCents: null },
        // 40.01 is 10.01 and three of 10.00: never four of 10.01, which would add up to 40.04.
        { provider: 'afterpay', isEligible: true, instalmentCents: 1000 },
        { provider: 'demo', isEligible: true, instalmentCents: null },
      ],
    });
    afterpay.eligible = false;
    expect((await s.methods(4001)).methods.map((m) => m.isEligible)).toEqual([true, false, true]);
    expect((await s.methods(0)).methods.map((m) => m.isEligible)).toEqual([false, false, false]);
  });

  it('offers only the providers the store is configured with', async () => {
    expect((await service([paypal]).methods(4001)).methods.map((m) => m.provider)).toEqual(['paypal']);
  });

  it("Afterpay's terms are unavailable when the store has no Afterpay account", async () => {
    expect(await service([paypal], { afterpay: false }).afterpayTerms()).toEqual({
      available: false,
      minimumCents: null,
      maximumCents: null,
      instalments: 4,
    });
  });

  it("Afterpay's terms: its AUD limits, else unavailable", async () => {
    expect(await service().afterpayTerms()).toEqual({
      available: true,
      minimumCents: 100,
      maximumCents: 200_000,
      instalments: 4,
    });
    limits = { minimumCents: 100, maximumCents: 200_000, currency: 'NZD' };
    expect(await service().afterpayTerms()).toMatchObject({
      available: false,
      minimumCents: null,
      maximumCents: null,
    });
    limits = new Error('down');
    expect(await service().afterpayTerms()).toMatchObject({ available: false, minimumCents: null });
  });
});

describe('starting a payment', () => {
  it("sends the order's amount and reference with return and cancel addresses on the store, and records the attempt", async () => {
    const order = await anOrder();
    const redirect = await service().start(order, 'paypal', 'key-1');
    expect(redirect).toBe('https://pay.example/go');
    const [sent] = paypal.starts;
    expect(sent).toMatchObject({
      merchantReference: `SO-${order.id}`,
      amountCents: 2995,
      currency: 'AUD',
      customer,
      idempotencyKey: startKey(order, 'paypal', 'key-1'),
    });
    const back = new URL(sent?.returnUrl ?? '');
    expect(back.origin + back.pathname).toBe('https://shop.example/checkout/payment-return');
    expect(Object.fromEntries(back.searchParams)).toEqual({ orderID: String(order.id), provider: 'paypal' });
    const cancel = new URL(sent?.cancelUrl ?? '');
    expect(Object.fromEntries(cancel.searchParams)).toEqual({
      orderID: String(order.id),
      provider: 'paypal',
      cancelled: '1',
    });
    const attempts = await service().startedAttempts(order.id);
    expect(attempts).toMatchObject([{ provider: 'paypal', amountCents: 2995, status: 'started' }]);
  });

  it("sends the provider a key of the customer's key, the order, the provider and the amount", () => {
    const order = { id: 7, amountDueCents: 2995, customer };
    const key = startKey(order, 'paypal', 'key-1');
    expect(key).toMatch(/^start-7-[0-9a-f]{32}$/);
    expect(startKey({ ...order }, 'paypal', 'key-1')).toBe(key);
    const others = [
      startKey({ ...order, id: 8 }, 'paypal', 'key-1'),
      startKey(order, 'afterpay', 'key-1'),
      startKey({ ...order, amountDueCents: 2996 }, 'paypal', 'key-1'),
      startKey(order, 'paypal', 'key-2'),
      startKey(order, 'paypal', undefined),
      startKey(order, 'paypal', undefined),
    ];
    expect(new Set([key, ...others]).size).toBe(others.length + 1);
  });

  it("a provider answering another order's payment is not recorded for this one", async () => {
    const first = await anOrder();
    const second = await anOrder();
    const s = service();
    answerEveryStartWith(`shared-${first.id}`);
    await s.start(first, 'paypal', 'key-1');
    await expect(s.start(second, 'paypal', 'key-1')).rejects.toThrow(/another order/);
    expect(await s.startedAttempts(second.id)).toEqual([]);
    expect(await s.startedAttempts(first.id)).toHaveLength(1);
  });

  it('a start the provider answers with the same payment again records it once', async () => {
    const order = await anOrder();
    const s = service();
    answerEveryStartWith(`fixed-${order.id}`);
    await s.start(order, 'paypal', 'key-1');
    await s.start(order, 'paypal', 'key-1');
    expect(await s.startedAttempts(order.id)).toHaveLength(1);
  });

  it('is refused for a provider not configured or not eligible, and says why when the provider fails', async () => {
    const order = await anOrder();
    await expect(service().start(order, 'afterpay', 'k')).rejects.toMatchObject({
      name: 'PAYMENT_METHOD_UNAVAILABLE',
    });
    paypal.eligible = false;
    await expect(service().start(order, 'paypal', 'k')).rejects.toMatchObject({
      name: 'PAYMENT_METHOD_UNAVAILABLE',
    });
    expect(paypal.starts).toEqual([]);
    paypal.eligible = true;
    paypal.failWith = new PaymentProviderError('paypal', 'timeout', 'slow');
    await expect(service().start(order, 'paypal', 'k')).rejects.toMatchObject({
      name: 'PAYMENT_UNCONFIRMED',
    });
    expect(await service().startedAttempts(order.id)).toEqual([]);
  });

  it('finds an attempt only under its own order', async () => {
    const order = await anOrder();
    const other = await anOrder();
    const attempt = await insertPayment(
      db(),
      {
        orderId: order.id,
        provider: 'paypal',
        providerRef: `r-${order.id}`,
        amountCents: 10,
      },
      t.clock.now(),
    );
    if (!attempt) throw new Error('no attempt recorded');
    expect((await service().findAttempt(order.id, 'paypal', attempt.providerRef))?.id).toBe(attempt.id);
    expect(await service().findAttempt(other.id, 'paypal', attempt.providerRef)).toBeUndefined();
    expect(await service().findAttempt(order.id, 'paypal', 'no-such-ref')).toBeUndefined();
  });
});

describe('capturing and refunding', () => {
  async function attemptOf(amountCents: number) {
    const order = await anOrder(amountCents);
    const attempt = await insertPayment(
      db(),
      {
        orderId: order.id,
        provider: 'paypal',
        providerRef: `r-${order.id}`,
        amountCents,
      },
      t.clock.now(),
    );
    if (!attempt) throw new Error('no attempt recorded');
    return attempt;
  }

  it("captures the attempt's amount under a key named for the attempt; a decline ends the attempt", async () => {
    const attempt = await attemptOf(2995);
    paypal.captureAnswer = { status: 'captured', captureId: 'cap-9', amountCents: 2995 };
    expect(await service().capture(attempt)).toEqual(paypal.captureAnswer);
    expect(paypal.captures).toEqual([
      {
        providerRef: attempt.providerRef,
        merchantReference: `SO-${attempt.orderId}`,
        amountCents: 2995,
        idempotencyKey: `capture-${attempt.providerKey}`,
      },
    ]);
    expect((await paymentRow(attempt.id))?.status).toBe('started');

    paypal.captureAnswer = { status: 'declined', reason: 'card' };
    await service().capture(attempt);
    expect((await paymentRow(attempt.id))?.status).toBe('declined');
  });

  it('a payment id used again (a restored backup) is sent to the provider under keys of its own', async () => {
    const first = await attemptOf(1200);
    await markPaymentCaptured(db(), first.id, 'cap-first', t.clock.now());
    await service().capture(first);
    await service().refund(first.orderId, 1200);
    // The database as a backup taken before that payment left it: the row gone, its id next again.
    await db().delete(payments).where(eq(payments.id, first.id));
    await db().execute(sql`select setval('payments_id_seq', ${first.id - 1})`);
    const again = await attemptOf(1200);
    expect(again.id).toBe(first.id);
    await markPaymentCaptured(db(), again.id, 'cap-again', t.clock.now());
    await service().capture(again);
    await service().refund(again.orderId, 1200);

    const [firstCapture, againCapture] = paypal.captures.map((c) => c.idempotencyKey);
    const [firstRefund, againRefund] = paypal.refunds.map((r) => r.idempotencyKey);
    expect(againCapture).not.toBe(firstCapture);
    expect(againRefund).not.toBe(firstRefund);
    expect(againCapture).toBe(`capture-${again.providerKey}`);
  });

  it('a capture that times out answers PAYMENT_UNCONFIRMED and leaves the attempt as it was', async () => {
    const attempt = await attemptOf(500);
    paypal.failWith = new PaymentProviderError('paypal', 'timeout', 'slow');
    await expect(service().capture(attempt)).rejects.toMatchObject({ name: 'PAYMENT_UNCONFIRMED' });
    expect((await paymentRow(attempt.id))?.status).toBe('started');
  });

  it('refunds at most what is left of the capture, each under a key naming the payment and what was refunded', async () => {
    const attempt = await attemptOf(3000);
    await markPaymentCaptured(db(), attempt.id, 'cap-3', t.clock.now());
    const s = service();
    expect(await s.refund(attempt.orderId, 1000)).toBe(1000);
    expect(await s.refund(attempt.orderId, 5000)).toBe(2000);
    expect(await s.refund(attempt.orderId, 5000)).toBe(0);
    expect(paypal.refunds).toEqual([
      {
        captureId: 'cap-3',
        amountCents: 1000,
        merchantReference: `SO-${attempt.orderId}`,
        idempotencyKey: `refund-${attempt.providerKey}-0`,
      },
      {
        captureId: 'cap-3',
        amountCents: 2000,
        merchantReference: `SO-${attempt.orderId}`,
        idempotencyKey: `refund-${attempt.providerKey}-1000`,
      },
    ]);
    expect((await paymentRow(attempt.id))?.refundedCents).toBe(3000);
  });

  it('an order with nothing captured refunds nothing and asks no provider', async () => {
    const attempt = await attemptOf(3000);
    expect(await service().refund(attempt.orderId, 3000)).toBe(0);
    expect(await service().refundOwed(attempt)).toBe(0);
    expect(paypal.refunds).toEqual([]);
  });

  it('an abandoned attempt is no longer among the started ones', async () => {
    const attempt = await attemptOf(700);
    await service().abandon(attempt);
    expect((await paymentRow(attempt.id))?.status).toBe('abandoned');
    expect(await service().startedAttempts(attempt.orderId)).toEqual([]);
  });
});

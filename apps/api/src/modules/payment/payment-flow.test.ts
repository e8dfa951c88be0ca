import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { errorCatalogue } from '@storefront/contract/errors';
import type { OrderDetail } from '@storefront/contract/order';
import { orders, outboxMails, payments, products } from '../../db/schema/index.js';
import { createCoupon, createProduct, giveCoupon, giveCredit } from '../../../test/catalog-factories.js';
import {
  addAddress,
  addToCart,
  bearer,
  placeOrder,
  registerCustomer,
  type Customer,
} from '../../../test/factories.js';
import { startAfterpayFake, type AfterpayFake } from '../../../test/fakes/afterpay-fake.js';
import { captureAtPayPal, startPayPalFake, type PayPalFake } from '../../../test/fakes/paypal-fake.js';
import { whileFaulty } from '../../../test/fakes/fake-http.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { renderedMail } from '../mail/outbox.repo.js';
import type { Dashboard } from '@storefront/contract/staff';
import { addStaff, staffCall, staffSession } from '../../../test/staff-factories.js';
import { REFUND_TRIES_MAX } from './payment.service.js';

let t: TestApp;
let paypal: PayPalFake;
let afterpay: AfterpayFake;

beforeAll(async () => {
  paypal = await startPayPalFake();
  afterpay = await startAfterpayFake();
  t = await createTestApp({
    env: {
      PAYMENTS_DEMO: 'true',
      PUBLIC_URL: 'http://localhost:3000',
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_API_BASE: paypal.url,
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
      AFTERPAY_MERCHANT_ID: afterpay.merchantId,
      AFTERPAY_SECRET_KEY: afterpay.secretKey,
      AFTERPAY_API_BASE: afterpay.url,
      PAYMENT_TIMEOUT_MS: '2000',
      UNPAID_ORDER_MINUTES: '30',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await paypal?.close();
  await afterpay?.close();
});

const db = () => t.database.db;

type Answer<T> = {
  statusCode: number;
  code: number;
  msg: string;
  data: T;
  authorization: string | undefined;
};

async function call<T>(
  c: Customer,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(c.token), ...headers },
    ...(payload ? { payload } : {}),
  });
  const body = res.json<{ code: number; msg: string; data: T }>();
  const authorization = res.headers.authorization;
  return {
    statusCode: res.statusCode,
    code: body.code,
    msg: body.msg,
    data: body.data,
    authorization: typeof authorization === 'string' ? authorization : undefined,
  };
}

/** A customer with an address and `quantity` of a $20.00 product in the cart: $20 x n + $9.95 shipping. */
async function shopper(quantity = 2) {
  const c = await registerCustomer(t.app);
  const addressID = await addAddress(t.app, c);
  const product = await createProduct(db(), { priceCents: 2000, stock: 50 });
  await addToCart(t.app, c, product.id, quantity);
  return { c, addressID, product };
}

async function unpaidOrder(quantity = 2) {
  const s = await shopper(quantity);
  const order = await placeOrder(t.app, s.c, { addressID: s.addressID });
  expect(order.status).toBe('pending_payment');
  return { ...s, order };
}

async function start(c: Customer, orderID: number, provider: string) {
  const res = await call<{ redirectUrl: string }>(c, 'POST', '/payment/start', { orderID, provider });
  expect(res.code, JSON.stringify(res)).toBe(0);
  return new URL(res.data.redirectUrl, 'http://localhost:3000');
}

async function detailOf(c: Customer, orderID: number) {
  return (await call<OrderDetail>(c, 'GET', `/order/detail?orderID=${orderID}`)).data;
}

async function orderRow(id: number) {
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  return row;
}

async function stockOf(id: number) {
  const [row] = await db().select({ stock: products.stock }).from(products).where(eq(products.id, id));
  return row?.stock;
}

async function paidWithDemo(c: Customer, orderID: number) {
  const approve = await start(c, orderID, 'demo');
  const ref = approve.searchParams.get('ref') ?? '';
  const decided = await call<{ redirectUrl: string }>(c, 'POST', '/payment/demo/decide', {
    ref,
    decision: 'approve',
  });
  expect(decided.code).toBe(0);
  return call<{ orderID: number; status: string; amountCents: number }>(c, 'POST', '/payment/demo/capture', {
    orderID,
    ref,
  });
}

describe('paying an order', () => {
  it('offers every configured way to pay, Afterpay with its four instalments while the amount is within its limits', async () => {
    const { c, order } = await unpaidOrder(2);
    const res = await call<{
      amountDue: number;
      methods: { provider: string; isEligible: boolean; instalmentCents: number | null }[];
    }>(c, 'GET', `/payment/methods?orderID=${order.orderID}`);
    expect(res.data.amountDue).toBe(order.totals.amountDue);
    expect(res.data.methods).toEqual([
      { provider: 'paypal', isEligible: true, instalmentCents: null },
      { provider: 'afterpay', isEligible: true, instalmentCents: Math.floor(order.totals.amountDue / 4) },
      { provider: 'demo', isEligible: true, instalmentCents: null },
    ]);
    afterpay.setLimits('1.00', '10.00');
    await t.app.refreshAfterpayConfiguration();
    try {
      const over = await call<{ methods: { provider: string; isEligible: boolean }[] }>(
        c,
        'GET',
        `/payment/methods?orderID=${order.orderID}`,
      );
      expect(over.data.methods.find((m) => m.provider === 'afterpay')?.isEligible).toBe(false);
    } finally {
      afterpay.setLimits('1.00', '2000.00');
    }
  });

  it('says by when the order must be paid: the unpaid-order time after it was placed, as its detail does', async () => {
    const { c, order } = await unpaidOrder(1);
    const methods = await call<{ payBy: string }>(c, 'GET', `/payment/methods?orderID=${order.orderID}`);
    const placedAt = Date.parse(order.createdAt);
    expect(Date.parse(methods.data.payBy) - placedAt).toBe(30 * 60_000);
    expect(order.payBy).toBe(methods.data.payBy);
    const detail = await call<{ payBy: string | null }>(c, 'GET', `/order/detail?orderID=${order.orderID}`);
    expect(detail.data.payBy).toBe(methods.data.payBy);

    expect((await call(c, 'PUT', '/order/cancel', { orderID: order.orderID })).code).toBe(0);
    const cancelled = await call<{ payBy: string | null }>(
      c,
      'GET',
      `/order/detail?orderID=${order.orderID}`,
    );
    expect(cancelled.data.payBy).toBeNull();
  });

  it('once its time to pay has passed, before the round cancels it, no payment is started: the refusal says why', async () => {
    const { c, order } = await unpaidOrder(1);
    // Started in time and approved: its capture still pays the order after the time, as the round would capture it.
    const inTime = await unpaidOrder(1);
    const ref = (await start(inTime.c, inTime.order.orderID, 'demo')).searchParams.get('ref') ?? '';
    await call(inTime.c, 'POST', '/payment/demo/decide', { ref, decision: 'approve' });
    expect((await detailOf(c, order.orderID)).paidWith).toBeNull();

    t.clock.advance(30 * 60_000 + 1000);
    const { ORDER_PAY_BY_PASSED } = errorCatalogue;
    const methods = await call(c, 'GET', `/payment/methods?orderID=${order.orderID}`);
    expect(methods).toMatchObject({ code: ORDER_PAY_BY_PASSED.code, msg: ORDER_PAY_BY_PASSED.msg });
    expect(methods.msg).toContain('time to pay this order has ended');
    for (const provider of ['paypal', 'afterpay', 'demo']) {
      const started = await call(c, 'POST', '/payment/start', { orderID: order.orderID, provider });
      expect(started.code, provider).toBe(ORDER_PAY_BY_PASSED.code);
    }
    expect(await db().select().from(payments).where(eq(payments.orderId, order.orderID))).toEqual([]);
    expect((await orderRow(order.orderID))?.status).toBe('pending_payment');

    const late = await call(inTime.c, 'POST', '/payment/demo/capture', {
      orderID: inTime.order.orderID,
      ref,
    });
    expect(late.code).toBe(0);
    expect((await orderRow(inTime.order.orderID))?.status).toBe('paid');
  });

  it("Afterpay's terms are public for product and cart pages, from the limits last read: Afterpay down changes nothing", async () => {
    const terms = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/payment/afterpay-terms' });
      expect(res.statusCode).toBe(200);
      return { body: res.json<{ code: number; data: unknown }>(), cache: res.headers['cache-control'] };
    };
    afterpay.setLimits('35.00', '1500.00');
    await t.app.refreshAfterpayConfiguration();
    try {
      expect(await terms()).toEqual({
        body: {
          code: 0,
          msg: expect.any(String),
          data: { available: true, minimumCents: 3500, maximumCents: 150_000, instalments: 4 },
        },
        cache: 'public, max-age=300',
      });
      afterpay.injectFault({ kind: 'status', status: 503 }, { pathIncludes: '/v2/configuration' });
      const readsBefore = afterpay.requests.length;
      await t.app.refreshAfterpayConfiguration().catch(() => undefined);
      // The customer's request never waits on Afterpay: the limits last read stand.
      expect((await terms()).body.data).toEqual({
        available: true,
        minimumCents: 3500,
        maximumCents: 150_000,
        instalments: 4,
      });
      expect(afterpay.requests.length).toBe(readsBefore + 1);
    } finally {
      afterpay.clearFaults();
      afterpay.setLimits('1.00', '2000.00');
      await t.app.refreshAfterpayConfiguration();
    }
  });

  it('PayPal: approve at PayPal, capture on return; the order is paid and the answer carries a fresh token', async () => {
    const { c, order } = await unpaidOrder(2);
    const approve = await start(c, order.orderID, 'paypal');
    const paypalOrderId = approve.searchParams.get('token') ?? '';
    paypal.approve(paypalOrderId);
    const movedBefore = paypal.moneyMovements();

    const captured = await call<{ orderID: number; status: string; amountCents: number }>(
      c,
      'POST',
      '/paypal/express-capture',
      { orderID: order.orderID, token: paypalOrderId },
    );
    expect(captured.code).toBe(0);
    expect(captured.data).toEqual({
      orderID: order.orderID,
      status: 'paid',
      amountCents: order.totals.amountDue,
    });
    expect(captured.authorization).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(captured.authorization).not.toBe(c.token);
    expect((await orderRow(order.orderID))?.status).toBe('paid');
    expect(paypal.moneyMovements() - movedBefore).toBe(1);
    // The order's page names who took the payment.
    expect((await detailOf(c, order.orderID)).paidWith).toBe('paypal');
  });

  it("a capture's fresh token replaces the caller's: the old one ends with the grace period, signing out ends the new one", async () => {
    const { c, order } = await unpaidOrder(1);
    const token = (await start(c, order.orderID, 'paypal')).searchParams.get('token') ?? '';
    paypal.approve(token);
    const captured = await call(c, 'POST', '/paypal/express-capture', { orderID: order.orderID, token });
    const fresh = captured.authorization ?? '';
    const me = async (bearerToken: string) =>
      (await t.app.inject({ url: '/api/v1/customer/me', headers: bearer(bearerToken) })).statusCode;
    // Requests already in flight with the old token still succeed for a moment, as after a renewal.
    expect(await me(c.token)).toBe(200);
    t.clock.advance(61_000);
    expect(await me(c.token)).toBe(401);
    expect(await me(fresh)).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(fresh), payload: {} });
    expect(await me(fresh)).toBe(401);
  });

  it('capturing twice captures once, and both answers say paid', async () => {
    const { c, order } = await unpaidOrder(1);
    const approve = await start(c, order.orderID, 'paypal');
    const token = approve.searchParams.get('token') ?? '';
    paypal.approve(token);
    const before = paypal.moneyMovements();
    const [a, b] = await Promise.all([
      call(c, 'POST', '/paypal/express-capture', { orderID: order.orderID, token }),
      call(c, 'POST', '/paypal/express-capture', { orderID: order.orderID, token }),
    ]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(paypal.moneyMovements() - before).toBe(1);
    const rows = await db().select().from(payments).where(eq(payments.orderId, order.orderID));
    expect(rows.filter((r) => r.status === 'captured')).toHaveLength(1);
    const later = await call(c, 'POST', '/paypal/express-capture', { orderID: order.orderID, token });
    expect(later).toMatchObject({ code: 0, data: { orderID: order.orderID, status: 'paid' } });
  });

  it('Afterpay: the consumer confirms, the store captures, the order is paid', async () => {
    const { c, order } = await unpaidOrder(3);
    const redirect = await start(c, order.orderID, 'afterpay');
    const orderToken = redirect.searchParams.get('token') ?? '';
    afterpay.confirm(orderToken);
    const captured = await call(c, 'POST', '/after-pay/capture', { orderID: order.orderID, orderToken });
    expect(captured.code).toBe(0);
    expect(captured.authorization).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await orderRow(order.orderID))?.status).toBe('paid');
    expect((await detailOf(c, order.orderID)).paidWith).toBe('afterpay');
  });

  it('a declined payment leaves the order awaiting payment, and another way then pays it', async () => {
    const { c, order } = await unpaidOrder(1);
    const redirect = await start(c, order.orderID, 'afterpay');
    const orderToken = redirect.searchParams.get('token') ?? '';
    afterpay.confirm(orderToken, 'decline');
    const declined = await call(c, 'POST', '/after-pay/capture', { orderID: order.orderID, orderToken });
    expect(declined.code).toBe(100901);
    expect((await orderRow(order.orderID))?.status).toBe('pending_payment');

    const paid = await paidWithDemo(c, order.orderID);
    expect(paid.code).toBe(0);
    expect((await orderRow(order.orderID))?.status).toBe('paid');
  });

  it("another customer's order answers like a missing one, at start and at capture", async () => {
    const { c, order } = await unpaidOrder(1);
    const approve = await start(c, order.orderID, 'paypal');
    const token = approve.searchParams.get('token') ?? '';
    paypal.approve(token);
    const other = await registerCustomer(t.app);
    const missing = await call(other, 'POST', '/payment/start', {
      orderID: 2_000_000_000,
      provider: 'paypal',
    });
    const theirs = await call(other, 'POST', '/payment/start', {
      orderID: order.orderID,
      provider: 'paypal',
    });
    expect(theirs).toMatchObject({ statusCode: missing.statusCode, code: missing.code });
    expect(missing.code).toBe(100002);
    const capture = await call(other, 'POST', '/paypal/express-capture', { orderID: order.orderID, token });
    expect(capture.code).toBe(100002);
    expect((await orderRow(order.orderID))?.status).toBe('pending_payment');
  });

  it("one Idempotency-Key sent by two customers, or for two orders, starts each order's own payment", async () => {
    const startWith = async (c: Customer, orderID: number, key: string) => {
      const res = await call<{ redirectUrl: string }>(
        c,
        'POST',
        '/payment/start',
        { orderID, provider: 'paypal' },
        { 'idempotency-key': key },
      );
      expect(res.code, JSON.stringify(res)).toBe(0);
      return new URL(res.data.redirectUrl).searchParams.get('token');
    };
    const paymentsOf = async (orderID: number) =>
      (await db().select().from(payments).where(eq(payments.orderId, orderID))).map((p) => p.providerRef);
    const key = `checkout-${Date.now()}`;
    const a = await unpaidOrder(1);
    const b = await unpaidOrder(2);
    const tokenA = await startWith(a.c, a.order.orderID, key);
    const tokenB = await startWith(b.c, b.order.orderID, key);
    expect(tokenA).toBeTruthy();
    expect(tokenB).toBeTruthy();
    expect(tokenB).not.toBe(tokenA);
    expect(await paymentsOf(a.order.orderID)).toEqual([tokenA]);
    expect(await paymentsOf(b.order.orderID)).toEqual([tokenB]);
    // A's retry with the key is the payment A started.
    expect(await startWith(a.c, a.order.orderID, key)).toBe(tokenA);

    // The same customer's key again for another of their orders: that order's own payment.
    await addToCart(t.app, a.c, a.product.id, 3);
    const second = await placeOrder(t.app, a.c, { addressID: a.addressID });
    const tokenSecond = await startWith(a.c, second.orderID, key);
    expect(tokenSecond).not.toBe(tokenA);
    expect(await paymentsOf(second.orderID)).toEqual([tokenSecond]);
    expect(await paymentsOf(a.order.orderID)).toEqual([tokenA]);

    // B's approval and capture pay B's order only, for B's amount.
    paypal.approve(tokenB ?? '');
    const captured = await call<{ amountCents: number }>(b.c, 'POST', '/paypal/express-capture', {
      orderID: b.order.orderID,
      token: tokenB,
    });
    expect(captured.code).toBe(0);
    expect(captured.data.amountCents).toBe(b.order.totals.amountDue);
    expect((await orderRow(a.order.orderID))?.status).toBe('pending_payment');
  });

  it('a payment started for another amount than the order now owes is refused, and nothing is captured', async () => {
    const { c, order } = await unpaidOrder(2);
    const approve = await start(c, order.orderID, 'paypal');
    const token = approve.searchParams.get('token') ?? '';
    paypal.approve(token);
    // The order's total changed after the payment was started (tampering with the amount the provider holds).
    await db()
      .update(orders)
      .set({ totalCents: order.totals.total + 500 })
      .where(eq(orders.id, order.orderID));
    const before = paypal.moneyMovements();
    const res = await call(c, 'POST', '/paypal/express-capture', { orderID: order.orderID, token });
    expect(res.code).toBe(100904);
    expect((await orderRow(order.orderID))?.status).toBe('pending_payment');
    expect(paypal.moneyMovements()).toBe(before);
  });

  it('paying an order that is already paid is refused', async () => {
    const { c, order } = await unpaidOrder(1);
    expect((await paidWithDemo(c, order.orderID)).code).toBe(0);
    const again = await call(c, 'POST', '/payment/start', { orderID: order.orderID, provider: 'demo' });
    expect(again.code).toBe(100908);
  });

  it('cancelling a paid order refunds through the provider that took it, the store-credit part as credit', async () => {
    const s = await shopper(2);
    await giveCredit(db(), s.c.user.customerID, 1000);
    const order = await placeOrder(t.app, s.c, { addressID: s.addressID, useCredit: true });
    const approve = await start(s.c, order.orderID, 'paypal');
    const token = approve.searchParams.get('token') ?? '';
    paypal.approve(token);
    expect((await call(s.c, 'POST', '/paypal/express-capture', { orderID: order.orderID, token })).code).toBe(
      0,
    );

    const cancelled = await call<OrderDetail>(s.c, 'PUT', '/order/cancel', { orderID: order.orderID });
    expect(cancelled.code).toBe(0);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.orderID));
    expect(payment?.refundedCents).toBe(order.totals.amountDue);
    const credits = await call<{ balance: number }>(s.c, 'GET', '/customer/credits');
    expect(credits.data.balance).toBe(1000);
    expect(await stockOf(s.product.id)).toBe(50);
  });
});

describe('money the store must give back', () => {
  /** What the providers hold for the order once refunds are taken off, from the store's own book. */
  async function keptFor(orderID: number) {
    const rows = await db().select().from(payments).where(eq(payments.orderId, orderID));
    return rows
      .filter((r) => r.status === 'captured' || r.status === 'surplus')
      .reduce((sum, r) => sum + r.amountCents - r.refundedCents, 0);
  }

  it('two captures of different attempts at once: one pays the order, the other is given back', async () => {
    const { c, order } = await unpaidOrder(1);
    const viaPayPal = await start(c, order.orderID, 'paypal');
    const token = viaPayPal.searchParams.get('token') ?? '';
    paypal.approve(token);
    const viaAfterpay = await start(c, order.orderID, 'afterpay');
    const orderToken = viaAfterpay.searchParams.get('token') ?? '';
    afterpay.confirm(orderToken);

    const answers = await Promise.all([
      call(c, 'POST', '/paypal/express-capture', { orderID: order.orderID, token }),
      call(c, 'POST', '/after-pay/capture', { orderID: order.orderID, orderToken }),
    ]);

    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, 100908]);
    expect((await orderRow(order.orderID))?.status).toBe('paid');
    expect(await keptFor(order.orderID)).toBe(order.totals.amountDue);
    // The customer hears of the second payment and that it goes back, once.
    const returned = (
      await db().select().from(outboxMails).where(eq(outboxMails.topic, 'order-payment-returned'))
    ).map(renderedMail);
    const amount = `$${(order.totals.amountDue / 100).toFixed(2)}`;
    const about = returned.filter((m) => m.text.includes(`for order SO-${order.orderID} after it was paid`));
    expect(about).toHaveLength(1);
    expect(about[0]?.text).toMatch(new RegExp(`(PayPal|Afterpay) took \\${amount}`));
  });

  it("PayPal's duplicate-invoice guard refuses a second capture of one order: the invoice id is the order's", async () => {
    const { c, order } = await unpaidOrder(1);
    const first = (await start(c, order.orderID, 'paypal')).searchParams.get('token') ?? '';
    t.clock.advance(1000);
    const second = (await start(c, order.orderID, 'paypal')).searchParams.get('token') ?? '';
    paypal.approve(first);
    paypal.approve(second);
    expect(await captureAtPayPal(paypal, first)).toBe(201);
    expect(await captureAtPayPal(paypal, second)).toBe(422);
  });

  // Below, an account without that guard (it is a setting merchants may leave off): the store still finds both.
  it('expiry finds every capture of an order: the first pays it, a second is refunded', async () => {
    paypal.blockDuplicateInvoices(false);
    onTestFinished(() => paypal.blockDuplicateInvoices(true));
    const { c, order } = await unpaidOrder(1);
    const first = (await start(c, order.orderID, 'paypal')).searchParams.get('token') ?? '';
    t.clock.advance(1000);
    const second = (await start(c, order.orderID, 'paypal')).searchParams.get('token') ?? '';
    expect(second).not.toBe(first);
    for (const token of [first, second]) {
      paypal.approve(token);
      await paypalCaptureDirectly(token);
    }

    t.clock.advance(31 * 60_000);
    await t.app.expireUnpaidOrders();

    expect((await orderRow(order.orderID))?.status).toBe('paid');
    const rows = await db().select().from(payments).where(eq(payments.orderId, order.orderID));
    expect(rows.map((r) => r.status).sort()).toEqual(['captured', 'surplus']);
    expect(rows.find((r) => r.status === 'surplus')?.refundedCents).toBe(order.totals.amountDue);
    expect(await keptFor(order.orderID)).toBe(order.totals.amountDue);
  });

  it('a second capture PayPal cannot give back at once is owed and reported, and the next round refunds it', async () => {
    paypal.blockDuplicateInvoices(false);
    onTestFinished(() => paypal.blockDuplicateInvoices(true));
    const { c, order } = await unpaidOrder(1);
    const first = (await start(c, order.orderID, 'paypal')).searchParams.get('token') ?? '';
    t.clock.advance(1000);
    const second = (await start(c, order.orderID, 'paypal')).searchParams.get('token') ?? '';
    for (const token of [first, second]) {
      paypal.approve(token);
      await paypalCaptureDirectly(token);
    }
    t.clock.advance(31 * 60_000);
    paypal.injectFault({ kind: 'status', status: 503 }, { pathIncludes: '/refund' });
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      await t.app.expireUnpaidOrders();
      const surplus = (await db().select().from(payments).where(eq(payments.orderId, order.orderID))).find(
        (r) => r.status === 'surplus',
      );
      expect(surplus?.refundedCents).toBe(0);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ paymentId: surplus?.id, err: expect.any(Error) }),
        'surplus refund left owed',
      );
    } finally {
      warn.mockRestore();
      paypal.clearFaults();
    }
    expect((await orderRow(order.orderID))?.status).toBe('paid');
    expect(await keptFor(order.orderID)).toBe(2 * order.totals.amountDue);
    await t.app.refundOwed();
    expect(await keptFor(order.orderID)).toBe(order.totals.amountDue);
  });

  it('a cancel the provider cannot refund still cancels; the refund is retried until it is taken, once', async () => {
    const { c, order } = await unpaidOrder(2);
    const token = (await start(c, order.orderID, 'paypal')).searchParams.get('token') ?? '';
    paypal.approve(token);
    expect((await call(c, 'POST', '/paypal/express-capture', { orderID: order.orderID, token })).code).toBe(
      0,
    );
    paypal.injectFault({ kind: 'status', status: 503 }, { pathIncludes: '/refund' });
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      const cancelled = await call<OrderDetail>(c, 'PUT', '/order/cancel', { orderID: order.orderID });
      expect(cancelled).toMatchObject({ statusCode: 200, code: 0, data: { status: 'cancelled' } });
      // The operator hears of the refund left owed, with the order it belongs to.
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ orderId: order.orderID, err: expect.any(Error) }),
        'refund left owed',
      );
      expect(await keptFor(order.orderID)).toBe(order.totals.amountDue);
      expect(await t.app.refundOwed()).toMatchObject({ refunded: 0 });
      expect(await keptFor(order.orderID)).toBe(order.totals.amountDue);
    } finally {
      warn.mockRestore();
      paypal.clearFaults();
    }

    const before = paypal.moneyMovements();
    // The failed refund is left for a minute; then two processes' rounds at once: the provider refunds once, the
    // store records it once.
    t.clock.advance(61_000);
    const rounds = await Promise.all([t.app.refundOwed(), t.app.refundOwed()]);
    expect(rounds.reduce((n, r) => n + r.failed, 0)).toBe(0);
    expect(paypal.moneyMovements() - before).toBe(1);
    expect(await keptFor(order.orderID)).toBe(0);
    expect(await t.app.refundOwed()).toEqual({ refunded: 0, failed: 0, unsettled: 0 });
    expect(paypal.moneyMovements() - before).toBe(1);
  });

  /** A paid order whose payment the merchant then refunds in part by hand at the provider, and which is cancelled. */
  async function cancelledAfterDashboardRefund(
    provider: 'paypal' | 'afterpay',
    byHandCents: (due: number) => number,
  ) {
    const { c, order } = await unpaidOrder(2);
    const token = (await start(c, order.orderID, provider)).searchParams.get('token') ?? '';
    if (provider === 'paypal') paypal.approve(token);
    else afterpay.confirm(token);
    const captured =
      provider === 'paypal'
        ? await call(c, 'POST', '/paypal/express-capture', { orderID: order.orderID, token })
        : await call(c, 'POST', '/after-pay/capture', { orderID: order.orderID, orderToken: token });
    expect(captured.code).toBe(0);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.orderID));
    const captureId = payment?.captureId ?? '';
    const byHand = byHandCents(order.totals.amountDue);
    if (provider === 'paypal') paypal.refundInDashboard(captureId, byHand);
    else afterpay.refundInDashboard(captureId, byHand);
    const warn = vi.spyOn(t.app.log, 'warn').mockImplementation(() => undefined);
    try {
      // The cancel's refund of the whole amount is refused as more than is left: the order is cancelled, it is owed.
      expect((await call(c, 'PUT', '/order/cancel', { orderID: order.orderID })).code).toBe(0);
    } finally {
      warn.mockRestore();
    }
    return { order, byHand };
  }

  for (const provider of ['paypal', 'afterpay'] as const) {
    const fake = () => (provider === 'paypal' ? paypal : afterpay);

    it(`${provider}: a refund refused as more than is left (part refunded in its dashboard) takes the provider's record, refunds the rest once, and stops`, async () => {
      const { order, byHand } = await cancelledAfterDashboardRefund(provider, (due) => Math.floor(due / 3));
      expect(await keptFor(order.orderID)).toBe(order.totals.amountDue);
      const before = fake().moneyMovements();
      t.clock.advance(61_000);
      expect(await t.app.refundOwed()).toMatchObject({ refunded: 1, unsettled: 0 });
      // Only what the dashboard had not given back went back, once.
      expect(fake().moneyMovements() - before).toBe(1);
      expect(await keptFor(order.orderID)).toBe(0);
      const [row] = await db().select().from(payments).where(eq(payments.orderId, order.orderID));
      expect(row?.refundedCents).toBe(order.totals.amountDue);
      expect(byHand).toBeGreaterThan(0);
      for (let round = 0; round < 3; round += 1) {
        t.clock.advance(7 * 3_600_000);
        expect(await t.app.refundOwed()).toEqual({ refunded: 0, failed: 0, unsettled: 0 });
      }
      expect(fake().moneyMovements() - before).toBe(1);
    });

    it(`${provider}: a refund the dashboard already made in full is settled from the provider's record, no money moved`, async () => {
      const { order } = await cancelledAfterDashboardRefund(provider, (due) => due);
      const before = fake().moneyMovements();
      t.clock.advance(61_000);
      expect(await t.app.refundOwed()).toEqual({ refunded: 0, failed: 0, unsettled: 0 });
      expect(await keptFor(order.orderID)).toBe(0);
      expect(fake().moneyMovements()).toBe(before);
    });
  }

  for (const provider of ['paypal', 'afterpay'] as const) {
    it(`${provider}: packing one short refunds its price through ${provider} once, however often pack is sent`, async () => {
      const fake = provider === 'paypal' ? paypal : afterpay;
      const { c, order, product } = await unpaidOrder(3);
      const token = (await start(c, order.orderID, provider)).searchParams.get('token') ?? '';
      if (provider === 'paypal') paypal.approve(token);
      else afterpay.confirm(token);
      const captured =
        provider === 'paypal'
          ? await call(c, 'POST', '/paypal/express-capture', { orderID: order.orderID, token })
          : await call(c, 'POST', '/after-pay/capture', { orderID: order.orderID, orderToken: token });
      expect(captured.code).toBe(0);
      const staffToken = await staffSession(t, (await addStaff(db(), 'manager')).id);
      expect(
        (await staffCall(t, staffToken, 'POST', `/orders/${order.orderID}/start-picking`, {})).json().code,
      ).toBe(0);
      const before = fake.moneyMovements();
      const packs = await Promise.all(
        Array.from({ length: 5 }, () =>
          staffCall(t, staffToken, 'POST', `/orders/${order.orderID}/pack`, {
            lines: [{ lineID: product.id, packedQuantity: 2 }],
          }),
        ),
      );
      expect(packs.map((p) => p.json().code)).toEqual([0, 0, 0, 0, 0]);
      expect(fake.moneyMovements() - before).toBe(1);
      const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.orderID));
      expect(payment?.refundedCents).toBe(2000);
      // Paid = delivered value + refunded.
      expect(payment?.amountCents).toBe(order.totals.total);
      expect(await t.app.refundOwed()).toMatchObject({ refunded: 0, failed: 0 });
      expect(fake.moneyMovements() - before).toBe(1);
    });
  }

  it('a refund still refused after reconciling is marked unsettled, shown on the dashboard, and never tried again', async () => {
    const { order } = await cancelledAfterDashboardRefund('paypal', (due) => Math.floor(due / 2));
    // PayPal refuses any refund of it from now on (a dispute holds the capture, say).
    paypal.injectFault(
      {
        kind: 'status',
        status: 422,
        body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'REFUND_NOT_ALLOWED' }] },
      },
      { pathIncludes: '/refund' },
    );
    const refundCalls = () => paypal.requests.filter((r) => r.path.endsWith('/refund')).length;
    try {
      t.clock.advance(61_000);
      const warn = vi.spyOn(t.app.log, 'warn').mockImplementation(() => undefined);
      try {
        expect(await t.app.refundOwed()).toEqual({ refunded: 0, failed: 0, unsettled: 1 });
      } finally {
        warn.mockRestore();
      }
      const calls = refundCalls();
      const [row] = await db().select().from(payments).where(eq(payments.orderId, order.orderID));
      expect(row?.refundUnsettledAt).not.toBeNull();
      expect(row?.refundUnsettledReason).toMatch(/refused after reconciling/);
      expect(row?.refundedCents).toBe(Math.floor(order.totals.amountDue / 2));
      for (let round = 0; round < 4; round += 1) {
        t.clock.advance(7 * 3_600_000);
        expect(await t.app.refundOwed()).toEqual({ refunded: 0, failed: 0, unsettled: 0 });
      }
      expect(refundCalls()).toBe(calls);
      const owner = await addStaff(db(), 'owner');
      const dashboard = await staffCall(t, await staffSession(t, owner.id), 'GET', '/dashboard');
      const unsettled = dashboard.json<{ data: Dashboard }>().data.refundsUnsettled;
      expect(unsettled.count).toBeGreaterThanOrEqual(1);
      expect(unsettled.totalCents).toBeGreaterThanOrEqual(
        order.totals.amountDue - Math.floor(order.totals.amountDue / 2),
      );
    } finally {
      paypal.clearFaults();
    }
  });

  it('a refund its provider cannot be reached for is tried with longer and longer waits, then left to a person', async () => {
    const { c, order } = await unpaidOrder(1);
    const token = (await start(c, order.orderID, 'paypal')).searchParams.get('token') ?? '';
    paypal.approve(token);
    expect((await call(c, 'POST', '/paypal/express-capture', { orderID: order.orderID, token })).code).toBe(
      0,
    );
    paypal.injectFault({ kind: 'status', status: 503 }, { pathIncludes: '/refund' });
    const warn = vi.spyOn(t.app.log, 'warn').mockImplementation(() => undefined);
    try {
      expect((await call(c, 'PUT', '/order/cancel', { orderID: order.orderID })).code).toBe(0);
      const outcomes: string[] = [];
      for (let round = 0; round < REFUND_TRIES_MAX + 3; round += 1) {
        t.clock.advance(6 * 3_600_000 + 1000);
        const r = await t.app.refundOwed();
        outcomes.push(r.failed ? 'failed' : r.unsettled ? 'unsettled' : 'none');
      }
      expect(outcomes.filter((o) => o === 'failed')).toHaveLength(REFUND_TRIES_MAX - 1);
      expect(outcomes.filter((o) => o === 'unsettled')).toHaveLength(1);
      expect(outcomes.slice(REFUND_TRIES_MAX)).toEqual(['none', 'none', 'none']);
    } finally {
      warn.mockRestore();
      paypal.clearFaults();
    }
  });
});

describe('Idempotency-Key on order/create', () => {
  it('twenty concurrent creates with one key make one order, and every answer is that order', async () => {
    const s = await shopper(1);
    const key = `order-${s.c.user.customerID}`;
    const body = { addressID: s.addressID, shippingService: 'standard', useCredit: false };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call<OrderDetail>(s.c, 'POST', '/order/create', body, { 'idempotency-key': key }),
      ),
    );
    expect(answers.map((a) => a.code)).toEqual(Array.from({ length: 20 }, () => 0));
    expect(new Set(answers.map((a) => a.data.orderID)).size).toBe(1);
    const mine = await db().select().from(orders).where(eq(orders.customerId, s.c.user.customerID));
    expect(mine).toHaveLength(1);
  });

  it('the same key with another body is refused with its own code', async () => {
    const s = await shopper(1);
    const key = 'same-key';
    const first = await call(
      s.c,
      'POST',
      '/order/create',
      { addressID: s.addressID, shippingService: 'standard', useCredit: false },
      { 'idempotency-key': key },
    );
    expect(first.code).toBe(0);
    const other = await call(
      s.c,
      'POST',
      '/order/create',
      { addressID: s.addressID, shippingService: 'express', useCredit: false },
      { 'idempotency-key': key },
    );
    expect(other).toMatchObject({ statusCode: 409, code: 100005 });
  });

  it('a key over the length limit is a 400 naming the header', async () => {
    const s = await shopper(1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/order/create',
      headers: { ...bearer(s.c.token), 'idempotency-key': 'k'.repeat(300) },
      payload: { addressID: s.addressID, shippingService: 'standard', useCredit: false },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ msg: string }>().msg).toContain('idempotency-key');
  });
});

describe('captures, answered exactly', () => {
  const code = (name: keyof typeof errorCatalogue) => errorCatalogue[name].code;

  it('a capture with an Idempotency-Key replays its first answer, even after a cancel; the key with another body is refused', async () => {
    const { c, order } = await unpaidOrder(1);
    const token = (await start(c, order.orderID, 'paypal')).searchParams.get('token') ?? '';
    paypal.approve(token);
    const key = { 'idempotency-key': `capture-${order.orderID}` };
    const body = { orderID: order.orderID, token };
    const first = await call(c, 'POST', '/paypal/express-capture', body, key);
    // Whatever happens to the order afterwards, the key answers what it answered first.
    expect((await call(c, 'PUT', '/order/cancel', { orderID: order.orderID })).code).toBe(0);
    const movements = paypal.moneyMovements();
    const again = await call(c, 'POST', '/paypal/express-capture', body, key);
    expect(first.code).toBe(0);
    expect(again.data).toEqual(first.data);
    expect(again.authorization).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(paypal.moneyMovements()).toBe(movements);
    // The kept answer, not a second capture: it answers alike while PayPal cannot be reached.
    await whileFaulty(paypal, { kind: 'status', status: 503 }, {}, async () => {
      expect((await call(c, 'POST', '/paypal/express-capture', body, key)).data).toEqual(first.data);
    });
    const reused = await call(c, 'POST', '/paypal/express-capture', { ...body, token: `${token}x` }, key);
    expect(reused.code).toBe(code('IDEMPOTENCY_KEY_REUSED'));
  });

  it('before the customer approves, the capture is refused and the order still awaits payment', async () => {
    const { c, order } = await unpaidOrder(1);
    const token = (await start(c, order.orderID, 'paypal')).searchParams.get('token') ?? '';
    const early = await call(c, 'POST', '/paypal/express-capture', { orderID: order.orderID, token });
    expect(early.code).toBe(code('PAYMENT_NOT_APPROVED'));
    expect((await orderRow(order.orderID))?.status).toBe('pending_payment');
  });

  it('a capture PayPal holds for review is not called paid', async () => {
    const { c, order } = await unpaidOrder(1);
    const token = (await start(c, order.orderID, 'paypal')).searchParams.get('token') ?? '';
    paypal.approve(token, 'capture_pending');
    const held = await call(c, 'POST', '/paypal/express-capture', { orderID: order.orderID, token });
    expect(held.code).toBe(code('PAYMENT_UNCONFIRMED'));
    expect((await orderRow(order.orderID))?.status).toBe('pending_payment');
  });

  it("PayPal's webhook settles a capture it held within seconds: the order is paid without waiting for the round", async () => {
    const { c, order } = await unpaidOrder(1);
    const token = (await start(c, order.orderID, 'paypal')).searchParams.get('token') ?? '';
    paypal.approve(token, 'capture_pending');
    const held = await call(c, 'POST', '/paypal/express-capture', { orderID: order.orderID, token });
    expect(held.code).toBe(code('PAYMENT_UNCONFIRMED'));
    const captureId = paypal.order(token)?.captureId ?? '';
    paypal.settleCapture(captureId, 'COMPLETED');
    const body = paypal.captureEvent(captureId, 'PAYMENT.CAPTURE.COMPLETED');
    const deliver = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/payment/webhook/paypal',
        headers: { ...paypal.signWebhook(body), 'content-type': 'application/json' },
        payload: body,
      });
    expect((await deliver()).statusCode).toBe(200);
    expect((await orderRow(order.orderID))?.status).toBe('paid');
    expect((await detailOf(c, order.orderID)).paymentPendingWith).toBeNull();
    // Delivered again, it is answered and changes nothing.
    expect((await deliver()).statusCode).toBe(200);
    const rows = await db().select().from(payments).where(eq(payments.orderId, order.orderID));
    expect(rows.map((r) => r.status)).toEqual(['captured']);
  });

  it('while PayPal decides a capture it holds, a second payment is refused, with PayPal or another provider', async () => {
    const { c, order } = await unpaidOrder(1);
    const token = (await start(c, order.orderID, 'paypal')).searchParams.get('token') ?? '';
    paypal.approve(token, 'capture_pending');
    await call(c, 'POST', '/paypal/express-capture', { orderID: order.orderID, token });
    const startedBefore = await db().select().from(payments).where(eq(payments.orderId, order.orderID));
    for (const provider of ['paypal', 'afterpay']) {
      const again = await call(c, 'POST', '/payment/start', { orderID: order.orderID, provider });
      expect(again.code, provider).toBe(code('PAYMENT_UNCONFIRMED'));
    }
    expect(await db().select().from(payments).where(eq(payments.orderId, order.orderID))).toEqual(
      startedBefore,
    );
  });

  it("the order's detail says PayPal is still deciding a payment it holds for review; only to the order's customer", async () => {
    const { c, order } = await unpaidOrder(1);
    const token = (await start(c, order.orderID, 'paypal')).searchParams.get('token') ?? '';
    // Started, even approved, is not pending: nothing was asked of PayPal yet, paying another way is safe.
    paypal.approve(token, 'capture_pending');
    expect((await detailOf(c, order.orderID)).paymentPendingWith).toBeNull();
    await call(c, 'POST', '/paypal/express-capture', { orderID: order.orderID, token });
    expect((await detailOf(c, order.orderID)).paymentPendingWith).toBe('paypal');
    const stranger = await registerCustomer(t.app);
    const asked = await call(stranger, 'GET', `/order/detail?orderID=${order.orderID}`);
    expect(asked).toMatchObject({ code: code('NOT_FOUND'), msg: 'No such order.' });
  });

  it('a capture PayPal did not answer is pending until PayPal takes it; then the order is paid and nothing is pending', async () => {
    const { c, order } = await unpaidOrder(1);
    const token = (await start(c, order.orderID, 'paypal')).searchParams.get('token') ?? '';
    paypal.approve(token);
    const body = { orderID: order.orderID, token };
    await whileFaulty(paypal, { kind: 'status', status: 503 }, { pathIncludes: '/capture' }, async () => {
      expect((await call(c, 'POST', '/paypal/express-capture', body)).code).toBe(code('PAYMENT_UNAVAILABLE'));
    });
    expect((await detailOf(c, order.orderID)).paymentPendingWith).toBe('paypal');
    expect((await call(c, 'POST', '/paypal/express-capture', body)).code).toBe(0);
    expect(await detailOf(c, order.orderID)).toMatchObject({ status: 'paid', paymentPendingWith: null });
  });

  it('a payment of another order, or none, answers not found; a paid order takes no second payment', async () => {
    const { c, order } = await unpaidOrder(1);
    const other = await unpaidOrder(1);
    const token = (await start(c, order.orderID, 'paypal')).searchParams.get('token') ?? '';
    paypal.approve(token);
    const unknown = await call(c, 'POST', '/paypal/express-capture', {
      orderID: order.orderID,
      token: 'NOPE',
    });
    expect(unknown).toMatchObject({ code: code('NOT_FOUND'), msg: 'No such payment for this order.' });
    const misnamed = await call(c, 'POST', '/paypal/express-capture', {
      orderID: other.order.orderID,
      token,
    });
    // Another customer's order answers like a missing one.
    expect(misnamed).toMatchObject({ code: code('NOT_FOUND'), msg: 'No such order.' });
    const noOrder = await call(c, 'POST', '/paypal/express-capture', { orderID: 2_000_000_000, token });
    expect(noOrder).toMatchObject({ code: code('NOT_FOUND'), msg: 'No such order.' });

    expect((await paidWithDemo(c, order.orderID)).code).toBe(0);
    const movements = paypal.moneyMovements();
    const second = await call(c, 'POST', '/paypal/express-capture', { orderID: order.orderID, token });
    expect(second.code).toBe(code('ORDER_NOT_PAYABLE'));
    expect(paypal.moneyMovements()).toBe(movements);
  });

  it("the demo approve page reads the payment it names, only for that payment's customer", async () => {
    // Order numbers of several digits, as a shop's are, whichever tests ran before.
    await db().execute(sql`select setval('orders_id_seq', greatest(1000, (select max(id) from orders)))`);
    const { c, order } = await unpaidOrder(2);
    expect(order.orderID).toBeGreaterThan(999);
    const ref = (await start(c, order.orderID, 'demo')).searchParams.get('ref') ?? '';
    const view = await call(c, 'GET', `/payment/demo?ref=${encodeURIComponent(ref)}`);
    expect(view.data).toEqual({
      ref,
      orderID: order.orderID,
      amountCents: order.totals.amountDue,
      state: 'awaiting_customer',
    });
    const declined = await call(c, 'POST', '/payment/demo/decide', { ref, decision: 'decline' });
    expect(declined.code).toBe(0);
    const afterDecline = await call(c, 'GET', `/payment/demo?ref=${encodeURIComponent(ref)}`);
    expect(afterDecline.data).toMatchObject({ state: 'declined' });
    const stranger = await registerCustomer(t.app);
    expect((await call(stranger, 'GET', `/payment/demo?ref=${encodeURIComponent(ref)}`)).code).toBe(
      code('NOT_FOUND'),
    );
    expect(await call(c, 'GET', '/payment/demo?ref=DEMO-none')).toMatchObject({
      code: code('NOT_FOUND'),
      msg: 'No such payment.',
    });
  });

  /** The customer's choices on the demo approve page, sent at once; each answers where to send the browser. */
  async function decideAtOnce(c: Customer, ref: string, decisions: readonly ('approve' | 'decline')[]) {
    const answers = await Promise.all(
      decisions.map((decision) =>
        call<{ redirectUrl: string }>(c, 'POST', '/payment/demo/decide', { ref, decision }),
      ),
    );
    expect(answers.map((a) => a.code)).toEqual(decisions.map(() => 0));
    return answers.map((a) => new URL(a.data.redirectUrl).searchParams.has('cancelled'));
  }

  const captureAtOnce = (c: Customer, orderID: number, ref: string, times: number) =>
    Promise.all(
      Array.from({ length: times }, () => call(c, 'POST', '/payment/demo/capture', { orderID, ref })),
    );

  it('a declined demo payment answers declined to every capture, at once or later, never expired; nothing is taken', async () => {
    const { c, order } = await unpaidOrder(1);
    const ref = (await start(c, order.orderID, 'demo')).searchParams.get('ref') ?? '';
    expect(await decideAtOnce(c, ref, ['decline'])).toEqual([true]);
    // Later choices answer the decline that stands.
    expect(await decideAtOnce(c, ref, ['approve', 'decline', 'approve'])).toEqual([true, true, true]);

    const answers = await captureAtOnce(c, order.orderID, ref, 5);
    const later = await call(c, 'POST', '/payment/demo/capture', { orderID: order.orderID, ref });

    expect([...answers, later].map((a) => a.code)).toEqual(Array(6).fill(code('PAYMENT_DECLINED')));
    expect((await orderRow(order.orderID))?.status).toBe('pending_payment');
    const rows = await db().select().from(payments).where(eq(payments.orderId, order.orderID));
    expect(rows.map((r) => [r.status, r.captureId])).toEqual([['declined', null]]);
    // The order still awaits payment, and another attempt pays it.
    expect((await paidWithDemo(c, order.orderID)).code).toBe(0);
  });

  it('approve and decline pressed at once: every decision and every capture answers the one that stood, and the order is paid at most once', async () => {
    for (const decisions of [
      ['decline', 'approve', 'decline', 'approve'],
      ['approve', 'decline', 'approve', 'decline'],
    ] as const) {
      const { c, order } = await unpaidOrder(1);
      const ref = (await start(c, order.orderID, 'demo')).searchParams.get('ref') ?? '';
      const cancelled = await decideAtOnce(c, ref, decisions);
      const view = await call<{ state: string }>(c, 'GET', `/payment/demo?ref=${encodeURIComponent(ref)}`);
      const isDeclined = view.data.state === 'declined';
      expect(cancelled).toEqual(decisions.map(() => isDeclined));

      const answers = await captureAtOnce(c, order.orderID, ref, 5);

      expect(answers.map((a) => a.code)).toEqual(Array(5).fill(isDeclined ? code('PAYMENT_DECLINED') : 0));
      expect((await orderRow(order.orderID))?.status).toBe(isDeclined ? 'pending_payment' : 'paid');
      const rows = await db().select().from(payments).where(eq(payments.orderId, order.orderID));
      expect(rows.map((r) => r.status)).toEqual([isDeclined ? 'declined' : 'captured']);
    }
  });
});

describe('unpaid orders at the limit, asked of their provider', () => {
  it('approved and never captured: the store captures it and the order is paid', async () => {
    const { c, order } = await unpaidOrder(1);
    const token = (await start(c, order.orderID, 'paypal')).searchParams.get('token') ?? '';
    paypal.approve(token);
    t.clock.advance(31 * 60_000);
    await t.app.expireUnpaidOrders();
    expect((await orderRow(order.orderID))?.status).toBe('paid');
  });

  it('approved but held for review: the order is kept for the next round, neither paid nor cancelled', async () => {
    const { c, order } = await unpaidOrder(1);
    const token = (await start(c, order.orderID, 'paypal')).searchParams.get('token') ?? '';
    paypal.approve(token, 'capture_pending');
    t.clock.advance(31 * 60_000);
    await t.app.expireUnpaidOrders();
    expect((await orderRow(order.orderID))?.status).toBe('pending_payment');
    // Its page says PayPal is still deciding, not that it is being cancelled.
    expect((await detailOf(c, order.orderID)).paymentPendingWith).toBe('paypal');
  });

  it('never approved: the attempt is abandoned and the order cancelled', async () => {
    const { c, order } = await unpaidOrder(1);
    await start(c, order.orderID, 'paypal');
    t.clock.advance(31 * 60_000);
    // Past its time to pay, with nothing pending: its page says it is being cancelled.
    expect(await detailOf(c, order.orderID)).toMatchObject({
      status: 'pending_payment',
      paymentPendingWith: null,
    });
    await t.app.expireUnpaidOrders();
    expect((await orderRow(order.orderID))?.status).toBe('cancelled');
    const [attempt] = await db().select().from(payments).where(eq(payments.orderId, order.orderID));
    expect(attempt?.status).toBe('abandoned');
  });
});

describe('unpaid orders', () => {
  it('expire after the configured time, returning stock, coupon use and store credit', async () => {
    const s = await shopper(2);
    const coupon = await createCoupon(db(), { kind: 'fixed', value: 300 });
    await giveCoupon(db(), s.c.user.customerID, coupon.id);
    await giveCredit(db(), s.c.user.customerID, 500);
    expect((await call(s.c, 'POST', '/cart/apply-discount', { code: coupon.code })).code).toBe(0);
    const order = await placeOrder(t.app, s.c, { addressID: s.addressID, useCredit: true });
    expect(await stockOf(s.product.id)).toBe(48);

    t.clock.advance(31 * 60_000);
    await t.app.expireUnpaidOrders();

    expect((await orderRow(order.orderID))?.status).toBe('cancelled');
    expect(await stockOf(s.product.id)).toBe(50);
    const credits = await call<{ balance: number }>(s.c, 'GET', '/customer/credits');
    expect(credits.data.balance).toBe(500);
    const wallet = await call<{ list: { code: string; status: string; usedCount: number }[] }>(
      s.c,
      'GET',
      '/customer/coupon/package',
    );
    expect(wallet.data.list.find((w) => w.code === coupon.code)).toMatchObject({
      status: 'available',
      usedCount: 0,
    });
  });

  it('an order the provider reports captured is marked paid, never cancelled', async () => {
    const { c, order, product } = await unpaidOrder(1);
    const approve = await start(c, order.orderID, 'paypal');
    const token = approve.searchParams.get('token') ?? '';
    paypal.approve(token);
    // The customer paid at PayPal but never came back to the store; the capture happened some other way.
    await paypalCaptureDirectly(token);

    t.clock.advance(31 * 60_000);
    await t.app.expireUnpaidOrders();

    expect((await orderRow(order.orderID))?.status).toBe('paid');
    expect(await stockOf(product.id)).toBe(49);
  });

  it('two API processes expiring at once cancel each order once: stock and credit come back once', async () => {
    const other = await createTestApp({
      env: { PAYMENTS_DEMO: 'true', PUBLIC_URL: 'http://localhost:3000', UNPAID_ORDER_MINUTES: '30' },
      database: t.database,
    });
    try {
      // Orders earlier tests left unpaid are expired first, so the round below finds only these three.
      t.clock.advance(31 * 60_000);
      await t.app.expireUnpaidOrders();
      const shoppers = await Promise.all([shopper(2), shopper(2), shopper(2)]);
      const placed = [];
      for (const s of shoppers) {
        await giveCredit(db(), s.c.user.customerID, 300);
        placed.push(await placeOrder(t.app, s.c, { addressID: s.addressID, useCredit: true }));
      }
      t.clock.advance(31 * 60_000);
      other.clock.set(t.clock.now());
      const [a, b] = await Promise.all([t.app.expireUnpaidOrders(), other.app.expireUnpaidOrders()]);
      expect(a.cancelled + b.cancelled).toBe(3);
      for (const [i, s] of shoppers.entries()) {
        expect((await orderRow(placed[i]?.orderID ?? 0))?.status).toBe('cancelled');
        expect(await stockOf(s.product.id)).toBe(50);
        const credits = await call<{ balance: number }>(s.c, 'GET', '/customer/credits');
        expect(credits.data.balance).toBe(300);
      }
    } finally {
      await other.app.close();
    }
  });

  it('an order younger than the limit is left alone', async () => {
    const { order } = await unpaidOrder(1);
    t.clock.advance(5 * 60_000);
    await t.app.expireUnpaidOrders();
    expect((await orderRow(order.orderID))?.status).toBe('pending_payment');
  });
});

/** Captures at the PayPal fake the way a capture that the store never heard back from would have. */
async function paypalCaptureDirectly(paypalOrderId: string) {
  expect(await captureAtPayPal(paypal, paypalOrderId)).toBe(201);
}

describe('refusals, the shop misconfigured, and captures of another amount', () => {
  const { PAYMENT_REFUSED, PAYMENT_METHOD_UNAVAILABLE, PAYMENT_AMOUNT_MISMATCH } = errorCatalogue;

  it('a capture PayPal refuses as invalid is final: the customer hears so and pays again at once', async () => {
    const { c, order } = await unpaidOrder(1);
    const token = (await start(c, order.orderID, 'paypal')).searchParams.get('token') ?? '';
    paypal.approve(token);
    let refused: Answer<unknown> | undefined;
    await whileFaulty(
      paypal,
      {
        kind: 'status',
        status: 400,
        body: {
          name: 'INVALID_REQUEST',
          message: 'Request is not well-formed',
          details: [{ issue: 'MALFORMED_REQUEST_JSON' }],
        },
      },
      { pathIncludes: '/capture' },
      async () => {
        refused = await call(c, 'POST', '/paypal/express-capture', { orderID: order.orderID, token });
      },
    );
    expect(refused?.code).toBe(PAYMENT_REFUSED.code);
    const [attempt] = await db().select().from(payments).where(eq(payments.orderId, order.orderID));
    expect(attempt).toMatchObject({ status: 'declined', capturePendingAt: null });
    // Nothing is pending: a new payment is not refused as "we are checking".
    const paid = await paidWithDemo(c, order.orderID);
    expect(paid.code).toBe(0);
    expect((await orderRow(order.orderID))?.status).toBe('paid');
  });

  it("PayPal refusing the shop's credentials: the customer may pay another way, the owner sees it on the dashboard", async () => {
    const { c, order } = await unpaidOrder(1);
    paypal.revokeTokens();
    let answer: Answer<unknown> | undefined;
    await whileFaulty(
      paypal,
      {
        kind: 'status',
        status: 401,
        body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
      },
      { pathIncludes: '/oauth2/token' },
      async () => {
        answer = await call(c, 'POST', '/payment/start', { orderID: order.orderID, provider: 'paypal' });
      },
    );
    expect(answer?.code).toBe(PAYMENT_METHOD_UNAVAILABLE.code);
    expect(answer?.msg).toBe('This way to pay is not available right now. Please choose another.');
    const owner = await addStaff(db(), 'owner');
    const dashboard = (await staffCall(t, await staffSession(t, owner.id), 'GET', '/dashboard')).json<{
      data: Dashboard;
    }>().data;
    const paypalFaults = dashboard.paymentProviderFaults.find((f) => f.provider === 'paypal');
    expect(paypalFaults?.count).toBeGreaterThanOrEqual(1);
    expect((await paidWithDemo(c, order.orderID)).code).toBe(0);
  });

  it('a capture PayPal took for another amount never pays the order, and is given back at once', async () => {
    const { c, order } = await unpaidOrder(1);
    const token = (await start(c, order.orderID, 'paypal')).searchParams.get('token') ?? '';
    paypal.approve(token);
    const held = paypal.order(token);
    if (!held) throw new Error('no PayPal order');
    held.amountCents -= 100;
    const before = paypal.moneyMovements();
    const answer = await call(c, 'POST', '/paypal/express-capture', { orderID: order.orderID, token });
    expect(answer.code).toBe(PAYMENT_AMOUNT_MISMATCH.code);
    expect((await orderRow(order.orderID))?.status).toBe('pending_payment');
    const [attempt] = await db().select().from(payments).where(eq(payments.orderId, order.orderID));
    expect(attempt).toMatchObject({
      status: 'surplus',
      amountCents: held.amountCents,
      refundedCents: held.amountCents,
    });
    // The capture and its refund.
    expect(paypal.moneyMovements() - before).toBe(2);
  });

  it('the expiry round does not pay an order from a capture of another amount: it is given back and the order cancelled', async () => {
    const { c, order } = await unpaidOrder(1);
    const token = (await start(c, order.orderID, 'paypal')).searchParams.get('token') ?? '';
    paypal.approve(token);
    const held = paypal.order(token);
    if (!held) throw new Error('no PayPal order');
    held.amountCents += 250;
    await paypalCaptureDirectly(token);
    void c;

    t.clock.advance(31 * 60_000);
    await t.app.expireUnpaidOrders();
    await t.app.refundOwed();

    expect((await orderRow(order.orderID))?.status).toBe('cancelled');
    const [attempt] = await db().select().from(payments).where(eq(payments.orderId, order.orderID));
    expect(attempt).toMatchObject({
      status: 'surplus',
      amountCents: held.amountCents,
      refundedCents: held.amountCents,
    });
  });

  it('a card PayPal declines at capture sends the payer back to the same PayPal order; another card then pays', async () => {
    const { c, order } = await unpaidOrder(1);
    const token = (await start(c, order.orderID, 'paypal')).searchParams.get('token') ?? '';
    paypal.approve(token, 'instrument_declined');
    const declined = await call(c, 'POST', '/paypal/express-capture', { orderID: order.orderID, token });
    expect(declined.code).toBe(errorCatalogue.PAYMENT_INSTRUMENT_DECLINED.code);
    expect((await orderRow(order.orderID))?.status).toBe('pending_payment');

    const created = () =>
      paypal.requests.filter((r) => r.method === 'POST' && r.path === '/v2/checkout/orders').length;
    const before = created();
    const again = await start(c, order.orderID, 'paypal');
    expect(again.searchParams.get('token')).toBe(token);
    expect(created()).toBe(before);

    paypal.approve(token);
    const paid = await call(c, 'POST', '/paypal/express-capture', { orderID: order.orderID, token });
    expect(paid.code).toBe(0);
    expect((await orderRow(order.orderID))?.status).toBe('paid');
  });

  it('two payment/start at once with one key answer the same payment, recorded once', async () => {
    const { c, order } = await unpaidOrder(1);
    const headers = { 'idempotency-key': `double-click-${order.orderID}` };
    const [a, b] = await Promise.all([
      call<{ redirectUrl: string }>(
        c,
        'POST',
        '/payment/start',
        { orderID: order.orderID, provider: 'paypal' },
        headers,
      ),
      call<{ redirectUrl: string }>(
        c,
        'POST',
        '/payment/start',
        { orderID: order.orderID, provider: 'paypal' },
        headers,
      ),
    ]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(a.data.redirectUrl).toBe(b.data.redirectUrl);
    const rows = await db().select().from(payments).where(eq(payments.orderId, order.orderID));
    expect(rows).toHaveLength(1);
  });
});

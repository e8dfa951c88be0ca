import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@storefront/contract/errors';
import { orders, outboxMails, payments } from '../../db/schema/index.js';
import { createProduct } from '../../../test/catalog-factories.js';
import { addAddress, addToCart, bearer, placeOrder, registerCustomer } from '../../../test/factories.js';
import {
  captureAtPayPal,
  startPayPalFake,
  type PayPalFake,
  type PayPalPayerOutcome,
} from '../../../test/fakes/paypal-fake.js';
import { whileFaulty } from '../../../test/fakes/fake-http.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { renderedMail } from '../mail/outbox.repo.js';

// The store's two rounds (unpaid orders past the limit, refunds still owed) on a database of their own, so what
// each round says it did can be counted exactly.
let t: TestApp;
let paypal: PayPalFake;
let env: Record<string, string>;

beforeAll(async () => {
  paypal = await startPayPalFake();
  env = {
    PUBLIC_URL: 'http://localhost:3000',
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_API_BASE: paypal.url,
    PAYMENT_TIMEOUT_MS: '2000',
    UNPAID_ORDER_MINUTES: '30',
  };
  t = await createTestApp({ env });
});
afterAll(async () => {
  await t?.close();
  await paypal?.close();
});

const db = () => t.database.db;

async function call(token: string, method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });
  return res.json<{ code: number; msg: string; data: unknown }>();
}

/** An unpaid order; with a PayPal payment started, and approved with `outcome` when one is given. */
async function unpaidOrder(paypalOutcome?: PayPalPayerOutcome | 'started') {
  const c = await registerCustomer(t.app);
  const addressID = await addAddress(t.app, c);
  const product = await createProduct(db(), { priceCents: 1500, stock: 20 });
  await addToCart(t.app, c, product.id, 1);
  const order = await placeOrder(t.app, c, { addressID });
  let token = '';
  if (paypalOutcome) {
    const started = await call(c.token, 'POST', '/payment/start', {
      orderID: order.orderID,
      provider: 'paypal',
    });
    token = new URL((started.data as { redirectUrl: string }).redirectUrl).searchParams.get('token') ?? '';
    if (paypalOutcome !== 'started') paypal.approve(token, paypalOutcome);
  }
  return { c, orderID: order.orderID, token };
}

/** The order mails written for `email`, oldest first (registration's verification mail left out). */
async function orderMailsTo(email: string) {
  const rows = await db()
    .select()
    .from(outboxMails)
    .where(eq(outboxMails.toAddress, email))
    .orderBy(outboxMails.id);
  return rows.map(renderedMail).filter((m) => m.subject.includes('SO-'));
}

/** Runs `step` while PayPal answers 503 to every call whose path includes `pathIncludes`. */
const whilePayPalDown = (pathIncludes: string, step: () => Promise<void>) =>
  whileFaulty(paypal, { kind: 'status', status: 503 }, { pathIncludes }, step);

/** How often the store has asked PayPal what became of the payment `token` names. */
const statusReadsOf = (token: string) =>
  paypal.requests.filter((r) => r.method === 'GET' && r.path.endsWith(token)).length;

const paymentOf = async (orderID: number) =>
  (await db().select().from(payments).where(eq(payments.orderId, orderID)))[0];

async function statusOf(orderID: number) {
  const [row] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, orderID));
  return row?.status;
}

describe('payments asked of a store configured without the demo', () => {
  it("an order that is not the customer's answers not found; the demo's calls answer that it is not offered", async () => {
    const c = await registerCustomer(t.app);
    const missing = await call(c.token, 'POST', '/payment/start', {
      orderID: 2_000_000_000,
      provider: 'paypal',
    });
    expect(missing).toMatchObject({ code: errorCatalogue.NOT_FOUND.code, msg: 'No such order.' });
    const res = await t.app.inject({ url: '/api/v1/payment/demo?ref=DEMO-1', headers: bearer(c.token) });
    expect(res.json<{ code: number }>().code).toBe(errorCatalogue.PAYMENT_METHOD_UNAVAILABLE.code);
  });
});

describe("the store's rounds, counted", () => {
  it('unpaid orders: paid when the provider took the money, kept while it cannot say, cancelled otherwise', async () => {
    const approved = await unpaidOrder('approve');
    const underReview = await unpaidOrder('capture_pending');
    const neverApproved = await unpaidOrder('started');
    const declinedAtCapture = await unpaidOrder('capture_declined');
    const noPayment = await unpaidOrder();
    t.clock.advance(31 * 60_000);
    expect(await t.app.expireUnpaidOrders()).toEqual({ cancelled: 3, paid: 1 });
    expect(await statusOf(approved.orderID)).toBe('paid');
    const again = await call(approved.c.token, 'POST', '/payment/start', {
      orderID: approved.orderID,
      provider: 'paypal',
    });
    expect(again.code).toBe(errorCatalogue.ORDER_NOT_PAYABLE.code);
    expect(await statusOf(underReview.orderID)).toBe('pending_payment');
    expect(await statusOf(neverApproved.orderID)).toBe('cancelled');
    // Approved, but the card is declined when the store captures: the attempt is over and so is the order.
    expect(await statusOf(declinedAtCapture.orderID)).toBe('cancelled');
    expect(await statusOf(noPayment.orderID)).toBe('cancelled');

    // PayPal unreachable: nothing is decided about an order whose payment it cannot report on.
    const unanswered = await unpaidOrder('started');
    t.clock.advance(31 * 60_000);
    await whilePayPalDown('/v2/checkout/orders/', async () => {
      expect(await t.app.expireUnpaidOrders()).toEqual({ cancelled: 0, paid: 0 });
    });
    expect(await statusOf(unanswered.orderID)).toBe('pending_payment');
    expect(await statusOf(underReview.orderID)).toBe('pending_payment');

    // Each is asked again a minute later, then after two, four… minutes while it stays undecided.
    expect(await t.app.expireUnpaidOrders()).toEqual({ cancelled: 0, paid: 0 });
    t.clock.advance(61_000);
    expect(await t.app.expireUnpaidOrders()).toEqual({ cancelled: 1, paid: 0 });
    expect(await statusOf(unanswered.orderID)).toBe('cancelled');
    expect(await statusOf(underReview.orderID)).toBe('pending_payment');
  });

  it('a capture held at PayPal keeps the order; one that fails outright keeps it too, and the next round pays it', async () => {
    const held = await unpaidOrder('capture_pending');
    const tried = await call(held.c.token, 'POST', '/paypal/express-capture', {
      orderID: held.orderID,
      token: held.token,
    });
    expect(tried.code).toBe(errorCatalogue.PAYMENT_UNCONFIRMED.code);
    const approved = await unpaidOrder('approve');
    const paidAtPayPal = await unpaidOrder('approve');
    expect(await captureAtPayPal(paypal, paidAtPayPal.token)).toBe(201);
    t.clock.advance(31 * 60_000);
    await whilePayPalDown('/capture', async () => {
      // Only the payment PayPal already took is settled: the store's own capture cannot get through.
      expect(await t.app.expireUnpaidOrders()).toEqual({ cancelled: 0, paid: 1 });
    });
    expect(await statusOf(paidAtPayPal.orderID)).toBe('paid');
    expect(await statusOf(held.orderID)).toBe('pending_payment');
    expect(await statusOf(approved.orderID)).toBe('pending_payment');
    t.clock.advance(61_000);
    expect(await t.app.expireUnpaidOrders()).toEqual({ cancelled: 0, paid: 1 });
    expect(await statusOf(approved.orderID)).toBe('paid');
    expect(await statusOf(held.orderID)).toBe('pending_payment');
  });

  it('money PayPal took for an order cancelled while the capture was unconfirmed is found by the refund round, given back once and mailed about', async () => {
    const taken = await unpaidOrder('approve');
    const neverTaken = await unpaidOrder('approve');
    for (const { c, orderID } of [taken, neverTaken]) {
      expect((await call(c.token, 'PUT', '/order/cancel', { orderID })).code).toBe(0);
    }
    // The store's capture reached PayPal and went through, but its answer never came back.
    expect(await captureAtPayPal(paypal, taken.token)).toBe(201);
    const moved = paypal.moneyMovements();
    t.clock.advance(2 * 60_000);

    expect(await t.app.refundOwed()).toEqual({ refunded: 1, failed: 0, unsettled: 0 });
    const refunded = await paymentOf(taken.orderID);
    expect(refunded?.status).toBe('surplus');
    expect(refunded?.refundedCents).toBe(refunded?.amountCents);
    expect(refunded?.amountCents).toBeGreaterThan(0);
    // Approved but never captured: nothing was taken, and the store never captures it for a cancelled order.
    expect((await paymentOf(neverTaken.orderID))?.status).toBe('abandoned');
    expect(paypal.moneyMovements() - moved).toBe(1);
    expect(await t.app.refundOwed()).toEqual({ refunded: 0, failed: 0, unsettled: 0 });
    expect(paypal.moneyMovements() - moved).toBe(1);

    // Each cancel said a payment still undecided would come back; only the one PayPal took gets a mail saying so.
    const amount = `$${((refunded?.amountCents ?? 0) / 100).toFixed(2)}`;
    const takenMails = await orderMailsTo(taken.c.email);
    expect(takenMails.map((m) => m.subject)).toEqual([
      `We have your order SO-${taken.orderID}: it awaits payment`,
      `Order SO-${taken.orderID} is cancelled`,
      `Order SO-${taken.orderID}: we are giving back ${amount}`,
    ]);
    expect(takenMails[1]?.text).toContain('If the payment you started still goes through, we give it back');
    expect(takenMails[2]?.text).toContain(
      `PayPal took ${amount} for order SO-${taken.orderID} after it was cancelled`,
    );
    expect((await orderMailsTo(neverTaken.c.email)).map((m) => m.subject)).toEqual([
      `We have your order SO-${neverTaken.orderID}: it awaits payment`,
      `Order SO-${neverTaken.orderID} is cancelled`,
    ]);
  });

  it('a payment touched in the last minute is left to the customer, who may be capturing it, and looked at after', async () => {
    const { c, orderID, token } = await unpaidOrder('approve');
    expect((await call(c.token, 'PUT', '/order/cancel', { orderID })).code).toBe(0);
    expect(await captureAtPayPal(paypal, token)).toBe(201);
    const askedAbout = () => statusReadsOf(token);
    const asked = askedAbout();

    t.clock.advance(30_000);
    expect(await t.app.refundOwed()).toEqual({ refunded: 0, failed: 0, unsettled: 0 });
    expect(askedAbout()).toBe(asked);
    expect((await paymentOf(orderID))?.status).toBe('started');

    t.clock.advance(31_000);
    expect(await t.app.refundOwed()).toEqual({ refunded: 1, failed: 0, unsettled: 0 });
    expect(askedAbout()).toBe(asked + 1);
    const refunded = await paymentOf(orderID);
    expect(refunded?.status).toBe('surplus');
    expect(refunded?.refundedCents).toBe(refunded?.amountCents);
  });

  it('two processes whose refund rounds find the same payment taken for a cancelled order give it back once and mail once', async () => {
    const { c, orderID, token } = await unpaidOrder('approve');
    expect((await call(c.token, 'PUT', '/order/cancel', { orderID })).code).toBe(0);
    expect(await captureAtPayPal(paypal, token)).toBe(201);
    t.clock.advance(2 * 60_000);
    const other = await createTestApp({ env, database: t.database });
    other.clock.set(t.clock.now());
    const moved = paypal.moneyMovements();
    const askedAbout = () => statusReadsOf(token);
    const asked = askedAbout();
    let answer: () => void = () => undefined;
    const bothAsked = new Promise<void>((resolve) => (answer = resolve));
    try {
      // PayPal answers neither round until both have asked: each found the payment started and acts on it.
      await whileFaulty(paypal, { kind: 'held', until: bothAsked }, { pathIncludes: token }, async () => {
        const rounds = Promise.all([t.app.refundOwed(), other.app.refundOwed()]);
        await vi.waitFor(() => expect(askedAbout()).toBe(asked + 2));
        answer();
        const [first, second] = await rounds;
        expect(first.failed + second.failed).toBe(0);
      });
    } finally {
      await other.close();
    }

    const payment = await paymentOf(orderID);
    expect(payment?.status).toBe('surplus');
    expect(payment?.refundedCents).toBe(payment?.amountCents);
    expect(paypal.moneyMovements() - moved).toBe(1);
    const amount = `$${((payment?.amountCents ?? 0) / 100).toFixed(2)}`;
    expect((await orderMailsTo(c.email)).map((m) => m.subject)).toEqual([
      `We have your order SO-${orderID}: it awaits payment`,
      `Order SO-${orderID} is cancelled`,
      `Order SO-${orderID}: we are giving back ${amount}`,
    ]);
  });

  it('a customer can cancel an unpaid order while PayPal cannot be asked about its payment', async () => {
    const { c, orderID } = await unpaidOrder('approve');
    await whilePayPalDown('/v2/checkout/orders/', async () => {
      expect((await call(c.token, 'PUT', '/order/cancel', { orderID })).code).toBe(0);
    });
    expect(await statusOf(orderID)).toBe('cancelled');
    // Left to the refund round, which asks PayPal again later.
    expect((await paymentOf(orderID))?.status).toBe('started');
  });

  it('a payment left on a cancelled order that PayPal cannot report on, or holds for review, is asked again, never given up on', async () => {
    const unreachable = await unpaidOrder('approve');
    const underReview = await unpaidOrder('capture_pending');
    const held = await call(underReview.c.token, 'POST', '/paypal/express-capture', {
      orderID: underReview.orderID,
      token: underReview.token,
    });
    expect(held.code).toBe(errorCatalogue.PAYMENT_UNCONFIRMED.code);
    for (const { c, orderID } of [unreachable, underReview]) {
      expect((await call(c.token, 'PUT', '/order/cancel', { orderID })).code).toBe(0);
    }
    t.clock.advance(2 * 60_000);
    await whilePayPalDown('/v2/checkout/orders/', async () => {
      expect(await t.app.refundOwed()).toEqual({ refunded: 0, failed: 0, unsettled: 0 });
    });
    expect((await paymentOf(unreachable.orderID))?.status).toBe('started');

    // PayPal had taken the money after all (a capture whose answer was lost): the next round gives it back, and
    // keeps asking about the one PayPal still holds for review.
    expect(await captureAtPayPal(paypal, unreachable.token)).toBe(201);
    t.clock.advance(5 * 60_000);
    expect(await t.app.refundOwed()).toEqual({ refunded: 1, failed: 0, unsettled: 0 });
    const refunded = await paymentOf(unreachable.orderID);
    expect(refunded?.status).toBe('surplus');
    expect(refunded?.refundedCents).toBe(refunded?.amountCents);
    const reviewed = await paymentOf(underReview.orderID);
    expect(reviewed?.status).toBe('started');
    expect(reviewed?.retries).toBe(2);
  });

  it('a cancel after PayPal took the money unheard first pays the order, then refunds it through PayPal and says so', async () => {
    const { c, orderID, token } = await unpaidOrder('approve');
    expect(await captureAtPayPal(paypal, token)).toBe(201);
    const moved = paypal.moneyMovements();

    expect((await call(c.token, 'PUT', '/order/cancel', { orderID })).code).toBe(0);
    expect(await statusOf(orderID)).toBe('cancelled');
    const payment = await paymentOf(orderID);
    expect(payment?.status).toBe('captured');
    expect(payment?.refundedCents).toBe(payment?.amountCents);
    expect(paypal.moneyMovements() - moved).toBe(1);
    const mails = await orderMailsTo(c.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `We have your order SO-${orderID}: it awaits payment`,
      `Order SO-${orderID} is paid and confirmed`,
      `Order SO-${orderID} is cancelled`,
    ]);
    const amount = `$${((payment?.amountCents ?? 0) / 100).toFixed(2)}`;
    expect(mails[2]?.text).toContain(`${amount} goes back through PayPal`);
    // Nothing is left for the round.
    t.clock.advance(2 * 60_000);
    expect(await t.app.refundOwed()).toEqual({ refunded: 0, failed: 0, unsettled: 0 });
    expect(paypal.moneyMovements() - moved).toBe(1);
  });

  it('an attempt the round gave up on cannot pay the order afterwards, though the order still awaits another', async () => {
    const { c, orderID, token: givenUp } = await unpaidOrder('started');
    const second = await call(c.token, 'POST', '/payment/start', { orderID, provider: 'paypal' });
    const undecided =
      new URL((second.data as { redirectUrl: string }).redirectUrl).searchParams.get('token') ?? '';
    t.clock.advance(31 * 60_000);
    // PayPal cannot say what became of the second attempt: the order is kept, the first attempt given up.
    await whilePayPalDown(undecided, async () => {
      expect(await t.app.expireUnpaidOrders()).toEqual({ cancelled: 0, paid: 0 });
    });
    expect(await statusOf(orderID)).toBe('pending_payment');

    paypal.approve(givenUp);
    const moved = paypal.moneyMovements();
    const late = await call(c.token, 'POST', '/paypal/express-capture', { orderID, token: givenUp });
    expect(late.code).toBe(errorCatalogue.PAYMENT_EXPIRED.code);
    expect(paypal.moneyMovements()).toBe(moved);
    expect(await statusOf(orderID)).toBe('pending_payment');
  });

  it('owed refunds: failed while the provider refuses, refunded once when it takes them, then nothing left', async () => {
    const { c, orderID, token } = await unpaidOrder('approve');
    expect((await call(c.token, 'POST', '/paypal/express-capture', { orderID, token })).code).toBe(0);
    paypal.injectFault({ kind: 'status', status: 503 }, { pathIncludes: '/refund' });
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      expect((await call(c.token, 'PUT', '/order/cancel', { orderID })).code).toBe(0);
      warn.mockClear();
      expect(await t.app.refundOwed()).toEqual({ refunded: 0, failed: 1, unsettled: 0 });
      const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderID));
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ paymentId: payment?.id, outcome: 'postponed' }),
        'owed refund not made',
      );
    } finally {
      warn.mockRestore();
      paypal.clearFaults();
    }
    // Left for a minute after failing, then taken.
    expect(await t.app.refundOwed()).toEqual({ refunded: 0, failed: 0, unsettled: 0 });
    t.clock.advance(61_000);
    expect(await t.app.refundOwed()).toEqual({ refunded: 1, failed: 0, unsettled: 0 });
    expect(await t.app.refundOwed()).toEqual({ refunded: 0, failed: 0, unsettled: 0 });
  });

  it('refunds a provider cannot be reached for are tried less and less often and never hold up the ones behind them', async () => {
    // A round's worth of refunds PayPal cannot be reached for, older than one it takes.
    const refused = await unpaidOrder();
    expect((await call(refused.c.token, 'PUT', '/order/cancel', { orderID: refused.orderID })).code).toBe(0);
    await db()
      .insert(payments)
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          orderId: refused.orderID,
          provider: 'paypal' as const,
          providerRef: `REFUSED-${refused.orderID}-${i}`,
          amountCents: 100,
          status: 'surplus' as const,
          captureId: `UNKNOWN-CAPTURE-${refused.orderID}-${i}`,
        })),
      );
    const fine = await unpaidOrder('approve');
    const paid = await call(fine.c.token, 'POST', '/paypal/express-capture', {
      orderID: fine.orderID,
      token: fine.token,
    });
    expect(paid.code).toBe(0);
    paypal.injectFault({ kind: 'status', status: 503 }, { pathIncludes: '/refund', times: 1 });
    expect((await call(fine.c.token, 'PUT', '/order/cancel', { orderID: fine.orderID })).code).toBe(0);
    const owedToFine = async () => {
      const [row] = await db().select().from(payments).where(eq(payments.orderId, fine.orderID));
      return (row?.amountCents ?? 0) - (row?.refundedCents ?? 0);
    };
    expect(await owedToFine()).toBeGreaterThan(0);

    paypal.injectFault({ kind: 'status', status: 503 }, { pathIncludes: 'UNKNOWN-CAPTURE' });
    const warn = vi.spyOn(t.app.log, 'warn').mockImplementation(() => undefined);
    try {
      // The oldest fifty fail and are left for a minute; the next round reaches the one behind them.
      expect(await t.app.refundOwed()).toEqual({ refunded: 0, failed: 50, unsettled: 0 });
      expect(await t.app.refundOwed()).toEqual({ refunded: 1, failed: 0, unsettled: 0 });
      expect(await owedToFine()).toBe(0);
      // Then a minute, two minutes, four… between tries of each refused one.
      t.clock.advance(61_000);
      expect(await t.app.refundOwed()).toEqual({ refunded: 0, failed: 50, unsettled: 0 });
      t.clock.advance(61_000);
      expect(await t.app.refundOwed()).toEqual({ refunded: 0, failed: 0, unsettled: 0 });
      t.clock.advance(61_000);
      expect(await t.app.refundOwed()).toEqual({ refunded: 0, failed: 50, unsettled: 0 });
    } finally {
      warn.mockRestore();
      paypal.clearFaults();
    }
    await db().delete(payments).where(eq(payments.orderId, refused.orderID));
  });

  it('a refund of a capture PayPal has no record of is left to a person at once, not tried again', async () => {
    const refused = await unpaidOrder();
    expect((await call(refused.c.token, 'PUT', '/order/cancel', { orderID: refused.orderID })).code).toBe(0);
    await db()
      .insert(payments)
      .values({
        orderId: refused.orderID,
        provider: 'paypal',
        providerRef: `UNKNOWN-ORDER-${refused.orderID}`,
        amountCents: 100,
        status: 'surplus',
        captureId: `UNKNOWN-CAPTURE-${refused.orderID}`,
      });
    const warn = vi.spyOn(t.app.log, 'warn').mockImplementation(() => undefined);
    try {
      expect(await t.app.refundOwed()).toEqual({ refunded: 0, failed: 0, unsettled: 1 });
      t.clock.advance(7 * 3_600_000);
      expect(await t.app.refundOwed()).toEqual({ refunded: 0, failed: 0, unsettled: 0 });
    } finally {
      warn.mockRestore();
    }
    const [row] = await db().select().from(payments).where(eq(payments.orderId, refused.orderID));
    expect(row?.refundUnsettledReason).toMatch(/no record/);
    await db().delete(payments).where(eq(payments.orderId, refused.orderID));
  });
});

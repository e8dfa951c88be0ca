import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffOrderDetail } from '@storefront/contract/fulfilment';
import type { OrderDetail } from '@storefront/contract/order';
import type { Dashboard } from '@storefront/contract/staff';
import {
  auditLog,
  creditLedger,
  demoRefunds,
  orderRefunds,
  orderStatusHistory,
  outboxMails,
  payments,
  products,
} from '../../db/schema/index.js';
import { createProduct, giveCredit } from '../../../test/catalog-factories.js';
import { addAddress, addToCart, bearer, registerCustomer, type Customer } from '../../../test/factories.js';
import { addStaff, staffCall, staffSession } from '../../../test/staff-factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { renderedMail } from '../mail/outbox.repo.js';

const STORE = 'http://localhost:3000';
let t: TestApp;
let owner: string;
let picker: string;
let pickerId: number;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: STORE, PAYMENTS_DEMO: 'true', UNPAID_ORDER_MINUTES: '30' } });
  owner = await staffSession(t, (await addStaff(db(), 'owner')).id);
  pickerId = (await addStaff(db(), 'picker')).id;
  picker = await staffSession(t, pickerId);
});
afterAll(() => t?.close());

async function call<T>(c: Customer, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(c.token),
    ...(payload ? { payload } : {}),
  });
  return res.json<{ code: number; msg: string; data: T }>();
}

async function staff<T = StaffOrderDetail>(
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  const res = await staffCall(t, token, method, url, payload ?? (method === 'POST' ? {} : undefined));
  return { statusCode: res.statusCode, ...res.json<{ code: number; msg: string; data: T }>() };
}

/**
 * A paid order: 3 apples at $4.50 (GST-free), 2 teas at $12.00 which the customer lets be substituted, 1 chocolate
 * at $20.00 which they do not; paid through the demo provider. Answers the customer, the order and its products.
 */
async function paidOrder() {
  const c = await registerCustomer(t.app);
  const addressID = await addAddress(t.app, c);
  const apples = await createProduct(db(), { name: 'Apples', priceCents: 450, stock: 50, gstFree: true });
  const tea = await createProduct(db(), { name: 'Tea', priceCents: 1200, stock: 50 });
  const cheaperTea = await createProduct(db(), { name: 'Cheaper tea', priceCents: 900, stock: 50 });
  const chocolate = await createProduct(db(), { name: 'Chocolate', priceCents: 2000, stock: 50 });
  await addToCart(t.app, c, apples.id, 3);
  await addToCart(t.app, c, tea.id, 2);
  await addToCart(t.app, c, chocolate.id, 1);
  const placed = await call<OrderDetail>(c, 'POST', '/order/create', {
    addressID,
    shippingService: 'standard',
    useCredit: false,
  });
  expect(placed.code, placed.msg).toBe(0);
  await call(c, 'PUT', '/order/substitutes', {
    orderID: placed.data.orderID,
    noSubstituteProductIDs: [chocolate.id],
  });
  await payThroughDemo(c, placed.data.orderID);
  return { c, order: placed.data, apples, tea, cheaperTea, chocolate };
}

/** Pays what the order still owes through the demo provider, approved and captured. */
async function payThroughDemo(c: Customer, orderID: number): Promise<void> {
  const start = await call<{ redirectUrl: string }>(c, 'POST', '/payment/start', {
    orderID,
    provider: 'demo',
  });
  const ref = new URL(start.data.redirectUrl, STORE).searchParams.get('ref') ?? '';
  await call(c, 'POST', '/payment/demo/decide', { ref, decision: 'approve' });
  expect((await call(c, 'POST', '/payment/demo/capture', { orderID, ref })).code).toBe(0);
}

async function demoRefunded(orderID: number) {
  const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderID));
  if (!payment?.captureId) return 0;
  const rows = await db().select().from(demoRefunds).where(eq(demoRefunds.captureId, payment.captureId));
  return rows.reduce((n, r) => n + r.amountCents, 0);
}

describe('an order picked, packed short with a substitute, dispatched and delivered', () => {
  it('refunds what was not sent once, through the provider, and the customer sees every move and mail', async () => {
    const { c, order, apples, tea, cheaperTea, chocolate } = await paidOrder();
    const id = order.orderID;
    const paidTotal = order.totals.total;

    // Packing before picking is refused, saying why.
    const early = await staff(picker, 'POST', `/orders/${id}/pack`, { lines: [] });
    expect(early.code).toBe(100611);
    expect(early.msg).toContain('It is paid and not yet being picked');

    const courierToSend = async () => {
      const board = await staff<Dashboard>(owner, 'GET', '/dashboard');
      return board.data.days[0]?.windows.find((w) => w.windowID === null)?.orders ?? 0;
    };
    const toSendWhenPaid = await courierToSend();
    expect(toSendWhenPaid).toBeGreaterThan(0);
    expect((await staff(picker, 'POST', `/orders/${id}/start-picking`)).data.order.status).toBe('picking');
    // The customer can no longer cancel.
    expect((await call(c, 'PUT', '/order/cancel', { orderID: id })).code).toBe(100601);

    // The customer allowed no substitute for the chocolate.
    const refusedSub = await staff(picker, 'POST', `/orders/${id}/pack`, {
      lines: [{ lineID: chocolate.id, packedQuantity: 1, substituteProductID: cheaperTea.id }],
    });
    expect(refusedSub.code).toBe(100612);

    // A substitute the shelf has too few of is refused, and nothing is packed.
    const scarce = await createProduct(db(), { name: 'Scarce tea', priceCents: 800, stock: 1 });
    const tooFew = await staff(picker, 'POST', `/orders/${id}/pack`, {
      lines: [{ lineID: tea.id, packedQuantity: 2, substituteProductID: scarce.id }],
    });
    expect(tooFew).toMatchObject({ statusCode: 200, code: 100401 });
    const teaStock =
      (await db().select().from(products).where(eq(products.id, cheaperTea.id)))[0]?.stock ?? 0;
    // One apple short; the tea swapped for the cheaper one (charged $9.00 instead of $12.00, two of them).
    const body = {
      lines: [
        { lineID: apples.id, packedQuantity: 2 },
        { lineID: tea.id, packedQuantity: 2, substituteProductID: cheaperTea.id },
      ],
    };
    const packs = await Promise.all(
      Array.from({ length: 20 }, () => staff(picker, 'POST', `/orders/${id}/pack`, body)),
    );
    expect(packs.map((p) => p.code)).toEqual(packs.map(() => 0));
    const expectedRefund = 450 + 2 * (1200 - 900);
    expect(await demoRefunded(id)).toBe(expectedRefund);
    const packed = packs[0]?.data;
    expect(packed?.order.status).toBe('packed');
    // Picked and packed, a courier order is still one to send on the dashboard.
    expect(await courierToSend()).toBe(toSendWhenPaid);
    expect(packed?.order.refunds).toEqual([
      expect.objectContaining({ amount: expectedRefund, byProvider: expectedRefund, asCredit: 0 }),
    ]);
    expect(packed?.refundable).toBe(paidTotal - expectedRefund);
    const lines = packed?.order.lines ?? [];
    expect(lines.find((l) => l.productID === apples.id)).toMatchObject({
      quantity: 3,
      packedQuantity: 2,
      substitute: null,
    });
    expect(lines.find((l) => l.productID === tea.id)).toMatchObject({
      packedQuantity: 2,
      substitute: { productID: cheaperTea.id, name: 'Cheaper tea', price: 900 },
    });
    expect(lines.find((l) => l.productID === chocolate.id)).toMatchObject({ packedQuantity: 1 });
    expect((await db().select().from(products).where(eq(products.id, cheaperTea.id)))[0]?.stock).toBe(
      teaStock - 2,
    );
    // The ledger reconciles: what was paid is what is delivered plus what went back.
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, id));
    expect(payment?.refundedCents).toBe(expectedRefund);
    const historyAfterPack = await db()
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id));
    expect(historyAfterPack.filter((h) => h.status === 'packed')).toHaveLength(1);

    // Dispatched: out for delivery (a delivery window's van) or shipped (courier, with its reference).
    const isCourier = packed?.order.deliveryWindow === null;
    const dispatched = await staff(
      owner,
      'POST',
      `/orders/${id}/dispatch`,
      isCourier ? { trackingReference: 'AP123456' } : {},
    );
    expect(dispatched.code, dispatched.msg).toBe(0);
    expect(dispatched.data.order.status).toBe(isCourier ? 'shipped' : 'out_for_delivery');
    const delivered = await staff(owner, 'POST', `/orders/${id}/deliver`);
    expect(delivered.data.order.status).toBe('delivered');
    // The "awaits payment" mail, withdrawn when the order was paid before it left, is not a failure.
    const awaiting = delivered.data.mails.find((m) => m.subject.includes('awaits payment'));
    expect(awaiting?.status).toBe('withdrawn');
    const dashboard = await staff<{ mailsFailing: number }>(owner, 'GET', '/dashboard');
    expect(dashboard.data.mailsFailing).toBe(0);
    // The staff's view lists the order's own mails.
    expect(delivered.data.mails.map((m) => m.subject)).toContain(`Order SO-${id} is packed`);
    expect(delivered.data.mails.every((m) => new RegExp(`\\bSO-${id}\\b`).test(m.subject))).toBe(true);
    expect((await staff(owner, 'POST', `/orders/${id}/deliver`)).data.order.status).toBe('delivered');

    const seen = await call<OrderDetail>(c, 'GET', `/order/detail?orderID=${id}`);
    expect(seen.data.history.map((h) => h.status)).toEqual([
      'pending_payment',
      'paid',
      'picking',
      'packed',
      isCourier ? 'shipped' : 'out_for_delivery',
      'delivered',
    ]);
    expect(seen.data.canCancel).toBe(false);
    const subjects = (await db().select().from(outboxMails).where(eq(outboxMails.toAddress, c.email)))
      .map(renderedMail)
      .map((m) => m.subject)
      .filter((s) => s.includes(`SO-${id}`));
    expect(subjects).toEqual(
      expect.arrayContaining([
        `Order SO-${id} is packed`,
        isCourier ? `Order SO-${id} has shipped` : `Order SO-${id} is on its way`,
        `Order SO-${id} is delivered`,
      ]),
    );
    const packedMail = (await db().select().from(outboxMails).where(eq(outboxMails.toAddress, c.email)))
      .map(renderedMail)
      .find((m) => m.subject === `Order SO-${id} is packed`);
    expect(packedMail?.text).toContain('Cheaper tea instead of Tea');
    expect(packedMail?.text).toContain('$10.50 comes back to you');
    // Its invoice lists what was delivered.
    expect(packedMail?.text).toContain('Apples × 2 (3 ordered)');
    expect(packedMail?.text).toContain('Cheaper tea (instead of Tea) × 2 #');

    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    expect(audit.map((a) => a.action).sort()).toEqual(
      [
        'order.delivered',
        'order.packed',
        'order.picking',
        isCourier ? 'order.shipped' : 'order.out_for_delivery',
      ].sort(),
    );
  });

  it('a refund after delivery is bounded by what is left, goes the way the money came, and is audited', async () => {
    const { order, apples } = await paidOrder();
    const id = order.orderID;
    await staff(picker, 'POST', `/orders/${id}/start-picking`);
    await staff(picker, 'POST', `/orders/${id}/pack`, { lines: [] });
    const before = await demoRefunded(id);
    expect(before).toBe(0);
    // A picker may not refund.
    expect(
      (await staff(picker, 'POST', `/orders/${id}/refund`, { amountCents: 100, reason: 'Squashed' }))
        .statusCode,
    ).toBe(403);
    const tooMuch = await staff(owner, 'POST', `/orders/${id}/refund`, {
      amountCents: order.totals.total + 1,
      reason: 'All of it',
    });
    expect(tooMuch.code).toBe(100613);
    const refunded = await staff(owner, 'POST', `/orders/${id}/refund`, {
      amountCents: 450,
      reason: 'An apple arrived bruised',
      lineID: apples.id,
    });
    expect(refunded.code, refunded.msg).toBe(0);
    expect(refunded.data.refundable).toBe(order.totals.total - 450);
    expect(await demoRefunded(id)).toBe(450);
    const rest = await staff(owner, 'POST', `/orders/${id}/refund`, {
      amountCents: order.totals.total - 450,
      reason: 'Goodwill',
    });
    expect(rest.data.refundable).toBe(0);
    expect(
      (await staff(owner, 'POST', `/orders/${id}/refund`, { amountCents: 1, reason: 'More' })).code,
    ).toBe(100613);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    expect(audit.filter((a) => a.action === 'order.refunded')).toHaveLength(2);
  });

  it('an order paid partly with credit is refunded through the provider first, then as credit, never beyond', async () => {
    const c = await registerCustomer(t.app);
    const addressID = await addAddress(t.app, c);
    await giveCredit(db(), c.user.customerID, 1000);
    const apples = await createProduct(db(), { name: 'Apples', priceCents: 450, stock: 50, gstFree: true });
    const chocolate = await createProduct(db(), { name: 'Chocolate', priceCents: 2000, stock: 50 });
    await addToCart(t.app, c, apples.id, 3);
    await addToCart(t.app, c, chocolate.id, 1);
    const placed = await call<OrderDetail>(c, 'POST', '/order/create', {
      addressID,
      shippingService: 'standard',
      useCredit: true,
    });
    expect(placed.code, placed.msg).toBe(0);
    const id = placed.data.orderID;
    const total = placed.data.totals.total;
    await payThroughDemo(c, id);
    const byProvider = total - 1000;
    expect(byProvider).toBeGreaterThan(2000);
    const creditBack = async () =>
      (await db().select().from(creditLedger).where(eq(creditLedger.orderId, id)))
        .filter((e) => e.reason === 'order_refund')
        .reduce((n, e) => n + e.amountCents, 0);

    // The chocolate is not sent: its $20.00 goes back through the provider, which took more than that.
    await staff(picker, 'POST', `/orders/${id}/start-picking`);
    const packed = await staff(picker, 'POST', `/orders/${id}/pack`, {
      lines: [{ lineID: chocolate.id, packedQuantity: 0 }],
    });
    expect(packed.code, packed.msg).toBe(0);
    expect(await demoRefunded(id)).toBe(2000);
    expect(await creditBack()).toBe(0);
    expect(packed.data.refundable).toBe(total - 2000);

    // The rest: what the provider took and has not given back, then the credit spent, as credit.
    const rest = await staff(owner, 'POST', `/orders/${id}/refund`, {
      amountCents: total - 2000,
      reason: 'Goodwill',
    });
    expect(rest.code, rest.msg).toBe(0);
    expect(await demoRefunded(id)).toBe(byProvider);
    expect(await creditBack()).toBe(1000);
    expect(rest.data.refundable).toBe(0);
    expect(
      (await staff(owner, 'POST', `/orders/${id}/refund`, { amountCents: 1, reason: 'More' })).code,
    ).toBe(100613);
  });

  it('staff may cancel while picking: stock and window place go back and what was paid is refunded', async () => {
    const { order, apples } = await paidOrder();
    const id = order.orderID;
    await staff(picker, 'POST', `/orders/${id}/start-picking`);
    const stock = (await db().select().from(products).where(eq(products.id, apples.id)))[0]?.stock ?? 0;
    expect((await staff(picker, 'POST', `/orders/${id}/cancel`, { reason: 'x' })).statusCode).toBe(403);
    const cancelled = await staff(owner, 'POST', `/orders/${id}/cancel`, { reason: 'Out of everything' });
    expect(cancelled.data.order.status).toBe('cancelled');
    expect((await db().select().from(products).where(eq(products.id, apples.id)))[0]?.stock).toBe(stock + 3);
    expect(await demoRefunded(id)).toBe(order.totals.total);
    const moves = cancelled.data.moves;
    expect(moves.at(-1)).toMatchObject({ status: 'cancelled', by: 'staff', staffName: 'Test owner' });
  });

  it('a pack whose process died before the provider refund leaves it owed: the refund round makes it once', async () => {
    const { order } = await paidOrder();
    const id = order.orderID;
    await staff(picker, 'POST', `/orders/${id}/start-picking`);
    // What pack's transaction commits, without the provider call it makes after the commit.
    await db().insert(orderRefunds).values({
      orderId: id,
      kind: 'packing',
      providerCents: 450,
      creditCents: 0,
      reason: 'Not packed',
      lineProductId: null,
      staffId: pickerId,
      createdAt: t.clock.now(),
    });
    expect(await demoRefunded(id)).toBe(0);
    expect(await t.app.refundOwed()).toMatchObject({ refunded: 1, failed: 0, unsettled: 0 });
    expect(await demoRefunded(id)).toBe(450);
    expect(await t.app.refundOwed()).toMatchObject({ refunded: 0 });
    // And a pack now finds its refund made already: nothing more goes back.
    const packed = await staff(picker, 'POST', `/orders/${id}/pack`, { lines: [] });
    expect(packed.data.order.status).toBe('packed');
    expect(await demoRefunded(id)).toBe(450);
  });

  it('20 identical moves at once make one move and one history entry', async () => {
    const { order } = await paidOrder();
    const id = order.orderID;
    const moves = await Promise.all(
      Array.from({ length: 20 }, () => staff(picker, 'POST', `/orders/${id}/start-picking`)),
    );
    expect(moves.map((m) => m.code)).toEqual(moves.map(() => 0));
    const history = await db()
      .select()
      .from(orderStatusHistory)
      .where(sql`${orderStatusHistory.orderId} = ${id} and ${orderStatusHistory.status} = 'picking'`);
    expect(history).toHaveLength(1);
  });

  it('the pick list sums each product over the day’s paid orders; a stranger’s token opens nothing', async () => {
    const list = await staff<{ items: unknown[]; orders: unknown[] }>(
      picker,
      'GET',
      `/pick-list?date=2026-11-30`,
    );
    expect(list.code).toBe(0);
    const bad = await staff(picker, 'GET', `/pick-list?date=30-11-2026`);
    expect(bad.statusCode).toBe(400);
    const customer = await registerCustomer(t.app);
    expect((await staffCall(t, customer.token, 'GET', '/pick-list?date=2026-11-30')).statusCode).toBe(401);
    expect((await staff(picker, 'GET', '/orders/999999')).statusCode).toBe(404);
  });
});

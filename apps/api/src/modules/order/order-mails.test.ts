import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMails } from '../../db/schema/index.js';
import { createCoupon, createProduct, giveCoupon, giveCredit } from '../../../test/catalog-factories.js';
import {
  addAddress,
  addToCart,
  bearer,
  placeOrder,
  registerCustomer,
  sydneyAddress,
} from '../../../test/factories.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

const STORE = 'https://shop.example.com.au';
const MONTHS = 'January February March April May June July August September October November December'.split(
  ' ',
);
let smtp: SmtpCatcher;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      PUBLIC_URL: STORE,
      PAYMENTS_DEMO: 'true',
      UNPAID_ORDER_MINUTES: '30',
      STORE_ABN: '51824753556',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const db = () => t.database.db;

async function call(token: string, method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });
  return res.json<{ code: number; data: unknown }>();
}

/**
 * A customer with two lines in the cart: 3 x $4.50 of GST-free apples and 1 x $20.00 of chocolate (taxable) = $33.50,
 * plus delivery to Sydney 2000.
 */
async function shopper() {
  const c = await registerCustomer(t.app);
  const addressID = await addAddress(t.app, c);
  const apples = await createProduct(db(), {
    name: 'Pink Lady apples 1 kg',
    priceCents: 450,
    stock: 20,
    gstFree: true,
  });
  const chocolate = await createProduct(db(), { name: 'Dark chocolate 1 kg', priceCents: 2000, stock: 20 });
  await addToCart(t.app, c, apples.id, 3);
  await addToCart(t.app, c, chocolate.id, 1);
  return { c, addressID, chocolate };
}

/** Pays the order through the demo provider as its customer would: start, approve, capture. Answers the capture's code. */
async function payByDemo(token: string, orderID: number): Promise<number> {
  const start = (await call(token, 'POST', '/payment/start', { orderID, provider: 'demo' })) as {
    data: { redirectUrl: string };
  };
  const ref = new URL(start.data.redirectUrl, STORE).searchParams.get('ref') ?? '';
  await call(token, 'POST', '/payment/demo/decide', { ref, decision: 'approve' });
  return (await call(token, 'POST', '/payment/demo/capture', { orderID, ref })).code;
}

/** The order mail sent to `email` (registration's verification mail left out). */
async function mailsTo(email: string) {
  await t.app.mailWorker.sendDue();
  return smtp.to(email).filter((m) => m.subject.includes('SO-'));
}

/** The labels of a mail's filled buttons (links with a background), in order. */
function buttonsIn(html: string | undefined): string[] {
  return [...(html ?? '').matchAll(/<a [^>]*style="[^"]*background:[^>]*>([^<]*)<\/a>/g)].map(
    (m) => m[1] ?? '',
  );
}

describe('order mail', () => {
  it('placing an order mails its lines and totals in dollars, and that it awaits payment', async () => {
    const { c, addressID, chocolate } = await shopper();
    const refuseSubstitute = { productID: chocolate.id, allowSubstitute: false };
    expect((await call(c.token, 'PUT', '/cart/update', refuseSubstitute)).code).toBe(0);
    const coupon = await createCoupon(db(), { kind: 'fixed', value: 500 });
    await giveCoupon(db(), c.user.customerID, coupon.id);
    expect((await call(c.token, 'POST', '/cart/apply-discount', { code: coupon.code })).code).toBe(0);
    const order = await placeOrder(t.app, c, {
      addressID,
      deliveryNotes: 'Side gate, code 4821 <b>\nBeware of the dog',
      leaveUnattended: true,
    });
    const { shipping, total } = order.totals;
    expect(order.totals).toMatchObject({ subtotal: 3350, discount: 500, total: 3350 - 500 + shipping });
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`.replace('$', '\\$');

    const [mail] = await mailsTo(c.email);
    expect(mail?.subject).toBe(`We have your order SO-${order.orderID}: it awaits payment`);
    expect(mail?.text).toMatch(/Pink Lady apples 1 kg × 3 +\$13\.50/);
    expect(mail?.text).toMatch(/Dark chocolate 1 kg × 1 # \(no substitute\) +\$20\.00/);
    expect(mail?.text).toContain(
      'If an item has run out when we pack your order, we may send a similar one at the same price or less, except those marked "no substitute": they are refunded.',
    );
    expect(mail?.text).toMatch(/Subtotal +\$33\.50/);
    // Taken off the total, with a minus sign as the order's page shows it.
    expect(mail?.text).toMatch(/Discount +\u2212\$5\.00/);
    expect(mail?.text).toMatch(new RegExp(`Delivery \\(standard\\) +${dollars(shipping)}`));
    expect(mail?.text).toMatch(new RegExp(`Total +${dollars(total)}`));
    expect(order.totals.gst).toBeGreaterThan(0);
    expect(mail?.text).toMatch(new RegExp(`Includes GST +${dollars(order.totals.gst ?? 0)}`));
    expect(mail?.text).toContain('# Price includes GST.');
    // The greeting is a line of its own: the lead is a sentence, not "Hi Test, Pay …".
    expect(mail?.text).toContain(`Hi Test,\n\nPay $${(total / 100).toFixed(2)} by `);
    expect(mail?.text).toContain('1 Macquarie St, Sydney NSW 2000');
    expect(mail?.text).toContain(`${STORE}/account/orders/${order.orderID}`);
    expect(mail?.html).toContain('Pink Lady apples 1 kg × 3');
    expect(mail?.text).toContain('Your instructions for the driver: Side gate, code 4821 <b>');
    // Escaped, and its line breaks kept (pre-line).
    expect(mail?.html).toContain(
      '<p style="margin:0 0 16px;white-space:pre-line">Your instructions for the driver: Side gate, code 4821 &lt;b&gt;\nBeware of the dog</p>',
    );
    expect(mail?.text).toContain('If nobody is home, the driver may leave it at the door.');
  });

  it('paying mails the confirmation; cancelling mails what comes back and how', async () => {
    const { c, addressID } = await shopper();
    await giveCredit(db(), c.user.customerID, 1000);
    const order = await placeOrder(t.app, c, { addressID, useCredit: true });
    await t.app.mailWorker.sendDue();
    expect(await payByDemo(c.token, order.orderID)).toBe(0);
    expect((await call(c.token, 'PUT', '/order/cancel', { orderID: order.orderID })).code).toBe(0);

    const subjects = (await mailsTo(c.email)).map((m) => m.subject);
    const ref_ = `SO-${order.orderID}`;
    expect(subjects).toEqual([
      `We have your order ${ref_}: it awaits payment`,
      `Order ${ref_} is paid and confirmed`,
      `Order ${ref_} is cancelled`,
    ]);
    // Only the paid order's mail is its tax invoice: not the one asking for payment, nor the cancellation.
    const invoices = (await mailsTo(c.email)).map((m) =>
      m.text.includes('Tax invoice · Harbour Grocer · ABN 51 824 753 556'),
    );
    expect(invoices).toEqual([false, true, false]);
    // Store credit paid $10.00: what is left is to pay, then paid (and, cancelled, still the amount paid).
    const rest = `$${((order.totals.total - 1000) / 100).toFixed(2)}`;
    const restRows = (await mailsTo(c.email)).map((m) =>
      m.text
        .split('\n')
        .filter((line) => /^(Paid with store credit|To pay|Paid|Not paid) +\u2212?\$[\d,.]+$/.test(line))
        .map((line) => line.replace(/ {2,}/g, ' ')),
    );
    // The credit is taken off the total, as the order's page shows it: a minus sign, not a plain amount.
    expect(restRows).toEqual([
      ['Paid with store credit \u2212$10.00', `To pay ${rest}`],
      ['Paid with store credit \u2212$10.00', `Paid ${rest}`],
      ['Paid with store credit \u2212$10.00', `Paid ${rest}`],
    ]);
    // The paid mail (the tax invoice) names who took the payment and the day, as the order's page does.
    const paidMail = (await mailsTo(c.email))[1]?.text ?? '';
    const issued = /issued (\d{1,2} [A-Z][a-z]+ \d{4})/.exec(paidMail)?.[1];
    expect(issued).toBeDefined();
    expect(paidMail).toContain(`\n\nPaid with the demo provider on ${issued}.\n\n`);
    const cancelled = (await mailsTo(c.email)).at(-1);
    // Nothing will be packed: what would happen to a missing item is no longer said.
    expect(cancelled?.text).not.toContain('run out');
    // $10.00 of it was store credit and comes back as credit; the rest goes back to the provider that took it.
    const byProvider = ((order.totals.total - 1000) / 100).toFixed(2);
    expect(cancelled?.text).toContain(
      `$${byProvider} goes back through the demo provider, and $10.00 is back in your store credit`,
    );
    // The cancelled order's page says the same of it.
    const detail = await t.app.inject({
      url: `/api/v1/order/detail?orderID=${order.orderID}`,
      headers: bearer(c.token),
    });
    expect(detail.json().data.cancellation).toEqual({
      notPaidBy: null,
      refund: { byProvider: order.totals.total - 1000, provider: 'demo', asCredit: 1000 },
    });
    expect(detail.json().data.paidWith).toBe('demo');
  });

  it('an order the store cancels, left unpaid, is mailed and shown why, and its store credit back', async () => {
    const { c, addressID } = await shopper();
    await giveCredit(db(), c.user.customerID, 500);
    const order = await placeOrder(t.app, c, { addressID, useCredit: true });
    t.clock.advance(31 * 60_000);
    // Other tests' orders left unpaid go too: each customer is mailed about their own.
    await t.app.expireUnpaidOrders();

    const cancelled = (await mailsTo(c.email)).at(-1);
    expect(cancelled?.subject).toBe(`Order SO-${order.orderID} is cancelled`);
    expect(cancelled?.text).toContain(
      'It was not paid within 30 minutes of ordering, so we cancelled it and its items went back on the shelf. $5.00 is back in your store credit.',
    );
    const detail = await t.app.inject({
      url: `/api/v1/order/detail?orderID=${order.orderID}`,
      headers: bearer(c.token),
    });
    expect(detail.json().data.cancellation).toEqual({
      notPaidBy: new Date(new Date(order.createdAt).getTime() + 30 * 60_000).toISOString(),
      refund: { byProvider: 0, provider: null, asCredit: 500 },
    });
  });

  it('an order paid while its "awaits payment" mail waits for a retry: that mail is withdrawn, never sent', async () => {
    const { c, addressID } = await shopper();
    await t.app.mailWorker.sendDue();
    const order = await placeOrder(t.app, c, { addressID });
    smtp.refuseNext(1);
    await t.app.mailWorker.sendDue();
    expect(await mailsTo(c.email)).toEqual([]);
    expect(await payByDemo(c.token, order.orderID)).toBe(0);

    // Past the refused mail's retry: only the confirmation goes, not "pay within 30 minutes" after it.
    t.clock.advance(60 * 60_000);
    expect((await mailsTo(c.email)).map((m) => m.subject)).toEqual([
      `Order SO-${order.orderID} is paid and confirmed`,
    ]);
    const [withdrawn] = await db()
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.subject, `We have your order SO-${order.orderID}: it awaits payment`));
    expect(withdrawn).toMatchObject({
      status: 'failed',
      lastError: 'withdrawn: the order was paid before it was sent',
    });
  });

  it('an order cancelled before its "awaits payment" mail went out is mailed only its cancellation', async () => {
    const { c, addressID } = await shopper();
    const order = await placeOrder(t.app, c, { addressID });
    expect((await call(c.token, 'PUT', '/order/cancel', { orderID: order.orderID })).code).toBe(0);
    expect((await mailsTo(c.email)).map((m) => m.subject)).toEqual([
      `Order SO-${order.orderID} is cancelled`,
    ]);
  });

  it('cancelling an order nobody started paying for mails that nothing is owed', async () => {
    const { c, addressID } = await shopper();
    const order = await placeOrder(t.app, c, {
      addressID,
      deliveryNotes: 'Side gate',
      leaveUnattended: true,
    });
    expect((await call(c.token, 'PUT', '/order/cancel', { orderID: order.orderID })).code).toBe(0);
    const cancelled = (await mailsTo(c.email)).at(-1);
    expect(cancelled?.subject).toBe(`Order SO-${order.orderID} is cancelled`);
    expect(cancelled?.text).toContain('Nothing was paid for it, so nothing is owed.');
    // Nothing will be delivered: where to, and how, is no longer said.
    expect(cancelled?.text).not.toContain('Delivering to');
    expect(cancelled?.text).not.toContain('driver');
    expect(cancelled?.text).not.toContain('If the payment you started');
    // The customer cancelled it: the store's reason is not given.
    expect(cancelled?.text).not.toContain('we cancelled it');
    const detail = await t.app.inject({
      url: `/api/v1/order/detail?orderID=${order.orderID}`,
      headers: bearer(c.token),
    });
    expect(detail.json().data.cancellation).toEqual({
      notPaidBy: null,
      refund: { byProvider: 0, provider: null, asCredit: 0 },
    });
  });

  it('an order paid in full with store credit is confirmed at once', async () => {
    // 14:30 UTC is the small hours of the next day in Sydney: the invoice is dated by the store's day.
    const paidAt = new Date(t.clock.now());
    paidAt.setUTCHours(14, 30, 0, 0);
    if (paidAt <= t.clock.now()) paidAt.setUTCDate(paidAt.getUTCDate() + 1);
    t.clock.set(paidAt);
    const sydneyDay = new Date(paidAt.getTime() + 24 * 60 * 60_000);
    const issued = `${sydneyDay.getUTCDate()} ${MONTHS[sydneyDay.getUTCMonth()]} ${sydneyDay.getUTCFullYear()}`;
    const { c, addressID } = await shopper();
    await giveCredit(db(), c.user.customerID, 10_000);
    const order = await placeOrder(t.app, c, { addressID, useCredit: true });
    expect(order.status).toBe('paid');
    expect((await mailsTo(c.email)).map((m) => m.subject)).toEqual([
      `Order SO-${order.orderID} is confirmed`,
    ]);
    // Nothing is left to pay: no link to pay it.
    expect((await mailsTo(c.email))[0]?.text).not.toContain('/checkout/pay/');
    // That confirmation is the sale's tax invoice; a later mail about the order is not another one.
    const moved = await addAddress(t.app, c, { ...sydneyAddress, line1: '200 George St' });
    expect(
      (await call(c.token, 'PUT', '/order/address', { orderID: order.orderID, addressID: moved })).code,
    ).toBe(0);
    const [confirmed, addressChanged] = await mailsTo(c.email);
    expect(addressChanged?.subject).toBe(`Order SO-${order.orderID} has a new delivery address`);
    expect(confirmed?.text).toContain(`Tax invoice · Harbour Grocer · ABN 51 824 753 556 · issued ${issued}`);
    expect(confirmed?.text).toContain(`Paid with store credit on ${issued}.`);
    expect(addressChanged?.text).not.toContain('Tax invoice');
    expect(addressChanged?.text).not.toContain('Paid with store credit on');
  });

  it('moving the delivery address mails the new one, its level first, a recipient of one name without a stray space', async () => {
    const { c, addressID } = await shopper();
    const order = await placeOrder(t.app, c, { addressID });
    const other = await addAddress(t.app, c, {
      firstName: 'Ada',
      lastName: '',
      phone: '0412 345 678',
      line1: '200 George St',
      line2: 'Level 4',
      suburb: 'Sydney',
      state: 'NSW',
      postcode: '2000',
    });
    expect(
      (await call(c.token, 'PUT', '/order/address', { orderID: order.orderID, addressID: other })).code,
    ).toBe(0);
    const last = (await mailsTo(c.email)).at(-1);
    expect(last?.subject).toBe(`Order SO-${order.orderID} has a new delivery address`);
    // The level (line 2) before the street, as Australians write it and the site shows it.
    expect(last?.text).toContain('Ada, Level 4, 200 George St, Sydney NSW 2000');
  });

  it('the mail of an order awaiting payment links to its payment page and says when to pay by', async () => {
    // 4:27 am UTC is 3:27 pm in Sydney in November (AEDT): paid within 30 minutes, by 3:57 pm.
    t.clock.set(new Date('2030-11-27T04:27:00Z'));
    const { c, addressID } = await shopper();
    const order = await placeOrder(t.app, c, { addressID });
    const [mail] = await mailsTo(c.email);
    const due = `$${(order.totals.amountDue / 100).toFixed(2)}`;
    expect(mail?.text).toContain(
      `Pay ${due} by 27 Nov 2030, 3:57 pm AEDT, or the order is cancelled and its items go back on the shelf.`,
    );
    const payLink = `${STORE}/checkout/pay/${order.orderID}`;
    expect(mail?.text).toContain(`Pay now: ${payLink}`);
    expect(mail?.html).toContain(`<a href="${payLink}"`);
    expect(mail?.html).toContain('>Pay now</a>');

    // Paid, the confirmation asks for nothing more.
    expect(await payByDemo(c.token, order.orderID)).toBe(0);
    const paid = (await mailsTo(c.email)).at(-1);
    expect(paid?.subject).toBe(`Order SO-${order.orderID} is paid and confirmed`);
    expect(paid?.text).not.toContain('Pay now');
    expect(paid?.text).not.toContain('/checkout/pay/');
  });

  it('the mail of an order awaiting payment has one button, Pay now; its order is a plain link, a button again once paid', async () => {
    const { c, addressID } = await shopper();
    const order = await placeOrder(t.app, c, { addressID });
    const [mail] = await mailsTo(c.email);
    const orderLink = `${STORE}/account/orders/${order.orderID}`;
    expect(buttonsIn(mail?.html)).toEqual(['Pay now']);
    expect(mail?.html).toContain(
      `<a href="${orderLink}" style="color:#b3123e;font-weight:600">See your order</a>`,
    );
    expect(mail?.text).toContain(`See your order: ${orderLink}`);

    expect(await payByDemo(c.token, order.orderID)).toBe(0);
    expect(buttonsIn((await mailsTo(c.email)).at(-1)?.html)).toEqual(['See your order']);
  });

  it('a checkout that fails writes no mail', async () => {
    const { c, addressID } = await shopper();
    const before = await db().select().from(outboxMails).where(eq(outboxMails.toAddress, c.email));
    const res = await call(c.token, 'POST', '/order/create', {
      addressID,
      shippingService: 'standard',
      useCredit: false,
      expectedTotal: 1,
    });
    expect(res.code).not.toBe(0);
    const after = await db().select().from(outboxMails).where(eq(outboxMails.toAddress, c.email));
    expect(after).toHaveLength(before.length);
  });
});

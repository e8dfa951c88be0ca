import { and, eq } from 'drizzle-orm';
import { DELIVERY_NOTES_MAX } from '@storefront/contract/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail, OrderList, OrderStat } from '@storefront/contract/order';
import {
  addresses,
  cartLines,
  carts,
  coupons,
  creditLedger,
  customerCoupons,
  orderLines,
  orders,
  products,
} from '../../db/schema/index.js';
import { bearer, registerCustomer, sydneyAddress, type Customer } from '../../../test/factories.js';
import { createCoupon, createProduct, giveCoupon } from '../../../test/catalog-factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { localDate } from '../delivery/delivery.rules.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

function call(c: Customer, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(c.token),
    ...(payload ? { payload } : {}),
  });
}

async function addAddress(c: Customer, body: object = sydneyAddress): Promise<number> {
  const res = await call(c, 'POST', '/address/add', body);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data.addressID;
}

async function addToCart(c: Customer, productID: number, quantity = 1) {
  const res = await call(c, 'POST', '/cart/add', { productID, quantity });
  expect(res.json().code, res.body).toBe(0);
}

async function checkout(c: Customer, addressID: number, extra: object = {}) {
  return call(c, 'POST', '/order/create', {
    addressID,
    shippingService: 'standard',
    useCredit: false,
    ...extra,
  });
}

async function placeOrder(c: Customer, addressID: number, extra: object = {}): Promise<OrderDetail> {
  const res = await checkout(c, addressID, extra);
  expect(res.json().code, res.body).toBe(0);
  return res.json<{ data: OrderDetail }>().data;
}

async function stockOf(productId: number) {
  const [row] = await db().select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row?.stock;
}

async function balanceOf(customerId: number) {
  const rows = await db().select().from(creditLedger).where(eq(creditLedger.customerId, customerId));
  return rows.reduce((n, r) => n + r.amountCents, 0);
}

async function giveCredit(customerId: number, amountCents: number) {
  await db().insert(creditLedger).values({ customerId, amountCents, reason: 'goodwill' });
}

async function shopper() {
  const c = await registerCustomer(t.app);
  return { c, addressID: await addAddress(c) };
}

describe('order/create', () => {
  it('turns the selected lines into an order that shows in list, detail and stat', async () => {
    const { c, addressID } = await shopper();
    // Named so that code-point order (the order lines are listed in) and a dictionary's order disagree.
    const a = await createProduct(db(), { name: 'apple pie', priceCents: 450, stock: 5 });
    const b = await createProduct(db(), { name: 'Banana bread', priceCents: 300, stock: 5 });
    const skipped = await createProduct(db(), { stock: 5 });
    await addToCart(c, a.id, 2);
    await addToCart(c, b.id, 1);
    await addToCart(c, skipped.id, 1);
    await call(c, 'PUT', '/cart/update', { productID: skipped.id, selected: false });
    await call(c, 'PUT', '/cart/update', { productID: b.id, allowSubstitute: false });
    const quote = (await call(c, 'GET', `/shipping/calc-selected?addressID=${addressID}`)).json().data;
    const express = quote.options.find((o: { service: string }) => o.service === 'express');

    const order = await placeOrder(c, addressID, {
      shippingService: 'express',
      expectedTotal: 1200 + express.price,
    });
    expect(order).toMatchObject({
      status: 'pending_payment',
      shippingService: 'express',
      totals: {
        subtotal: 1200,
        discount: 0,
        shipping: express.price,
        creditUsed: 0,
        total: 1200 + express.price,
      },
      shippingAddress: { addressID, line1: '1 Macquarie St', postcode: '2000' },
      billingAddress: { addressID },
      canCancel: true,
      canChangeAddress: true,
    });
    expect(order.lines.map((l) => [l.productID, l.quantity, l.price, l.allowSubstitute])).toEqual([
      [b.id, 1, 300, false],
      [a.id, 2, 450, true],
    ]);
    expect(await stockOf(a.id)).toBe(3);
    expect(await stockOf(b.id)).toBe(4);
    const left = await db().select().from(cartLines).where(eq(cartLines.customerId, c.user.customerID));
    expect(left.map((l) => l.productId)).toEqual([skipped.id]);

    const list = (await call(c, 'GET', '/order/list')).json<{ data: OrderList }>().data;
    expect(list).toMatchObject({ total: 1, page: 1 });
    expect(list.list[0]).toMatchObject({
      orderID: order.orderID,
      status: 'pending_payment',
      itemCount: 3,
      lineCount: 2,
    });
    const detail = (await call(c, 'GET', `/order/detail?orderID=${order.orderID}`)).json().data;
    expect(detail).toEqual(order);
    const stat = (await call(c, 'GET', '/order/stat')).json<{ data: OrderStat }>().data;
    expect(stat).toEqual({
      counts: {
        pending_payment: 1,
        paid: 0,
        picking: 0,
        packed: 0,
        out_for_delivery: 0,
        shipped: 0,
        delivered: 0,
        cancelled: 0,
      },
      total: 1,
    });
  });

  it('keeps line names as sold, quotes, commas, braces and backslashes included, when read back', async () => {
    const c = await registerCustomer(t.app);
    const addressID = await addAddress(c);
    const tricky = ['Smith\'s "Crinkle" chips, {large}', 'Back\\slash NULL', '  spaced  '];
    for (const name of tricky) await addToCart(c, (await createProduct(db(), { name, stock: 5 })).id);
    const placed = await placeOrder(c, addressID);
    const read = (await call(c, 'GET', `/order/detail?orderID=${placed.orderID}`)).json<{
      data: OrderDetail;
    }>();
    expect(read.data.lines.map((l) => l.name).sort()).toEqual([...tricky].sort());
    expect(read.data.lines).toEqual(placed.lines);
    const [row] = await db().select().from(orders).where(eq(orders.id, placed.orderID));
    expect(row?.createdAt.toISOString()).toBe(placed.createdAt);
  });

  it('refuses an empty selection and writes nothing', async () => {
    const { c, addressID } = await shopper();
    const res = await checkout(c, addressID);
    expect(res.json()).toMatchObject({ code: 100603, data: null });
    expect(await db().select().from(orders).where(eq(orders.customerId, c.user.customerID))).toEqual([]);
  });

  it('refuses a fourth order while three await payment, and takes one again once one is cancelled', async () => {
    const { c, addressID } = await shopper();
    const product = await createProduct(db(), { priceCents: 500, stock: 50 });
    const placed: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      await addToCart(c, product.id);
      placed.push((await placeOrder(c, addressID)).orderID);
    }
    await addToCart(c, product.id);
    const refused = (await checkout(c, addressID)).json();
    expect(refused.code).toBe(100607);
    expect(refused.msg).toMatch(/waiting for payment/);
    // Nothing was taken: the line is still in the cart, the stock still on the shelf.
    expect(await stockOf(product.id)).toBe(47);
    expect((await call(c, 'PUT', '/order/cancel', { orderID: placed[0] })).json().code).toBe(0);
    await placeOrder(c, addressID);
    expect(await stockOf(product.id)).toBe(47);
  });

  it('refuses a total that changed since the customer saw it', async () => {
    const { c, addressID } = await shopper();
    const p = await createProduct(db(), { priceCents: 1000 });
    await addToCart(c, p.id);
    const res = await checkout(c, addressID, { expectedTotal: 1 });
    expect(res.json()).toMatchObject({ code: 100605, data: null });
    expect(await stockOf(p.id)).toBe(10);
  });

  it.each([
    ['shippingService', { shippingService: 'drone' }],
    ['addressID', { addressID: 'x' }],
    ['useCredit', { useCredit: 'yes' }],
    ['extra', { extra: 1 }],
  ])('answers 400 naming %s and writes nothing', async (field, bad) => {
    const { c, addressID } = await shopper();
    const p = await createProduct(db());
    await addToCart(c, p.id);
    const res = await checkout(c, addressID, bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(100001);
    expect(res.json().msg).toContain(field);
    expect(await stockOf(p.id)).toBe(10);
  });

  it("refuses another customer's address like a missing one", async () => {
    const { c } = await shopper();
    const other = await shopper();
    const p = await createProduct(db());
    await addToCart(c, p.id);
    const res = await checkout(c, other.addressID);
    const missing = await checkout(c, 2_000_000_000);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(100002);
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: missing.statusCode,
      body: missing.json(),
    });
    expect(await stockOf(p.id)).toBe(10);
  });

  it('names the product when stock ran out after it went into the cart', async () => {
    const { c, addressID } = await shopper();
    const p = await createProduct(db(), { stock: 3, name: 'Rare Mooncake' });
    await addToCart(c, p.id, 3);
    await db().update(products).set({ stock: 2 }).where(eq(products.id, p.id));
    await call(c, 'PUT', '/cart/update', { productID: p.id, selected: true });
    const res = await checkout(c, addressID);
    expect(res.json()).toMatchObject({ code: 100401, msg: 'Only 2 of Rare Mooncake in stock, not 3.' });
  });

  it('checks the coupon again and counts its use', async () => {
    const { c, addressID } = await shopper();
    const coupon = await createCoupon(db(), { kind: 'fixed', value: 200, usageLimit: 5 });
    const p = await createProduct(db(), { priceCents: 1000 });
    await addToCart(c, p.id);
    expect((await call(c, 'POST', '/cart/apply-discount', { code: coupon.code })).json().code).toBe(0);
    const order = await placeOrder(c, addressID);
    expect(order.totals).toMatchObject({ subtotal: 1000, discount: 200 });
    expect(order.couponCode).toBe(coupon.code);
    expect((await call(c, 'GET', `/order/detail?orderID=${order.orderID}`)).json().data).toEqual(order);
    const [row] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row?.usedCount).toBe(1);
    const [wallet] = await db()
      .select()
      .from(customerCoupons)
      .where(and(eq(customerCoupons.customerId, c.user.customerID), eq(customerCoupons.couponId, coupon.id)));
    expect(wallet?.usedCount).toBe(1);
    const [cart] = await db().select().from(carts).where(eq(carts.customerId, c.user.customerID));
    expect(cart?.couponId).toBeNull();
  });

  it('refuses a coupon used up since it was applied', async () => {
    const { c, addressID } = await shopper();
    const coupon = await createCoupon(db(), { usageLimit: 1 });
    const p = await createProduct(db());
    await addToCart(c, p.id);
    await call(c, 'POST', '/cart/apply-discount', { code: coupon.code });
    await db().update(coupons).set({ usedCount: 1 }).where(eq(coupons.id, coupon.id));
    const res = await checkout(c, addressID);
    expect(res.json()).toMatchObject({ code: 100406, data: null });
    expect(await stockOf(p.id)).toBe(10);
  });

  it('refuses a personal coupon on the cart of a customer who does not hold it, and takes nothing', async () => {
    const { c, addressID } = await shopper();
    const personal = await createCoupon(db(), { kind: 'fixed', value: 200, isPersonal: true });
    const p = await createProduct(db(), { priceCents: 1000 });
    await addToCart(c, p.id);
    await db().update(carts).set({ couponId: personal.id }).where(eq(carts.customerId, c.user.customerID));
    const res = await checkout(c, addressID);
    expect(res.json()).toMatchObject({ code: 100403, data: null });
    expect(await stockOf(p.id)).toBe(10);
    const [row] = await db().select().from(coupons).where(eq(coupons.id, personal.id));
    expect(row?.usedCount).toBe(0);
    expect(await db().select().from(orders).where(eq(orders.customerId, c.user.customerID))).toEqual([]);
  });

  it('lets the holder of a personal coupon check out with it', async () => {
    const { c, addressID } = await shopper();
    const personal = await createCoupon(db(), { kind: 'fixed', value: 200, isPersonal: true });
    await giveCoupon(db(), c.user.customerID, personal.id);
    const p = await createProduct(db(), { priceCents: 1000 });
    await addToCart(c, p.id);
    expect((await call(c, 'POST', '/cart/apply-discount', { code: personal.code })).json().code).toBe(0);
    const order = await placeOrder(c, addressID);
    expect(order.totals).toMatchObject({ subtotal: 1000, discount: 200 });
    expect(order.couponCode).toBe(personal.code);
  });

  it('spends store credit up to the total and never below zero', async () => {
    const { c, addressID } = await shopper();
    await giveCredit(c.user.customerID, 300);
    const p = await createProduct(db(), { priceCents: 1000 });
    await addToCart(c, p.id);
    const partly = await placeOrder(c, addressID, { useCredit: true });
    expect(partly.totals.creditUsed).toBe(300);
    expect(partly.totals.amountDue).toBe(partly.totals.total - 300);
    expect(partly.status).toBe('pending_payment');
    expect(await balanceOf(c.user.customerID)).toBe(0);

    await giveCredit(c.user.customerID, 100_000);
    await addToCart(c, p.id);
    const whole = await placeOrder(c, addressID, { useCredit: true });
    expect(whole.status).toBe('paid');
    expect(whole.totals.creditUsed).toBe(whole.totals.total);
    expect(await balanceOf(c.user.customerID)).toBe(100_000 - whole.totals.total);
  });

  it('lets only one of two parallel checkouts of the last unit win', async () => {
    const p = await createProduct(db(), { stock: 1 });
    const one = await shopper();
    const two = await shopper();
    await addToCart(one.c, p.id);
    await addToCart(two.c, p.id);
    const results = await Promise.all([checkout(one.c, one.addressID), checkout(two.c, two.addressID)]);
    const codes = results.map((r) => r.json().code).sort();
    expect(codes[0]).toBe(0);
    expect(codes[1]).toBe(100401);
    expect(await stockOf(p.id)).toBe(0);
    const placed = await db()
      .select()
      .from(orders)
      .where(eq(orders.id, results.find((r) => r.json().code === 0)?.json().data.orderID));
    expect(placed).toHaveLength(1);
  });
});

describe('delivery instructions', () => {
  async function ordersOf(customerId: number) {
    return db().select({ id: orders.id }).from(orders).where(eq(orders.customerId, customerId));
  }

  it('are kept with the order as the customer wrote them, line breaks included, with the authority to leave', async () => {
    const { c, addressID } = await shopper();
    await addToCart(c, (await createProduct(db())).id);
    const notes = 'Gate code 4821.\r\nLeave it behind the pot plant —\tnot on the street.';
    const order = await placeOrder(c, addressID, { deliveryNotes: `  ${notes}  `, leaveUnattended: true });
    expect(order).toMatchObject({
      deliveryNotes: 'Gate code 4821.\nLeave it behind the pot plant —\tnot on the street.',
      leaveUnattended: true,
    });
    const detail = await call(c, 'GET', `/order/detail?orderID=${order.orderID}`);
    expect(detail.json().data).toMatchObject({ deliveryNotes: order.deliveryNotes, leaveUnattended: true });
  });

  it('are none when left out or blank, and the driver may not leave the order unless asked', async () => {
    const { c, addressID } = await shopper();
    const p = await createProduct(db());
    await addToCart(c, p.id);
    expect(await placeOrder(c, addressID)).toMatchObject({ deliveryNotes: null, leaveUnattended: false });
    await addToCart(c, p.id);
    expect(await placeOrder(c, addressID, { deliveryNotes: ' \n ' })).toMatchObject({ deliveryNotes: null });
  });

  it('count a line break once however it is written, up to the limit', async () => {
    const { c, addressID } = await shopper();
    const p = await createProduct(db());
    // 125 lines of one character and one more: 250 characters once each line break is one.
    const note = (lineBreak: string, last: string) =>
      Array.from({ length: 125 }, () => 'x').join(lineBreak) + last;
    await addToCart(c, p.id);
    const longest = await placeOrder(c, addressID, { deliveryNotes: note('\r\n', 'x') });
    expect(longest.deliveryNotes).toBe(note('\n', 'x'));
    expect(longest.deliveryNotes).toHaveLength(DELIVERY_NOTES_MAX);
    await addToCart(c, p.id);
    const res = await checkout(c, addressID, { deliveryNotes: note('\r\n', 'xx') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 100001, msg: expect.stringContaining('body.deliveryNotes') });
  });

  it.each([
    ['too long', 'x'.repeat(251), 'body.deliveryNotes'],
    ['too long as sent, every line break written \\r\\n', '\r\n'.repeat(251), 'body.deliveryNotes'],
    ['with a control character', 'ring the bell\u0007', 'body.deliveryNotes'],
    ['not text', 42, 'body.deliveryNotes'],
  ])('%s are refused naming the field, and no order is written', async (_case, deliveryNotes, field) => {
    const { c, addressID } = await shopper();
    await addToCart(c, (await createProduct(db())).id);
    const res = await checkout(c, addressID, { deliveryNotes });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 100001, msg: expect.stringContaining(field) });
    expect(await ordersOf(c.user.customerID)).toEqual([]);
  });

  it('can be changed until the order ships, and not after', async () => {
    const { c, addressID } = await shopper();
    await addToCart(c, (await createProduct(db())).id);
    const order = await placeOrder(c, addressID, { deliveryNotes: 'Ring the bell' });
    expect(order.canChangeNotes).toBe(true);
    const change = (body: object) =>
      call(c, 'PUT', '/order/delivery-notes', { orderID: order.orderID, ...body });

    const changed = await change({ deliveryNotes: 'Gate code 4821\r\nback door', leaveUnattended: true });
    expect(changed.json().data).toMatchObject({
      deliveryNotes: 'Gate code 4821\nback door',
      leaveUnattended: true,
    });
    const cleared = await change({ leaveUnattended: false });
    expect(cleared.json().data).toMatchObject({ deliveryNotes: null, leaveUnattended: false });

    await db().update(orders).set({ status: 'shipped' }).where(eq(orders.id, order.orderID));
    const late = await change({ deliveryNotes: 'Too late', leaveUnattended: true });
    expect(late.json().code).toBe(100608);
    const detail = await call(c, 'GET', `/order/detail?orderID=${order.orderID}`);
    expect(detail.json().data).toMatchObject({
      deliveryNotes: null,
      leaveUnattended: false,
      canChangeNotes: false,
    });
  });

  it('are refused without saying whether the order may be left unattended, naming the field', async () => {
    const { c, addressID } = await shopper();
    await addToCart(c, (await createProduct(db())).id);
    const order = await placeOrder(c, addressID, { deliveryNotes: 'Ring the bell' });
    const res = await call(c, 'PUT', '/order/delivery-notes', {
      orderID: order.orderID,
      deliveryNotes: 'Knock',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('body.leaveUnattended');
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderID));
    expect(row?.deliveryNotes).toBe('Ring the bell');
  });

  it("of another customer's order are refused like a missing order, and left as they were", async () => {
    const owner = await shopper();
    await addToCart(owner.c, (await createProduct(db())).id);
    const order = await placeOrder(owner.c, owner.addressID, { deliveryNotes: 'Ring the bell' });
    const { c: stranger } = await shopper();
    const res = await call(stranger, 'PUT', '/order/delivery-notes', {
      orderID: order.orderID,
      deliveryNotes: 'Leave it on the street',
      leaveUnattended: true,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(100002);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderID));
    expect(row).toMatchObject({ deliveryNotes: 'Ring the bell', leaveUnattended: false });
  });

  it('take up to 250 characters', async () => {
    const { c, addressID } = await shopper();
    await addToCart(c, (await createProduct(db())).id);
    const notes = `Beware of the 🐕. ${'x'.repeat(232)}`;
    expect(notes.length).toBe(250);
    const order = await placeOrder(c, addressID, { deliveryNotes: notes });
    expect(order.deliveryNotes).toBe(notes);
  });
});

describe('substitutes on an order', () => {
  async function orderOfTwo() {
    const { c, addressID } = await shopper();
    const [milk, bread] = [await createProduct(db()), await createProduct(db())];
    await addToCart(c, milk.id);
    await addToCart(c, bread.id);
    const order = await placeOrder(c, addressID);
    const choices = async () =>
      Object.fromEntries(
        (await db().select().from(orderLines).where(eq(orderLines.orderId, order.orderID))).map((l) => [
          l.productId,
          l.allowSubstitute,
        ]),
      );
    return { c, order, milk, bread, choices };
  }

  it('can be changed until the order ships, every line named going without, and not after', async () => {
    const { c, order, milk, bread, choices } = await orderOfTwo();
    expect(order.canChangeSubstitutes).toBe(true);
    const change = (noSubstituteProductIDs: number[]) =>
      call(c, 'PUT', '/order/substitutes', { orderID: order.orderID, noSubstituteProductIDs });

    const changed = await change([bread.id]);
    expect(changed.json().code).toBe(0);
    const lines = changed.json<{ data: OrderDetail }>().data.lines;
    expect(Object.fromEntries(lines.map((l) => [l.productID, l.allowSubstitute]))).toEqual({
      [milk.id]: true,
      [bread.id]: false,
    });
    expect((await change([])).json().code).toBe(0);
    expect(await choices()).toEqual({ [milk.id]: true, [bread.id]: true });

    await db().update(orders).set({ status: 'shipped' }).where(eq(orders.id, order.orderID));
    expect((await change([milk.id])).json().code).toBe(100609);
    expect(await choices()).toEqual({ [milk.id]: true, [bread.id]: true });
    const detail = await call(c, 'GET', `/order/detail?orderID=${order.orderID}`);
    expect(detail.json().data.canChangeSubstitutes).toBe(false);
  });

  it('naming a product the order does not hold is refused as not found, and changes nothing', async () => {
    const { c, order, milk, bread, choices } = await orderOfTwo();
    const elsewhere = await createProduct(db());
    const res = await call(c, 'PUT', '/order/substitutes', {
      orderID: order.orderID,
      noSubstituteProductIDs: [milk.id, elsewhere.id],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 100002, msg: 'That product is not in this order.' });
    expect(await choices()).toEqual({ [milk.id]: true, [bread.id]: true });
  });

  it("of another customer's order are refused like a missing order, and left as they were", async () => {
    const { order, milk, bread, choices } = await orderOfTwo();
    const { c: stranger } = await shopper();
    const res = await call(stranger, 'PUT', '/order/substitutes', {
      orderID: order.orderID,
      noSubstituteProductIDs: [milk.id],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(100002);
    expect(await choices()).toEqual({ [milk.id]: true, [bread.id]: true });
  });

  it('a list that is not of product ids is refused naming the field', async () => {
    const { c, order, milk, bread, choices } = await orderOfTwo();
    const res = await call(c, 'PUT', '/order/substitutes', {
      orderID: order.orderID,
      noSubstituteProductIDs: ['milk'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('body.noSubstituteProductIDs');
    expect(await choices()).toEqual({ [milk.id]: true, [bread.id]: true });
  });
});

describe('order/list and order/stat', () => {
  it('shows the first three lines of a larger order, and counts every line and item', async () => {
    const { c, addressID } = await shopper();
    const products = [];
    for (let i = 0; i < 5; i += 1) products.push(await createProduct(db(), { stock: 5 }));
    for (const p of products) await addToCart(c, p.id, 2);
    const order = await placeOrder(c, addressID);
    const list = (await call(c, 'GET', '/order/list')).json<{ data: OrderList }>().data;
    const summary = list.list.find((o) => o.orderID === order.orderID);
    expect(summary).toMatchObject({ itemCount: 10, lineCount: 5 });
    expect(summary?.preview.map((p) => p.productID)).toEqual(order.lines.slice(0, 3).map((l) => l.productID));
  });

  it('filters by statuses and dates, newest first, paginated', async () => {
    const { c, addressID } = await shopper();
    const p = await createProduct(db(), { stock: 50 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      await addToCart(c, p.id);
      ids.push((await placeOrder(c, addressID)).orderID);
    }
    await db()
      .update(orders)
      .set({ status: 'shipped' })
      .where(eq(orders.id, ids[0] ?? 0));
    await db()
      .update(orders)
      .set({ status: 'paid' })
      .where(eq(orders.id, ids[1] ?? 0));
    const both = (await call(c, 'GET', '/order/list?status=paid&status=shipped')).json().data;
    expect(both.list.map((o: { orderID: number }) => o.orderID)).toEqual([ids[1], ids[0]]);
    const paged = (await call(c, 'GET', '/order/list?pageSize=2&page=2')).json().data;
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.list.map((o: { orderID: number }) => o.orderID)).toEqual([ids[0]]);
    const future = (await call(c, 'GET', '/order/list?from=2999-01-01')).json().data;
    expect(future.total).toBe(0);
    const today = localDate(new Date());
    expect((await call(c, 'GET', `/order/list?from=${today}&to=${today}`)).json().data.total).toBe(3);
    const stat = (await call(c, 'GET', '/order/stat')).json().data;
    expect(stat.counts).toMatchObject({ pending_payment: 1, paid: 1, shipped: 1, cancelled: 0 });
  });

  it.each([
    ['status=lost', 'status'],
    ['pageSize=51', 'pageSize'],
    ['from=yesterday', 'from'],
    ['page=0', 'page'],
    ['from=2025-13-45', 'from'],
    ['to=2025-00-10', 'to'],
    ['from=2025-02-31', 'from'],
    ['from=0000-00-00', 'from'],
    ['to=9999-12-31', 'to'],
    ['from=0001-01-01', 'from'],
  ])('answers 400 for %s, naming the field', async (q, field) => {
    const { c } = await shopper();
    const res = await call(c, 'GET', `/order/list?${q}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(100001);
    expect(res.json().msg).toContain(field);
  });

  it("takes from and to as the store's days in Sydney, not UTC's", async () => {
    const { c, addressID } = await shopper();
    await addToCart(c, (await createProduct(db(), { stock: 5 })).id);
    const { orderID } = await placeOrder(c, addressID);
    // 14:30 UTC on 15 January is 01:30 on the 16th in Sydney (daylight time, UTC+11).
    await db()
      .update(orders)
      .set({ createdAt: new Date('2026-01-15T14:30:00Z') })
      .where(eq(orders.id, orderID));
    const on = async (q: string) =>
      (await call(c, 'GET', `/order/list?${q}`)).json().data.list.map((o: { orderID: number }) => o.orderID);
    expect(await on('from=2026-01-16&to=2026-01-16')).toEqual([orderID]);
    expect(await on('to=2026-01-15')).toEqual([]);
    expect(await on('from=2026-01-17&to=2026-01-31')).toEqual([]);
  });

  it('takes a leap day as a day', async () => {
    const { c } = await shopper();
    const res = await call(c, 'GET', '/order/list?from=2024-02-29&to=2024-02-29');
    expect(res.json()).toMatchObject({ code: 0, data: { total: 0 } });
  });
});

describe('order/address and order/cancel', () => {
  async function oneOrder(extra: object = {}) {
    const s = await shopper();
    const p = await createProduct(db(), { stock: 4, priceCents: 1000 });
    await addToCart(s.c, p.id, 2);
    return { ...s, product: p, order: await placeOrder(s.c, s.addressID, extra) };
  }

  it("answers another customer's order exactly like a missing one", async () => {
    const { order } = await oneOrder();
    const stranger = await shopper();
    const responses = [
      await call(stranger.c, 'GET', `/order/detail?orderID=${order.orderID}`),
      await call(stranger.c, 'PUT', '/order/address', {
        orderID: order.orderID,
        addressID: stranger.addressID,
      }),
      await call(stranger.c, 'PUT', '/order/cancel', { orderID: order.orderID }),
      await call(stranger.c, 'POST', '/order/reorder', { orderID: order.orderID }),
      await call(stranger.c, 'PUT', '/order/delivery-window', { orderID: order.orderID, windowID: 1 }),
      await call(stranger.c, 'PUT', '/order/delivery-notes', {
        orderID: order.orderID,
        leaveUnattended: true,
      }),
      await call(stranger.c, 'PUT', '/order/substitutes', {
        orderID: order.orderID,
        noSubstituteProductIDs: [],
      }),
      await call(stranger.c, 'GET', '/order/detail?orderID=999999'),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 100002, msg: 'No such order.', data: null });
    }
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderID));
    expect(row?.status).toBe('pending_payment');
  });

  it("refuses to move an order to another customer's address like a missing one", async () => {
    const { c, order } = await oneOrder();
    const stranger = await shopper();
    for (const addressID of [stranger.addressID, 999999]) {
      const res = await call(c, 'PUT', '/order/address', { orderID: order.orderID, addressID });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 100002, msg: 'No such address.', data: null });
    }
    const detail = await call(c, 'GET', `/order/detail?orderID=${order.orderID}`);
    expect(detail.json().data.shippingAddress).toMatchObject({ addressID: order.shippingAddress.addressID });
  });

  it('changes the delivery address within the delivery zone until the order ships', async () => {
    const { c, order } = await oneOrder();
    const surryHills = await addAddress(c, {
      ...sydneyAddress,
      line1: '5 Crown St',
      suburb: 'Surry Hills',
      postcode: '2010',
    });
    const res = await call(c, 'PUT', '/order/address', { orderID: order.orderID, addressID: surryHills });
    expect(res.json().data.shippingAddress).toMatchObject({ addressID: surryHills, postcode: '2010' });
    await db().update(orders).set({ status: 'shipped' }).where(eq(orders.id, order.orderID));
    const locked = await call(c, 'PUT', '/order/address', { orderID: order.orderID, addressID: surryHills });
    expect(locked.json()).toMatchObject({ code: 100602, data: null });
  });

  it('refuses a new address in another delivery zone, which would change the shipping price', async () => {
    const { c, order } = await oneOrder();
    const melbourne = await addAddress(c, {
      ...sydneyAddress,
      line1: '200 Bourke St',
      suburb: 'Melbourne',
      state: 'VIC',
      postcode: '3000',
    });
    const res = await call(c, 'PUT', '/order/address', { orderID: order.orderID, addressID: melbourne });
    expect(res.json()).toMatchObject({ code: 100606, data: null });
    const detail = await call(c, 'GET', `/order/detail?orderID=${order.orderID}`);
    expect(detail.json().data.shippingAddress).toMatchObject({ postcode: '2000' });
  });

  it('offers to move an order only to the addresses order/address takes: a door in its zone, while it is open', async () => {
    const { c, order } = await oneOrder();
    const at = (line1: string, place: Record<string, string> = {}) =>
      addAddress(c, { ...sydneyAddress, ...place, line1 });
    const surryHills = await at('5 Crown St', { suburb: 'Surry Hills', postcode: '2010' });
    const melbourne = await at('200 Bourke St', { suburb: 'Melbourne', state: 'VIC', postcode: '3000' });
    const box = await at('3 Bridge St');
    await db().update(addresses).set({ line1: 'PO Box 1234' }).where(eq(addresses.id, box));
    const options = async () =>
      (await call(c, 'GET', `/order/address-options?orderID=${order.orderID}`)).json().data.addressIDs;

    const offered: number[] = await options();
    expect(offered.sort((a, b) => a - b)).toEqual([order.shippingAddress.addressID, surryHills]);
    // Each one offered is taken, each one left out refused.
    expect(
      (await call(c, 'PUT', '/order/address', { orderID: order.orderID, addressID: surryHills })).json().code,
    ).toBe(0);
    for (const addressID of [melbourne, box])
      expect(
        (await call(c, 'PUT', '/order/address', { orderID: order.orderID, addressID })).json().code,
      ).not.toBe(0);
    await db().update(orders).set({ status: 'shipped' }).where(eq(orders.id, order.orderID));
    expect(await options()).toEqual([]);
  });

  it('cancels: returns the stock, refunds the credit spent and gives the coupon use back', async () => {
    const s = await shopper();
    await giveCredit(s.c.user.customerID, 500);
    const coupon = await createCoupon(db(), { usageLimit: 3 });
    const p = await createProduct(db(), { stock: 4, priceCents: 1000 });
    await addToCart(s.c, p.id, 2);
    await call(s.c, 'POST', '/cart/apply-discount', { code: coupon.code });
    const order = await placeOrder(s.c, s.addressID, { useCredit: true });
    expect(await stockOf(p.id)).toBe(2);
    expect(await balanceOf(s.c.user.customerID)).toBe(0);

    const res = await call(s.c, 'PUT', '/order/cancel', { orderID: order.orderID });
    expect(res.json().data).toMatchObject({ status: 'cancelled', canCancel: false, canChangeAddress: false });
    expect(res.json().data.cancelledAt).not.toBeNull();
    expect(await stockOf(p.id)).toBe(4);
    expect(await balanceOf(s.c.user.customerID)).toBe(500);
    const [row] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row?.usedCount).toBe(0);
  });

  it('refunds a paid order in full as store credit', async () => {
    const { c, order } = await oneOrder();
    await db().update(orders).set({ status: 'paid' }).where(eq(orders.id, order.orderID));
    await call(c, 'PUT', '/order/cancel', { orderID: order.orderID });
    expect(await balanceOf(c.user.customerID)).toBe(order.totals.total);
  });

  it('refuses to cancel a shipped order', async () => {
    const { c, order, product } = await oneOrder();
    await db().update(orders).set({ status: 'shipped' }).where(eq(orders.id, order.orderID));
    const res = await call(c, 'PUT', '/order/cancel', { orderID: order.orderID });
    expect(res.json()).toMatchObject({ code: 100601, data: null });
    expect(await stockOf(product.id)).toBe(2);
  });

  it('cancelling a paid order being picked is refused, says why, and gives nothing back', async () => {
    const { c, order, product } = await oneOrder();
    await db().update(orders).set({ status: 'paid', paidAt: new Date() }).where(eq(orders.id, order.orderID));
    const before = await balanceOf(c.user.customerID);
    await db().update(orders).set({ status: 'picking' }).where(eq(orders.id, order.orderID));
    const res = await call(c, 'PUT', '/order/cancel', { orderID: order.orderID });
    expect(res.json()).toMatchObject({
      code: 100601,
      msg: 'This order can no longer be cancelled. The order is being picked.',
      data: null,
    });
    expect(await stockOf(product.id)).toBe(2);
    expect(await balanceOf(c.user.customerID)).toBe(before);
    const detail = (await call(c, 'GET', `/order/detail?orderID=${order.orderID}`)).json().data;
    expect(detail).toMatchObject({ status: 'picking', canCancel: false, cancelBy: null });
  });

  it('cancelling a delivered order a week later is refused and refunds nothing', async () => {
    const { c, order } = await oneOrder();
    await db()
      .update(orders)
      .set({ status: 'delivered', paidAt: new Date() })
      .where(eq(orders.id, order.orderID));
    const res = await call(c, 'PUT', '/order/cancel', { orderID: order.orderID });
    expect(res.json()).toMatchObject({
      code: 100601,
      msg: 'This order can no longer be cancelled. The order has been delivered.',
    });
    expect(await balanceOf(c.user.customerID)).toBe(0);
  });

  it('a paid order without a delivery window can be cancelled until picking starts, with no time set', async () => {
    const { c, order } = await oneOrder();
    await db().update(orders).set({ status: 'paid', paidAt: new Date() }).where(eq(orders.id, order.orderID));
    const detail = (await call(c, 'GET', `/order/detail?orderID=${order.orderID}`)).json().data;
    expect(detail).toMatchObject({ canCancel: true, cancelBy: null });
    expect((await call(c, 'PUT', '/order/cancel', { orderID: order.orderID })).json().code).toBe(0);
  });

  it('a change refused on a cancelled order says it was cancelled, not that it is on its way', async () => {
    const { c, order } = await oneOrder();
    expect((await call(c, 'PUT', '/order/cancel', { orderID: order.orderID })).json().code).toBe(0);
    const refusals = await Promise.all([
      call(c, 'PUT', '/order/delivery-notes', {
        orderID: order.orderID,
        deliveryNotes: 'x',
        leaveUnattended: false,
      }),
      call(c, 'PUT', '/order/substitutes', { orderID: order.orderID, noSubstituteProductIDs: [] }),
      call(c, 'PUT', '/order/cancel', { orderID: order.orderID }),
      call(c, 'POST', '/payment/start', { orderID: order.orderID, provider: 'demo' }),
    ]);
    expect(refusals.map((r) => [r.json().code, r.json().msg])).toEqual([
      [100608, 'The delivery instructions can no longer be changed. The order was cancelled.'],
      [100609, 'Substitutes can no longer be changed. The order was cancelled.'],
      [100601, 'This order can no longer be cancelled. The order was cancelled.'],
      [100908, 'This order was cancelled: there is nothing to pay.'],
    ]);
    await db().update(orders).set({ status: 'shipped' }).where(eq(orders.id, order.orderID));
    const shipped = await call(c, 'PUT', '/order/delivery-notes', {
      orderID: order.orderID,
      deliveryNotes: 'x',
      leaveUnattended: false,
    });
    expect(shipped.json().msg).toBe(
      'The delivery instructions can no longer be changed. The order is on its way.',
    );
  });

  it('refunds once when two cancels race', async () => {
    const { c, order, product } = await oneOrder();
    await db().update(orders).set({ status: 'paid' }).where(eq(orders.id, order.orderID));
    const results = await Promise.all([
      call(c, 'PUT', '/order/cancel', { orderID: order.orderID }),
      call(c, 'PUT', '/order/cancel', { orderID: order.orderID }),
    ]);
    expect(results.map((r) => r.json().code).sort()).toEqual([0, 100601]);
    expect(await stockOf(product.id)).toBe(4);
    expect(await balanceOf(c.user.customerID)).toBe(order.totals.total);
  });
});

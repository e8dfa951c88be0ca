import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressBody } from '@storefront/contract/address';
import { errorCatalogue } from '@storefront/contract/errors';
import type { OrderDetail } from '@storefront/contract/order';
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
  shippingRates,
} from '../../db/schema/index.js';
import {
  addAddress,
  addToCart,
  bearer,
  registerCustomer,
  sydneyAddress,
  type Customer,
} from '../../../test/factories.js';
import { createCoupon, createProduct, giveCredit } from '../../../test/catalog-factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/** Sydney metro, standard delivery: $7.95 for the first kilogram, free from $100 (the seeded rate table). */
const METRO_STANDARD = 795;
const METRO_EXPRESS = 1495;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

function checkout(c: Customer, body: object, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/order/create',
    headers: { ...bearer(c.token), ...headers },
    payload: { shippingService: 'standard', useCredit: false, ...body },
  });
}

async function placeOrder(
  c: Customer,
  body: object,
  headers: Record<string, string> = {},
): Promise<OrderDetail> {
  const res = await checkout(c, body, headers);
  expect(res.json().code, res.body).toBe(0);
  return res.json<{ data: OrderDetail }>().data;
}

async function applyCoupon(c: Customer, code: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/cart/apply-discount',
    headers: bearer(c.token),
    payload: { code },
  });
  expect(res.json().code, res.body).toBe(0);
}

async function shopper() {
  const c = await registerCustomer(t.app);
  return { c, addressID: await addAddress(t.app, c) };
}

async function stockOf(productId: number) {
  const [row] = await db().select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row?.stock;
}

async function ledgerOf(customerId: number) {
  return db()
    .select({ amount: creditLedger.amountCents, reason: creditLedger.reason, orderId: creditLedger.orderId })
    .from(creditLedger)
    .where(eq(creditLedger.customerId, customerId))
    .orderBy(creditLedger.id);
}

async function couponUses(couponId: number, customerId: number) {
  const [coupon] = await db().select().from(coupons).where(eq(coupons.id, couponId));
  const [wallet] = await db()
    .select()
    .from(customerCoupons)
    .where(and(eq(customerCoupons.customerId, customerId), eq(customerCoupons.couponId, couponId)));
  return { store: coupon?.usedCount, customer: wallet?.usedCount ?? 0 };
}

async function cartProductIds(customerId: number) {
  const rows = await db().select().from(cartLines).where(eq(cartLines.customerId, customerId));
  return rows.map((r) => r.productId).sort((a, b) => a - b);
}

const code = (name: keyof typeof errorCatalogue) => errorCatalogue[name].code;

describe('an order with a coupon', () => {
  it('with a WELCOME10-style coupon totals the subtotal minus 10% plus standard shipping', async () => {
    const { c, addressID } = await shopper();
    const welcome = await createCoupon(db(), { kind: 'percent', value: 10, minSpendCents: 3_000 });
    const p = await createProduct(db(), { priceCents: 2_000 });
    await addToCart(t.app, c, p.id, 2);
    await applyCoupon(c, welcome.code);
    const order = await placeOrder(c, { addressID });
    expect(order.totals).toEqual({
      subtotal: 4_000,
      discount: 400,
      shipping: METRO_STANDARD,
      creditUsed: 0,
      total: 4_000 - 400 + METRO_STANDARD,
      amountDue: 4_000 - 400 + METRO_STANDARD,
      // Products are taxable unless marked GST-free: the whole total includes GST.
      gst: Math.round((4_000 - 400 + METRO_STANDARD) / 11),
    });
    expect(order.couponCode).toBe(welcome.code);
  });

  it('with a fixed coupon smaller than the subtotal takes exactly its value off', async () => {
    const { c, addressID } = await shopper();
    const save5 = await createCoupon(db(), { kind: 'fixed', value: 500, minSpendCents: 4_000 });
    const p = await createProduct(db(), { priceCents: 4_500 });
    await addToCart(t.app, c, p.id);
    await applyCoupon(c, save5.code);
    const order = await placeOrder(c, { addressID, shippingService: 'express' });
    expect(order.totals).toMatchObject({
      subtotal: 4_500,
      discount: 500,
      shipping: METRO_EXPRESS,
      total: 4_500 - 500 + METRO_EXPRESS,
    });
  });

  it('with a percentage coupon still pays for standard shipping', async () => {
    const { c, addressID } = await shopper();
    const percent = await createCoupon(db(), { kind: 'percent', value: 10 });
    const p = await createProduct(db(), { priceCents: 1_000 });
    await addToCart(t.app, c, p.id);
    await applyCoupon(c, percent.code);
    const order = await placeOrder(c, { addressID });
    expect(order.totals).toMatchObject({ subtotal: 1_000, discount: 100, shipping: METRO_STANDARD });
  });

  it('with a free-shipping coupon ships standard free but charges express in full', async () => {
    const { c, addressID } = await shopper();
    const freeShip = await createCoupon(db(), { kind: 'free_shipping', value: 0, usageLimit: 10 });
    const p = await createProduct(db(), { priceCents: 1_000, stock: 20 });
    await addToCart(t.app, c, p.id);
    await applyCoupon(c, freeShip.code);
    const standard = await placeOrder(c, { addressID });
    expect(standard.totals).toMatchObject({ subtotal: 1_000, discount: 0, shipping: 0, total: 1_000 });
    // It saved the delivery charge, so this order used it.
    expect(standard.couponCode).toBe(freeShip.code);
    expect(await couponUses(freeShip.id, c.user.customerID)).toMatchObject({ customer: 1 });

    const other = await shopper();
    await addToCart(t.app, other.c, p.id);
    await applyCoupon(other.c, freeShip.code);
    const express = await placeOrder(other.c, { addressID: other.addressID, shippingService: 'express' });
    expect(express.totals).toMatchObject({ shipping: METRO_EXPRESS, total: 1_000 + METRO_EXPRESS });
  });

  it('a free-shipping coupon that saves nothing is not used up: not on express, not when standard ships free anyway', async () => {
    const freeShip = await createCoupon(db(), { kind: 'free_shipping', value: 0, perCustomerLimit: 1 });
    const cheap = await createProduct(db(), { priceCents: 2_000, stock: 20 });
    const dear = await createProduct(db(), { priceCents: 12_000, stock: 20 });
    for (const [product, body] of [
      [cheap, { shippingService: 'express' }],
      [dear, { shippingService: 'standard' }],
    ] as const) {
      const { c, addressID } = await shopper();
      await addToCart(t.app, c, product.id);
      await applyCoupon(c, freeShip.code);
      const order = await placeOrder(c, { addressID, ...body });
      expect(order.couponCode).toBeNull();
      expect(await couponUses(freeShip.id, c.user.customerID)).toMatchObject({ customer: 0 });
      // Still in the cart, for an order it helps.
      const [cart] = await db().select().from(carts).where(eq(carts.customerId, c.user.customerID));
      expect(cart?.couponId).toBe(freeShip.id);
    }
    expect((await couponUses(freeShip.id, 0)).store).toBe(0);
  });

  it('that expired after it was applied is refused at checkout, taking no stock and no use', async () => {
    const { c, addressID } = await shopper();
    const coupon = await createCoupon(db(), { kind: 'fixed', value: 300 });
    const p = await createProduct(db(), { priceCents: 1_000 });
    await addToCart(t.app, c, p.id);
    await applyCoupon(c, coupon.code);
    await db().update(coupons).set({ endsAt: t.clock.now() }).where(eq(coupons.id, coupon.id));
    const res = await checkout(c, { addressID });
    expect(res.json()).toMatchObject({ code: code('COUPON_EXPIRED'), data: null });
    expect(await stockOf(p.id)).toBe(10);
    expect(await couponUses(coupon.id, c.user.customerID)).toEqual({ store: 0, customer: 0 });
    expect(await cartProductIds(c.user.customerID)).toEqual([p.id]);
  });

  it('is refused at checkout once the selected lines fall below its minimum spend', async () => {
    const { c, addressID } = await shopper();
    const coupon = await createCoupon(db(), { kind: 'percent', value: 10, minSpendCents: 3_000 });
    const p = await createProduct(db(), { priceCents: 3_000 });
    await addToCart(t.app, c, p.id);
    await applyCoupon(c, coupon.code);
    await db().update(products).set({ priceCents: 2_999 }).where(eq(products.id, p.id));
    const res = await checkout(c, { addressID });
    expect(res.json()).toMatchObject({ code: code('COUPON_MIN_SPEND'), data: null });
    expect(await stockOf(p.id)).toBe(10);
    expect(await couponUses(coupon.id, c.user.customerID)).toEqual({ store: 0, customer: 0 });
  });

  it('is counted once for the store and once for the customer, and leaves the cart without it', async () => {
    const { c, addressID } = await shopper();
    const coupon = await createCoupon(db(), { usageLimit: 3, perCustomerLimit: 2 });
    const p = await createProduct(db());
    await addToCart(t.app, c, p.id);
    await applyCoupon(c, coupon.code);
    await placeOrder(c, { addressID });
    expect(await couponUses(coupon.id, c.user.customerID)).toEqual({ store: 1, customer: 1 });
    const [cart] = await db().select().from(carts).where(eq(carts.customerId, c.user.customerID));
    expect(cart?.couponId).toBeNull();
  });

  it('keeps no coupon on an order placed without one, and leaves the cart as it was', async () => {
    const { c, addressID } = await shopper();
    const p = await createProduct(db());
    await addToCart(t.app, c, p.id);
    const cartRow = () => db().select().from(carts).where(eq(carts.customerId, c.user.customerID));
    const before = await cartRow();
    const order = await placeOrder(c, { addressID });
    expect(order.couponCode).toBeNull();
    expect(order.totals.discount).toBe(0);
    // Not even touched: no coupon to take off, so the cart's row is not written.
    expect(before).toHaveLength(1);
    expect(await cartRow()).toEqual(before);
  });
});

describe('the total of an order', () => {
  it('is refused when it is not the one the customer saw, naming the new total', async () => {
    const { c, addressID } = await shopper();
    const p = await createProduct(db(), { priceCents: 1_000 });
    await addToCart(t.app, c, p.id);
    const res = await checkout(c, { addressID, expectedTotal: 1_000 });
    expect(res.json()).toMatchObject({
      code: code('ORDER_TOTAL_CHANGED'),
      msg: 'The order total is now $17.95. Please check it and place the order again.',
      data: null,
    });
    expect(await stockOf(p.id)).toBe(10);
    expect((await placeOrder(c, { addressID, expectedTotal: 1_795 })).totals.total).toBe(1_795);
  });

  it('cannot be worked out for a delivery zone without rates', async () => {
    const c = await registerCustomer(t.app);
    const addressID = await addAddress(t.app, c, {
      ...sydneyAddress,
      suburb: 'Alice Springs',
      state: 'NT',
      postcode: '0870',
    });
    const p = await createProduct(db());
    await addToCart(t.app, c, p.id);
    const remote = await db().select().from(shippingRates).where(eq(shippingRates.zone, 'remote'));
    await db().delete(shippingRates).where(eq(shippingRates.zone, 'remote'));
    // Checkout keeps the rates in memory until their trigger's announcement is heard (shipping/rates-cache.ts).
    await t.app.shippingChangesHeard();
    try {
      const res = await checkout(c, { addressID });
      expect(res.json()).toMatchObject({
        code: code('NO_DESTINATION'),
        msg: 'We do not deliver to that suburb yet.',
        data: null,
      });
      expect(await stockOf(p.id)).toBe(10);
    } finally {
      await db().insert(shippingRates).values(remote);
      await t.app.shippingChangesHeard();
    }
  });
});

describe('store credit at checkout', () => {
  it('is left alone when the customer does not ask to use it', async () => {
    const { c, addressID } = await shopper();
    await giveCredit(db(), c.user.customerID, 50_000);
    const p = await createProduct(db(), { priceCents: 1_000 });
    await addToCart(t.app, c, p.id);
    const order = await placeOrder(c, { addressID, useCredit: false });
    expect(order.status).toBe('pending_payment');
    expect(order.totals).toMatchObject({ creditUsed: 0, total: 1_795, amountDue: 1_795 });
    expect(order.paidAt).toBeNull();
    expect(await ledgerOf(c.user.customerID)).toEqual([
      { amount: 50_000, reason: 'goodwill', orderId: null },
    ]);
  });

  it('pays part of an order and is recorded as an order payment against it', async () => {
    const { c, addressID } = await shopper();
    await giveCredit(db(), c.user.customerID, 500);
    const p = await createProduct(db(), { priceCents: 1_000 });
    await addToCart(t.app, c, p.id);
    const order = await placeOrder(c, { addressID, useCredit: true });
    expect(order.status).toBe('pending_payment');
    expect(order.totals).toMatchObject({ total: 1_795, creditUsed: 500, amountDue: 1_295 });
    expect(await ledgerOf(c.user.customerID)).toEqual([
      { amount: 500, reason: 'goodwill', orderId: null },
      { amount: -500, reason: 'order_payment', orderId: order.orderID },
    ]);
  });

  it('is refused when what is left to pay is not what the customer saw (credit spent elsewhere), taking nothing', async () => {
    const { c, addressID } = await shopper();
    await giveCredit(db(), c.user.customerID, 500);
    const p = await createProduct(db(), { priceCents: 1_000, stock: 5 });
    await addToCart(t.app, c, p.id);
    // The checkout showed $12.95 to pay after $5.00 of credit; another tab spent the credit meanwhile.
    await giveCredit(db(), c.user.customerID, -500);
    const shown = { addressID, useCredit: true, expectedTotal: 1_795, expectedAmountDue: 1_295 };
    const res = await checkout(c, shown);
    expect(res.json()).toMatchObject({
      code: code('ORDER_TOTAL_CHANGED'),
      msg: 'Your store credit has changed: $17.95 is now to pay. Please check it and place the order again.',
    });
    expect(await stockOf(p.id)).toBe(5);
    expect(await cartProductIds(c.user.customerID)).toEqual([p.id]);
    expect(await db().select().from(orders).where(eq(orders.customerId, c.user.customerID))).toEqual([]);

    // Shown again, as it now is: placed.
    const order = await placeOrder(c, { ...shown, expectedAmountDue: 1_795 });
    expect(order.totals).toMatchObject({ total: 1_795, creditUsed: 0, amountDue: 1_795 });
  });

  it('pays a whole order, which is then paid at once', async () => {
    const { c, addressID } = await shopper();
    await giveCredit(db(), c.user.customerID, 10_000);
    const p = await createProduct(db(), { priceCents: 1_000 });
    await addToCart(t.app, c, p.id);
    const order = await placeOrder(c, { addressID, useCredit: true });
    expect(order.status).toBe('paid');
    expect(order.paidAt).toBe(order.createdAt);
    expect(order.totals).toMatchObject({ total: 1_795, creditUsed: 1_795, amountDue: 0 });
    expect(await ledgerOf(c.user.customerID)).toEqual([
      { amount: 10_000, reason: 'goodwill', orderId: null },
      { amount: -1_795, reason: 'order_payment', orderId: order.orderID },
    ]);
  });

  it('spends nothing when a hand-written entry has taken the balance below zero', async () => {
    const { c, addressID } = await shopper();
    await giveCredit(db(), c.user.customerID, -500);
    const p = await createProduct(db(), { priceCents: 1_000 });
    await addToCart(t.app, c, p.id);
    const order = await placeOrder(c, { addressID, useCredit: true });
    expect(order.totals).toMatchObject({ total: 1_795, creditUsed: 0, amountDue: 1_795 });
    expect(await ledgerOf(c.user.customerID)).toEqual([{ amount: -500, reason: 'goodwill', orderId: null }]);
  });

  it('spent on an order comes back as an order refund when the order is cancelled', async () => {
    const { c, addressID } = await shopper();
    await giveCredit(db(), c.user.customerID, 500);
    const p = await createProduct(db(), { priceCents: 1_000 });
    await addToCart(t.app, c, p.id);
    const order = await placeOrder(c, { addressID, useCredit: true });
    const cancel = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/order/cancel',
      headers: bearer(c.token),
      payload: { orderID: order.orderID },
    });
    expect(cancel.json().code, cancel.body).toBe(0);
    expect(await ledgerOf(c.user.customerID)).toEqual([
      { amount: 500, reason: 'goodwill', orderId: null },
      { amount: -500, reason: 'order_payment', orderId: order.orderID },
      { amount: 500, reason: 'order_refund', orderId: order.orderID },
    ]);
  });

  it('writes no ledger entry when the customer asks to use credit but has none', async () => {
    const { c, addressID } = await shopper();
    const p = await createProduct(db());
    await addToCart(t.app, c, p.id);
    const order = await placeOrder(c, { addressID, useCredit: true });
    expect(order.totals).toMatchObject({ creditUsed: 0, amountDue: order.totals.total });
    expect(order.status).toBe('pending_payment');
    expect(await ledgerOf(c.user.customerID)).toEqual([]);
  });
});

describe('the lines of an order', () => {
  it('are the selected available lines, each with its unit price, line total and the substitute choice made in the cart', async () => {
    const { c, addressID } = await shopper();
    const rice = await createProduct(db(), { priceCents: 450, name: 'Jasmine rice', gstFree: true });
    const tea = await createProduct(db(), { priceCents: 1_275, name: 'Green tea' });
    await addToCart(t.app, c, rice.id, 3);
    await addToCart(t.app, c, tea.id, 2);
    await db()
      .update(cartLines)
      .set({ allowSubstitute: false })
      .where(and(eq(cartLines.customerId, c.user.customerID), eq(cartLines.productId, tea.id)));
    const order = await placeOrder(c, { addressID });
    const lines = [...order.lines].sort((a, b) => a.productID - b.productID);
    expect(lines).toEqual([
      {
        productID: rice.id,
        sku: rice.sku,
        name: 'Jasmine rice',
        imageUrl: rice.imageUrl,
        price: 450,
        quantity: 3,
        lineTotal: 1_350,
        gstFree: true,
        allowSubstitute: true,
        packedQuantity: null,
        substitute: null,
      },
      {
        productID: tea.id,
        sku: tea.sku,
        name: 'Green tea',
        imageUrl: tea.imageUrl,
        price: 1_275,
        quantity: 2,
        lineTotal: 2_550,
        gstFree: false,
        allowSubstitute: false,
        packedQuantity: null,
        substitute: null,
      },
    ]);
    expect(order.totals.subtotal).toBe(1_350 + 2_550);
  });

  it('leave out selected lines that cannot be bought, which stay in the cart with their stock untouched', async () => {
    const { c, addressID } = await shopper();
    const inStock = await createProduct(db(), { priceCents: 800 });
    const soldOut = await createProduct(db(), { priceCents: 900, stock: 4 });
    const withdrawn = await createProduct(db(), { priceCents: 700 });
    await addToCart(t.app, c, inStock.id, 2);
    await addToCart(t.app, c, soldOut.id, 1);
    await addToCart(t.app, c, withdrawn.id, 1);
    await db().update(products).set({ stock: 0 }).where(eq(products.id, soldOut.id));
    await db().update(products).set({ isActive: false }).where(eq(products.id, withdrawn.id));
    const order = await placeOrder(c, { addressID });
    expect(order.lines.map((l) => [l.productID, l.quantity])).toEqual([[inStock.id, 2]]);
    expect(order.totals).toMatchObject({ subtotal: 1_600, total: 1_600 + METRO_STANDARD });
    expect(await stockOf(inStock.id)).toBe(8);
    expect(await stockOf(soldOut.id)).toBe(0);
    expect(await stockOf(withdrawn.id)).toBe(10);
    expect(await cartProductIds(c.user.customerID)).toEqual([soldOut.id, withdrawn.id].sort((a, b) => a - b));
  });

  it('leave out lines the customer unselected: not charged, not taken from stock, still in the cart', async () => {
    const { c, addressID } = await shopper();
    const kept = await createProduct(db(), { priceCents: 800 });
    const later = await createProduct(db(), { priceCents: 2_500 });
    await addToCart(t.app, c, kept.id, 2);
    await addToCart(t.app, c, later.id, 1);
    await db()
      .update(cartLines)
      .set({ selected: false })
      .where(and(eq(cartLines.customerId, c.user.customerID), eq(cartLines.productId, later.id)));
    const order = await placeOrder(c, { addressID });
    expect(order.lines.map((l) => [l.productID, l.quantity])).toEqual([[kept.id, 2]]);
    expect(order.totals).toMatchObject({ subtotal: 1_600, total: 1_600 + METRO_STANDARD });
    expect(await stockOf(later.id)).toBe(10);
    expect(await cartProductIds(c.user.customerID)).toEqual([later.id]);
  });

  it('cannot be ordered when no line is selected, taking nothing', async () => {
    const { c, addressID } = await shopper();
    const p = await createProduct(db());
    await addToCart(t.app, c, p.id, 2);
    await db().update(cartLines).set({ selected: false }).where(eq(cartLines.customerId, c.user.customerID));
    const res = await checkout(c, { addressID });
    expect(res.json()).toMatchObject({
      code: code('CART_EMPTY'),
      msg: 'There is nothing selected to order.',
    });
    expect(await stockOf(p.id)).toBe(10);
    expect(await cartProductIds(c.user.customerID)).toEqual([p.id]);
  });

  it('cannot be ordered when every selected line is unavailable: the newest line is named', async () => {
    const { c, addressID } = await shopper();
    const withdrawn = await createProduct(db(), { name: 'Seasonal mooncake' });
    const soldOut = await createProduct(db());
    await addToCart(t.app, c, soldOut.id);
    await addToCart(t.app, c, withdrawn.id);
    await db().update(products).set({ isActive: false }).where(eq(products.id, withdrawn.id));
    await db().update(products).set({ stock: 0 }).where(eq(products.id, soldOut.id));
    const res = await checkout(c, { addressID });
    expect(res.json()).toMatchObject({
      code: code('PRODUCT_UNAVAILABLE'),
      msg: 'Seasonal mooncake is not available.',
    });
  });
});

describe('the delivery address of an order', () => {
  it('a PO Box saved before the address book refused them is refused as a place to deliver, taking nothing; a move to one too', async () => {
    const { c, addressID } = await shopper();
    const p = await createProduct(db(), { stock: 5 });
    await addToCart(t.app, c, p.id);
    const order = await placeOrder(c, { addressID });
    await addToCart(t.app, c, p.id);
    const boxID = await addAddress(t.app, c, { ...sydneyAddress, line1: '3 Bridge St' });
    await db().update(addresses).set({ line1: 'PO Box 1234' }).where(eq(addresses.id, boxID));

    const res = await checkout(c, { addressID: boxID });
    expect(res.json()).toMatchObject({ code: code('ADDRESS_NOT_A_DOOR'), data: null });
    expect(await stockOf(p.id)).toBe(4);
    expect(await cartProductIds(c.user.customerID)).toEqual([p.id]);

    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/order/address',
      headers: bearer(c.token),
      payload: { orderID: order.orderID, addressID: boxID },
    });
    expect(moved.json()).toMatchObject({ code: code('ADDRESS_NOT_A_DOOR') });
    const [kept] = await db().select().from(orders).where(eq(orders.id, order.orderID));
    expect(kept?.shippingAddress).toMatchObject({ addressID, line1: '1 Macquarie St' });
  });
});

describe('the billing address of an order', () => {
  const billingBody: AddressBody = { ...sydneyAddress, firstName: 'Bill', line1: '2 George St' };

  async function setDefaultBilling(c: Customer, addressId: number | null) {
    const own = eq(addresses.customerId, c.user.customerID);
    await db().update(addresses).set({ isDefaultBilling: false }).where(own);
    if (addressId !== null)
      await db()
        .update(addresses)
        .set({ isDefaultBilling: true })
        .where(and(own, eq(addresses.id, addressId)));
  }

  it('is the one asked for', async () => {
    const { c, addressID } = await shopper();
    const billingID = await addAddress(t.app, c, billingBody);
    const p = await createProduct(db());
    await addToCart(t.app, c, p.id);
    const order = await placeOrder(c, { addressID, billingAddressID: billingID });
    expect(order.shippingAddress).toMatchObject({ addressID, line1: '1 Macquarie St' });
    expect(order.billingAddress).toMatchObject({
      addressID: billingID,
      firstName: 'Bill',
      line1: '2 George St',
    });
  });

  it("a delivery address that is another customer's is refused like a missing one, taking nothing", async () => {
    const { c } = await shopper();
    const other = await shopper();
    const p = await createProduct(db());
    await addToCart(t.app, c, p.id);
    const res = await checkout(c, { addressID: other.addressID });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: code('NOT_FOUND'), msg: 'No such delivery address.' });
    expect(await stockOf(p.id)).toBe(10);
  });

  it("is refused when it is another customer's, like a missing one", async () => {
    const { c, addressID } = await shopper();
    const other = await shopper();
    const p = await createProduct(db());
    await addToCart(t.app, c, p.id);
    const res = await checkout(c, { addressID, billingAddressID: other.addressID });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: code('NOT_FOUND'), msg: 'No such billing address.' });
    expect(await stockOf(p.id)).toBe(10);
  });

  it('is the default billing address when none is asked for', async () => {
    const { c, addressID } = await shopper();
    const billingID = await addAddress(t.app, c, billingBody);
    await setDefaultBilling(c, billingID);
    const p = await createProduct(db());
    await addToCart(t.app, c, p.id);
    const order = await placeOrder(c, { addressID });
    expect(order.shippingAddress.addressID).toBe(addressID);
    expect(order.billingAddress).toMatchObject({ addressID: billingID, line1: '2 George St' });
  });

  it('is the delivery address when none is asked for and there is no default billing address', async () => {
    const { c, addressID } = await shopper();
    await addAddress(t.app, c, billingBody);
    await setDefaultBilling(c, null);
    const p = await createProduct(db());
    await addToCart(t.app, c, p.id);
    const order = await placeOrder(c, { addressID });
    expect(order.billingAddress).toEqual(order.shippingAddress);
  });
});

describe('a repeated checkout with one Idempotency-Key', () => {
  it('answers the same order and takes the stock once', async () => {
    const { c, addressID } = await shopper();
    const p = await createProduct(db());
    await addToCart(t.app, c, p.id, 2);
    const key = { 'idempotency-key': `checkout-${c.user.customerID}` };
    const first = await placeOrder(c, { addressID }, key);
    const again = await placeOrder(c, { addressID }, key);
    expect(again.orderID).toBe(first.orderID);
    expect(await stockOf(p.id)).toBe(8);
  });

  it('sent five times at once places one order, and every answer is that order', async () => {
    const { c, addressID } = await shopper();
    const p = await createProduct(db());
    await addToCart(t.app, c, p.id, 2);
    const key = { 'idempotency-key': `checkout-at-once-${c.user.customerID}` };
    const answers = await Promise.all(Array.from({ length: 5 }, () => checkout(c, { addressID }, key)));
    expect(answers.map((r) => r.json().code)).toEqual([0, 0, 0, 0, 0]);
    const ids = new Set(answers.map((r) => r.json<{ data: { orderID: number } }>().data.orderID));
    expect(ids.size).toBe(1);
    const placed = await db()
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.customerId, c.user.customerID));
    expect(placed.map((o) => o.id)).toEqual([...ids]);
    expect(await stockOf(p.id)).toBe(8);
  });

  it('refused, gives the key back: the same request places the order once it can be placed', async () => {
    const { c, addressID } = await shopper();
    const key = { 'idempotency-key': `checkout-refused-${c.user.customerID}` };
    const refused = await checkout(c, { addressID }, key);
    expect(refused.json().code).toBe(code('CART_EMPTY'));
    const p = await createProduct(db());
    await addToCart(t.app, c, p.id);
    const placed = await placeOrder(c, { addressID }, key);
    const again = await placeOrder(c, { addressID }, key);
    expect(again.orderID).toBe(placed.orderID);
    expect(await stockOf(p.id)).toBe(9);
  });

  it('with another body is refused', async () => {
    const { c, addressID } = await shopper();
    const p = await createProduct(db());
    await addToCart(t.app, c, p.id);
    const key = { 'idempotency-key': `checkout-other-${c.user.customerID}` };
    await placeOrder(c, { addressID }, key);
    await addToCart(t.app, c, p.id);
    const res = await checkout(c, { addressID, shippingService: 'express' }, key);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(code('IDEMPOTENCY_KEY_REUSED'));
    expect(await stockOf(p.id)).toBe(9);
  });
});

describe('the GST of an order', () => {
  async function detailOf(c: Customer, orderID: number): Promise<OrderDetail> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/order/detail?orderID=${orderID}`,
      headers: bearer(c.token),
    });
    return res.json<{ data: OrderDetail }>().data;
  }

  it('is an eleventh of its taxable lines, and nothing of its GST-free ones', async () => {
    const { c, addressID } = await shopper();
    const chips = await createProduct(db(), { name: 'Chips', priceCents: 3_300, gstFree: false });
    const milk = await createProduct(db(), { name: 'Milk', priceCents: 1_100, gstFree: true });
    await addToCart(t.app, c, chips.id, 2);
    await addToCart(t.app, c, milk.id, 4);
    const order = await placeOrder(c, { addressID });
    // $110 of goods ships free: only the chips' $66.00 carries GST.
    expect(order.totals).toMatchObject({ subtotal: 11_000, shipping: 0, total: 11_000, gst: 600 });
    expect(order.lines.map((l) => [l.name, l.gstFree])).toEqual([
      ['Chips', false],
      ['Milk', true],
    ]);
  });

  it('shares a discount and the delivery charge between taxable and GST-free goods by their value', async () => {
    const { c, addressID } = await shopper();
    const coupon = await createCoupon(db(), { kind: 'fixed', value: 400 });
    const chocolate = await createProduct(db(), { priceCents: 1_000, weightGrams: 200, gstFree: false });
    const bread = await createProduct(db(), { priceCents: 1_000, weightGrams: 200, gstFree: true });
    await addToCart(t.app, c, chocolate.id, 3);
    await addToCart(t.app, c, bread.id, 1);
    await applyCoupon(c, coupon.code);
    const order = await placeOrder(c, { addressID });
    expect(order.totals).toMatchObject({ subtotal: 4_000, discount: 400, shipping: METRO_STANDARD });
    // Three quarters of the goods are taxable, so three quarters of goods less discount plus delivery, over 11.
    expect(order.totals.gst).toBe(Math.round((0.75 * (4_000 - 400 + METRO_STANDARD)) / 11));
  });

  it('of an order paid with store credit is the same: credit is a way of paying, not a discount', async () => {
    const { c, addressID } = await shopper();
    await giveCredit(db(), c.user.customerID, 5_000);
    const p = await createProduct(db(), { priceCents: 11_000, gstFree: false });
    await addToCart(t.app, c, p.id);
    const order = await placeOrder(c, { addressID, useCredit: true });
    expect(order.totals).toMatchObject({ total: 11_000, creditUsed: 5_000, gst: 1_000 });
  });

  it('stays as it was sold when the product is later marked GST-free', async () => {
    const { c, addressID } = await shopper();
    const p = await createProduct(db(), { priceCents: 11_000, gstFree: false });
    await addToCart(t.app, c, p.id);
    const order = await placeOrder(c, { addressID });
    await db().update(products).set({ gstFree: true }).where(eq(products.id, p.id));
    const detail = await detailOf(c, order.orderID);
    expect(detail.totals.gst).toBe(1_000);
    expect(detail.lines[0]?.gstFree).toBe(false);
  });

  it('is unknown (null) on an order placed before GST was recorded, not a guess', async () => {
    const { c, addressID } = await shopper();
    const p = await createProduct(db());
    await addToCart(t.app, c, p.id);
    const order = await placeOrder(c, { addressID });
    await db().update(orders).set({ gstCents: null }).where(eq(orders.id, order.orderID));
    await db().update(orderLines).set({ gstFree: null }).where(eq(orderLines.orderId, order.orderID));
    const detail = await detailOf(c, order.orderID);
    expect(detail.totals.gst).toBeNull();
    expect(detail.lines[0]?.gstFree).toBeNull();
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryWindows } from '@storefront/contract/delivery';
import { errorCatalogue } from '@storefront/contract/errors';
import type { OrderDetail } from '@storefront/contract/order';
import {
  cartLines,
  deliveryWindows,
  deliveryWindowTemplates,
  orders,
  products,
  shippingZones,
} from '../../db/schema/index.js';
import { createCoupon, createProduct } from '../../../test/catalog-factories.js';
import {
  addAddress,
  addToCart,
  bearer,
  newcastleAddress,
  registerCustomer,
  sydneyAddress,
  type Customer,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

// Checkout keeps what a zone asks of an order: a zone with windows is delivered in the window booked (no express),
// a courier zone by standard or express with no window; and no order below the zone's minimum.

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  await db()
    .insert(deliveryWindowTemplates)
    .values([
      { zone: 'metro', startTime: '09:00', endTime: '11:00', capacity: 50 },
      { zone: 'metro', startTime: '17:00', endTime: '19:00', capacity: 50, priceDeltaCents: 300 },
    ]);
});
afterAll(() => t.close());

async function setMinimum(zone: 'metro' | 'regional', cents: number): Promise<void> {
  await db().update(shippingZones).set({ minimumOrderCents: cents }).where(eq(shippingZones.zone, zone));
  // Checkout keeps the zones in memory until their trigger's announcement is heard (shipping/rates-cache.ts).
  await t.app.shippingChangesHeard();
}

function checkout(c: Customer, body: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/order/create',
    headers: bearer(c.token),
    payload: { shippingService: 'standard', useCredit: false, ...body },
  });
}

async function answerOf(c: Customer, body: object) {
  const res = await checkout(c, body);
  return { statusCode: res.statusCode, ...res.json<{ code: number; msg: string; data: OrderDetail }>() };
}

const isEvening = (w: { priceDelta: number }) => w.priceDelta > 0;

/** Tomorrow's first window with room for the address (its zone's): a plain one, or one costing more. */
async function tomorrowsWindow(c: Customer, addressID: number, evening = false) {
  const res = await t.app.inject({
    url: `/api/v1/delivery/windows?addressID=${addressID}`,
    headers: bearer(c.token),
  });
  const { data } = res.json<{ data: DeliveryWindows }>();
  const window = data.days[1]?.windows.find((w) => !w.isFull && isEvening(w) === evening);
  if (!window) throw new Error('no window tomorrow');
  return window;
}

async function shopper(address = sydneyAddress, cents = 1_000, quantity = 1) {
  const c = await registerCustomer(t.app);
  const addressID = await addAddress(t.app, c, address);
  const product = await createProduct(db(), { priceCents: cents, weightGrams: 500, stock: 50 });
  await addToCart(t.app, c, product.id, quantity);
  return { c, addressID, product };
}

async function ordersOf(c: Customer) {
  return db().select().from(orders).where(eq(orders.customerId, c.user.customerID));
}

describe('one delivery choice at checkout', () => {
  it('an order to a zone with windows asking for express is refused, and nothing is written', async () => {
    const { c, addressID, product } = await shopper();
    const window = await tomorrowsWindow(c, addressID);
    const refused = await answerOf(c, {
      addressID,
      shippingService: 'express',
      deliveryWindowID: window.windowID,
    });
    expect([refused.statusCode, refused.code]).toEqual([
      200,
      errorCatalogue.DELIVERY_EXPRESS_NOT_OFFERED.code,
    ]);
    expect(refused.msg).toMatch(/^Express delivery is not offered to this address/);
    expect(await ordersOf(c)).toEqual([]);
    const [booked] = await db()
      .select({ booked: deliveryWindows.booked })
      .from(deliveryWindows)
      .where(eq(deliveryWindows.id, window.windowID));
    expect(booked?.booked).toBe(0);
    const [stock] = await db()
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(stock?.stock).toBe(50);
  });

  it('express without a window to a zone with windows is asked for a window first', async () => {
    const { c, addressID } = await shopper();
    const refused = await answerOf(c, { addressID, shippingService: 'express' });
    expect(refused.code).toBe(errorCatalogue.DELIVERY_WINDOW_REQUIRED.code);
  });

  it("the window is the delivery: charged the zone's standard rate plus the window's price difference", async () => {
    const { c, addressID } = await shopper();
    const evening = await tomorrowsWindow(c, addressID, true);
    const order = await answerOf(c, { addressID, deliveryWindowID: evening.windowID });
    expect(order.code, order.msg).toBe(0);
    expect(order.data.totals).toMatchObject({
      subtotal: 1_000,
      shipping: 795 + 300,
      total: 1_000 + 795 + 300,
    });
  });

  it('a courier zone takes express without a window, and standard too', async () => {
    const express = await shopper(newcastleAddress);
    const placed = await answerOf(express.c, { addressID: express.addressID, shippingService: 'express' });
    expect(placed.code, placed.msg).toBe(0);
    expect(placed.data.totals.shipping).toBe(1995);
    const standard = await shopper(newcastleAddress);
    const plain = await answerOf(standard.c, { addressID: standard.addressID });
    expect(plain.code, plain.msg).toBe(0);
    expect(plain.data.totals.shipping).toBe(1095);
  });
});

describe("a zone's minimum order at checkout", () => {
  it('refuses an order below it, naming the minimum and what is left to add, and writes nothing', async () => {
    await setMinimum('metro', 3_000);
    try {
      const { c, addressID, product } = await shopper(sydneyAddress, 1_760);
      const window = await tomorrowsWindow(c, addressID);
      const refused = await answerOf(c, { addressID, deliveryWindowID: window.windowID });
      expect([refused.statusCode, refused.code]).toEqual([200, errorCatalogue.ORDER_BELOW_MINIMUM.code]);
      expect(refused.msg).toBe('Orders delivered to 2000 need at least $30.00 of items: add $12.40 more.');
      expect(await ordersOf(c)).toEqual([]);
      const lines = await db().select().from(cartLines).where(eq(cartLines.customerId, c.user.customerID));
      expect(lines.map((l) => [l.productId, l.quantity])).toEqual([[product.id, 1]]);
    } finally {
      await setMinimum('metro', 0);
    }
  });

  it('takes an order exactly at the minimum', async () => {
    await setMinimum('metro', 3_000);
    try {
      const { c, addressID } = await shopper(sydneyAddress, 1_500, 2);
      const window = await tomorrowsWindow(c, addressID);
      const order = await answerOf(c, { addressID, deliveryWindowID: window.windowID });
      expect(order.code, order.msg).toBe(0);
      expect(order.data.totals.subtotal).toBe(3_000);
    } finally {
      await setMinimum('metro', 0);
    }
  });

  it('measures the items before a discount: a coupon taking the total below the minimum does not refuse it', async () => {
    await setMinimum('metro', 3_000);
    try {
      const { c, addressID } = await shopper(sydneyAddress, 3_000);
      const coupon = await createCoupon(db(), { kind: 'fixed', value: 1_000 });
      const applied = await t.app.inject({
        method: 'POST',
        url: '/api/v1/cart/apply-discount',
        headers: bearer(c.token),
        payload: { code: coupon.code },
      });
      expect(applied.json().code, applied.body).toBe(0);
      const window = await tomorrowsWindow(c, addressID);
      const order = await answerOf(c, { addressID, deliveryWindowID: window.windowID });
      expect(order.code, order.msg).toBe(0);
      expect(order.data.totals).toMatchObject({ subtotal: 3_000, discount: 1_000 });
    } finally {
      await setMinimum('metro', 0);
    }
  });

  it("is the delivery zone's own: a small order to a zone without one goes", async () => {
    await setMinimum('metro', 3_000);
    try {
      const { c, addressID } = await shopper(newcastleAddress, 500);
      const order = await answerOf(c, { addressID });
      expect(order.code, order.msg).toBe(0);
    } finally {
      await setMinimum('metro', 0);
    }
  });

  it('is said before a changed total: the customer hears what to do first', async () => {
    await setMinimum('regional', 3_000);
    try {
      const { c, addressID } = await shopper(newcastleAddress, 500);
      const refused = await answerOf(c, { addressID, expectedTotal: 1 });
      expect(refused.code).toBe(errorCatalogue.ORDER_BELOW_MINIMUM.code);
    } finally {
      await setMinimum('regional', 0);
    }
  });
});

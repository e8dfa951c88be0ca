import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressBody } from '@storefront/contract/address';
import type { DeliveryWindow, DeliveryWindows } from '@storefront/contract/delivery';
import type { OrderDetail } from '@storefront/contract/order';
import { violatedConstraint } from '../../db/client.js';
import { deliveryWindows, deliveryWindowTemplates, orders, outboxMails } from '../../db/schema/index.js';
import { createProduct } from '../../../test/catalog-factories.js';
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
import { renderedMail } from '../mail/outbox.repo.js';

let t: TestApp;
const db = () => t.database.db;

const perth = {
  ...sydneyAddress,
  line1: '1 Hay St',
  suburb: 'Perth',
  state: 'WA',
  postcode: '6000',
} as const;
/** Broken Hill keeps South Australia's clock (ACST/ACDT), half an hour behind Sydney's. */
const brokenHill = {
  ...sydneyAddress,
  line1: '1 Argent St',
  suburb: 'Broken Hill',
  state: 'NSW',
  postcode: '2880',
} as const;
const parramatta = {
  ...sydneyAddress,
  line1: '1 Church St',
  suburb: 'Parramatta',
  state: 'NSW',
  postcode: '2150',
} as const;

beforeAll(async () => {
  t = await createTestApp({ env: { UNPAID_ORDER_MINUTES: '30' } });
  // A fixed clock: Tuesday 24 November 2026, 8:00 am in Sydney (AEDT, UTC+11).
  t.clock.set(new Date('2026-11-23T21:00:00Z'));
  await db()
    .insert(deliveryWindowTemplates)
    .values([
      { zone: 'metro', startTime: '09:00', endTime: '11:00', capacity: 3, cutoffMinutes: 120 },
      { zone: 'metro', startTime: '11:00', endTime: '13:00', capacity: 50, cutoffMinutes: 120 },
      {
        zone: 'metro',
        startTime: '17:00',
        endTime: '19:00',
        capacity: 50,
        priceDeltaCents: 300,
        label: 'Evening',
        cutoffMinutes: 120,
      },
      // Another zone's window at another price: moving to it is refused for its zone, before its price is looked at.
      {
        zone: 'regional',
        startTime: '09:00',
        endTime: '11:00',
        capacity: 10,
        priceDeltaCents: 150,
        cutoffMinutes: 120,
      },
    ]);
});
afterAll(async () => {
  await t?.close();
});

async function call<T>(c: Customer, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(c.token),
    ...(payload ? { payload } : {}),
  });
  return { statusCode: res.statusCode, ...res.json<{ code: number; msg: string; data: T }>() };
}

async function shopper(address: AddressBody = sydneyAddress) {
  const c = await registerCustomer(t.app);
  const addressID = await addAddress(t.app, c, address);
  const product = await createProduct(db(), { priceCents: 1000, stock: 100 });
  await addToCart(t.app, c, product.id, 1);
  return { c, addressID };
}

async function windowsFor(c: Customer, addressID: number) {
  const res = await call<DeliveryWindows>(c, 'GET', `/delivery/windows?addressID=${addressID}`);
  expect(res.code).toBe(0);
  return res.data;
}

/** The window of the given local day and start time (`HH:MM`, Sydney). */
function windowAt(list: DeliveryWindows, day: string, time: string): DeliveryWindow {
  const found = list.days
    .find((d) => d.date === day)
    ?.windows.find(
      (w) =>
        new Intl.DateTimeFormat('en-GB', {
          timeZone: 'Australia/Sydney',
          hour: '2-digit',
          minute: '2-digit',
        }).format(new Date(w.startsAt)) === time,
    );
  if (!found) throw new Error(`no window ${day} ${time}`);
  return found;
}

const order = (c: Customer, body: object) =>
  call<OrderDetail>(c, 'POST', '/order/create', { shippingService: 'standard', useCredit: false, ...body });

describe('delivery windows', () => {
  it('lists a week of windows in Sydney time, today without those past their cut-off', async () => {
    const { c, addressID } = await shopper();
    const list = await windowsFor(c, addressID);
    expect(list).toMatchObject({ zone: 'metro', required: true, timeZone: 'Australia/Sydney' });
    expect(list.days.map((d) => d.date)).toEqual([
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
    ]);
    // 8 am: the 9 am window closed at 7 am; 11 am and the evening are still open today.
    expect(list.days[0]?.windows.map((w) => w.startsAt)).toEqual([
      '2026-11-24T00:00:00.000Z',
      '2026-11-24T06:00:00.000Z',
    ]);
    const evening = windowAt(list, '2026-11-25', '17:00');
    expect(evening).toMatchObject({
      endsAt: '2026-11-25T08:00:00.000Z',
      cutoffAt: '2026-11-25T04:00:00.000Z',
      label: 'Evening',
      priceDelta: 300,
      capacity: 50,
      remaining: 50,
      isFull: false,
    });
  });

  it('a courier zone has no windows and checkout asks for none', async () => {
    const { c, addressID } = await shopper(perth);
    expect(await windowsFor(c, addressID)).toEqual({
      zone: 'interstate',
      required: false,
      timeZone: 'Australia/Sydney',
      days: [],
    });
    const placed = await order(c, { addressID });
    expect(placed.code).toBe(0);
    expect(placed.data.deliveryWindow).toBeNull();
  });

  it("Broken Hill is regional and offered the zone's windows on Sydney's clock, the answer naming that clock", async () => {
    const { c, addressID } = await shopper(brokenHill);
    const list = await windowsFor(c, addressID);
    expect(list).toMatchObject({ zone: 'regional', required: true, timeZone: 'Australia/Sydney' });
    // The 9 am template is 9 am in Sydney (8:30 am on Broken Hill's clocks), as for every regional address.
    expect(windowAt(list, '2026-11-26', '09:00').startsAt).toBe('2026-11-25T22:00:00.000Z');
  });

  it('checkout in a zone with windows needs one, books it, and charges the evening difference with delivery', async () => {
    const { c, addressID } = await shopper();
    expect((await order(c, { addressID })).code).toBe(101001);
    const evening = windowAt(await windowsFor(c, addressID), '2026-11-26', '17:00');
    const placed = await order(c, { addressID, deliveryWindowID: evening.windowID });
    expect(placed.code).toBe(0);
    expect(placed.data.deliveryWindow).toMatchObject({
      windowID: evening.windowID,
      label: 'Evening',
      priceDelta: 300,
    });
    expect(placed.data.canChangeWindow).toBe(true);
    expect((await call(c, 'GET', `/order/detail?orderID=${placed.data.orderID}`)).data).toEqual(placed.data);
    const { subtotal, discount, shipping, total } = placed.data.totals;
    const other = await shopper();
    const plain = windowAt(await windowsFor(other.c, other.addressID), '2026-11-26', '11:00');
    const without = await order(other.c, { addressID: other.addressID, deliveryWindowID: plain.windowID });
    expect(shipping).toBe(without.data.totals.shipping + 300);
    expect(total).toBe(subtotal - discount + shipping);
    expect(windowAt(await windowsFor(c, addressID), '2026-11-26', '17:00').remaining).toBe(49);
    const [row] = await db()
      .select()
      .from(outboxMails)
      .where(like(outboxMails.subject, `%SO-${placed.data.orderID}%`));
    expect(row && renderedMail(row).text).toContain(
      'Delivery window: Thu 26 Nov, 5:00 pm – 7:00 pm AEDT (Evening).',
    );
  });

  it('a window of another zone, or past its cut-off, is refused', async () => {
    const { c, addressID } = await shopper();
    const metro = windowAt(await windowsFor(c, addressID), '2026-11-27', '09:00');
    const perthShopper = await shopper(perth);
    expect(
      (await order(perthShopper.c, { addressID: perthShopper.addressID, deliveryWindowID: metro.windowID }))
        .code,
    ).toBe(101004);
    const saved = t.clock.now();
    try {
      t.clock.set(new Date(new Date(metro.cutoffAt).getTime() + 1000));
      expect((await order(c, { addressID, deliveryWindowID: metro.windowID })).code).toBe(101003);
    } finally {
      t.clock.set(saved);
    }
  });

  it('N checkouts at once on a window of capacity 3: exactly 3 win, the others hear which windows are free', async () => {
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => shopper()));
    const [first] = shoppers;
    if (!first) throw new Error('no shoppers');
    const target = windowAt(await windowsFor(first.c, first.addressID), '2026-11-28', '09:00');
    expect(target.capacity).toBe(3);
    const answers = await Promise.all(
      shoppers.map((s) => order(s.c, { addressID: s.addressID, deliveryWindowID: target.windowID })),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(3);
    const losers = answers.filter((a) => a.code !== 0);
    expect(losers.map((a) => a.code)).toEqual([101002, 101002, 101002, 101002, 101002]);
    // The next free windows from now: today's 11 am first.
    expect(losers[0]?.msg).toMatch(/The next free ones start Tue 24 Nov, 11:00 am AEDT; /);
    const [row] = await db().select().from(deliveryWindows).where(eq(deliveryWindows.id, target.windowID));
    expect(row?.booked).toBe(3);
  });

  it('moving an order to another window of the same price frees its place; another price, or after the cut-off, is refused', async () => {
    const { c, addressID } = await shopper();
    const list = await windowsFor(c, addressID);
    const from = windowAt(list, '2026-11-29', '09:00');
    const to = windowAt(list, '2026-11-29', '11:00');
    const evening = windowAt(list, '2026-11-29', '17:00');
    const placed = await order(c, { addressID, deliveryWindowID: from.windowID });
    const orderID = placed.data.orderID;

    const moved = await call<OrderDetail>(c, 'PUT', '/order/delivery-window', {
      orderID,
      windowID: to.windowID,
    });
    expect(moved.code).toBe(0);
    expect(moved.data.deliveryWindow?.windowID).toBe(to.windowID);
    const after = await windowsFor(c, addressID);
    expect(windowAt(after, '2026-11-29', '09:00').remaining).toBe(from.remaining);
    expect(windowAt(after, '2026-11-29', '11:00').remaining).toBe(to.remaining - 1);

    expect(
      (await call(c, 'PUT', '/order/delivery-window', { orderID, windowID: evening.windowID })).code,
    ).toBe(101005);
    const stranger = await registerCustomer(t.app);
    expect(
      await call(stranger, 'PUT', '/order/delivery-window', { orderID, windowID: from.windowID }),
    ).toMatchObject({
      statusCode: 404,
      code: 100002,
    });

    const saved = t.clock.now();
    try {
      t.clock.set(new Date(new Date(to.cutoffAt).getTime() + 1000));
      expect(
        (await call(c, 'PUT', '/order/delivery-window', { orderID, windowID: from.windowID })).code,
      ).toBe(101006);
      const detail = await call<OrderDetail>(c, 'GET', `/order/detail?orderID=${orderID}`);
      expect(detail.data.canChangeWindow).toBe(false);
    } finally {
      t.clock.set(saved);
    }
  });

  it("a window order can be cancelled until the window's cut-off, and not after: the page says until when", async () => {
    const { c, addressID } = await shopper();
    const window = windowAt(await windowsFor(c, addressID), '2026-11-29', '11:00');
    const placed = await order(c, { addressID, deliveryWindowID: window.windowID });
    const orderID = placed.data.orderID;
    await db().update(orders).set({ status: 'paid', paidAt: t.clock.now() }).where(eq(orders.id, orderID));
    const open = await call<OrderDetail>(c, 'GET', `/order/detail?orderID=${orderID}`);
    expect(open.data).toMatchObject({ canCancel: true, cancelBy: window.cutoffAt });

    const saved = t.clock.now();
    try {
      t.clock.set(new Date(new Date(window.cutoffAt).getTime() + 1000));
      const closed = await call<OrderDetail>(c, 'GET', `/order/detail?orderID=${orderID}`);
      expect(closed.data).toMatchObject({ status: 'paid', canCancel: false, cancelBy: null });
      const refused = await call(c, 'PUT', '/order/cancel', { orderID });
      expect(refused).toMatchObject({
        code: 100601,
        msg: "This order can no longer be cancelled. Its delivery window's cut-off (Sun 29 Nov, 9:00 am AEDT) has passed.",
      });
      const [row] = await db().select().from(deliveryWindows).where(eq(deliveryWindows.id, window.windowID));
      expect(row?.booked).toBe(window.capacity - window.remaining + 1);
    } finally {
      t.clock.set(saved);
    }
    expect((await call(c, 'PUT', '/order/cancel', { orderID })).code).toBe(0);
  });

  it('orders swapping between two windows at once all move, and each window keeps its count', async () => {
    const { c, addressID } = await shopper();
    const list = await windowsFor(c, addressID);
    const first = windowAt(list, '2026-11-28', '11:00');
    const second = windowAt(list, '2026-11-25', '11:00');
    const placedIn = async (windowID: number) => {
      const s = await shopper();
      const placed = await order(s.c, { addressID: s.addressID, deliveryWindowID: windowID });
      expect(placed.code).toBe(0);
      return { c: s.c, orderID: placed.data.orderID };
    };
    const inFirst = await Promise.all(Array.from({ length: 4 }, () => placedIn(first.windowID)));
    const inSecond = await Promise.all(Array.from({ length: 4 }, () => placedIn(second.windowID)));
    const booked = async (windowID: number) =>
      (await db().select().from(deliveryWindows).where(eq(deliveryWindows.id, windowID)))[0]?.booked;
    const before = [await booked(first.windowID), await booked(second.windowID)];

    // Each move locks both windows; taken in opposite orders, two moves would each wait for the other.
    const moves = await Promise.all([
      ...inFirst.map((o) =>
        call(o.c, 'PUT', '/order/delivery-window', { orderID: o.orderID, windowID: second.windowID }),
      ),
      ...inSecond.map((o) =>
        call(o.c, 'PUT', '/order/delivery-window', { orderID: o.orderID, windowID: first.windowID }),
      ),
    ]);
    expect(moves.map((m) => m.code)).toEqual(moves.map(() => 0));
    expect([await booked(first.windowID), await booked(second.windowID)]).toEqual(before);
  });

  it('a window move is refused and moves no place: no window booked, another zone, no such window, a cancelled order', async () => {
    const move = (c: Customer, orderID: number, windowID: number) =>
      call<OrderDetail>(c, 'PUT', '/order/delivery-window', { orderID, windowID });
    const { c, addressID } = await shopper();
    const list = await windowsFor(c, addressID);
    const booked = windowAt(list, '2026-11-27', '11:00');
    const orderID = (await order(c, { addressID, deliveryWindowID: booked.windowID })).data.orderID;

    const country = await shopper(newcastleAddress);
    const regional = await windowsFor(country.c, country.addressID);
    expect(regional.zone).toBe('regional');
    const elsewhere = windowAt(regional, '2026-11-27', '09:00');
    expect((await move(c, orderID, elsewhere.windowID)).code).toBe(101004);
    expect((await move(c, orderID, 2_000_000_000)).code).toBe(101004);

    const courier = await shopper(perth);
    const unbooked = (await order(courier.c, { addressID: courier.addressID })).data.orderID;
    expect((await move(courier.c, unbooked, booked.windowID)).code).toBe(101004);

    const unchanged = await windowsFor(c, addressID);
    expect(windowAt(unchanged, '2026-11-27', '11:00').remaining).toBe(booked.remaining - 1);
    expect(windowAt(await windowsFor(country.c, country.addressID), '2026-11-27', '09:00').remaining).toBe(
      elsewhere.remaining,
    );

    expect((await call(c, 'PUT', '/order/cancel', { orderID })).code).toBe(0);
    const cancelled = await call<OrderDetail>(c, 'GET', `/order/detail?orderID=${orderID}`);
    expect(cancelled.data.deliveryWindow?.windowID).toBe(booked.windowID);
    expect(cancelled.data.canChangeWindow).toBe(false);
    const later = windowAt(list, '2026-11-27', '09:00');
    expect((await move(c, orderID, later.windowID)).code).toBe(101006);
  });

  it('moving an order to the window it already has changes nothing, even when that window is full', async () => {
    const shoppers = await Promise.all(Array.from({ length: 3 }, () => shopper()));
    const [first] = shoppers;
    if (!first) throw new Error('no shoppers');
    const full = windowAt(await windowsFor(first.c, first.addressID), '2026-11-25', '09:00');
    expect(full.capacity).toBe(3);
    const orders = await Promise.all(
      shoppers.map((s) => order(s.c, { addressID: s.addressID, deliveryWindowID: full.windowID })),
    );
    expect(orders.map((o) => o.code)).toEqual([0, 0, 0]);

    const same = await call<OrderDetail>(first.c, 'PUT', '/order/delivery-window', {
      orderID: orders[0]?.data.orderID,
      windowID: full.windowID,
    });
    expect(same.code).toBe(0);
    expect(same.data.deliveryWindow?.windowID).toBe(full.windowID);
    const [row] = await db().select().from(deliveryWindows).where(eq(deliveryWindows.id, full.windowID));
    expect(row?.booked).toBe(3);
  });

  it('cancelling, or the store expiring an unpaid order, gives the place back', async () => {
    const a = await shopper();
    const b = await shopper();
    const w = windowAt(await windowsFor(a.c, a.addressID), '2026-11-30', '11:00');
    const first = await order(a.c, { addressID: a.addressID, deliveryWindowID: w.windowID });
    const second = await order(b.c, { addressID: b.addressID, deliveryWindowID: w.windowID });
    expect(windowAt(await windowsFor(a.c, a.addressID), '2026-11-30', '11:00').remaining).toBe(
      w.remaining - 2,
    );

    expect((await call(a.c, 'PUT', '/order/cancel', { orderID: first.data.orderID })).code).toBe(0);
    expect(windowAt(await windowsFor(a.c, a.addressID), '2026-11-30', '11:00').remaining).toBe(
      w.remaining - 1,
    );

    t.clock.advance(31 * 60_000);
    await t.app.expireUnpaidOrders();
    const detail = await call<OrderDetail>(b.c, 'GET', `/order/detail?orderID=${second.data.orderID}`);
    expect(detail.data.status).toBe('cancelled');
    expect(windowAt(await windowsFor(a.c, a.addressID), '2026-11-30', '11:00').remaining).toBe(w.remaining);
  });

  it('the delivery address moves within the zone with its window; to another zone it is refused and the window stays', async () => {
    const { c, addressID } = await shopper();
    const w = windowAt(await windowsFor(c, addressID), '2026-11-27', '11:00');
    const placed = await order(c, { addressID, deliveryWindowID: w.windowID });
    const orderID = placed.data.orderID;
    const sameZone = await addAddress(t.app, c, parramatta);
    const farAway = await addAddress(t.app, c, perth);
    expect((await call(c, 'PUT', '/order/address', { orderID, addressID: sameZone })).code).toBe(0);
    expect((await call(c, 'PUT', '/order/address', { orderID, addressID: farAway })).code).toBe(100606);
    const detail = await call<OrderDetail>(c, 'GET', `/order/detail?orderID=${orderID}`);
    expect(detail.data.deliveryWindow?.windowID).toBe(w.windowID);
    expect(detail.data.shippingAddress.suburb).toBe('Parramatta');
  });

  it.each([
    ['ends at midnight, before it starts', { startTime: '21:00', endTime: '00:00' }],
    ['ends as it starts', { startTime: '09:00', endTime: '09:00' }],
    ['has a time that is none', { startTime: '9:00', endTime: '11:00' }],
    ['has an hour past the day', { startTime: '23:00', endTime: '24:30' }],
    ['closes after it starts', { startTime: '09:00', endTime: '11:00', cutoffMinutes: -30 }],
  ])('the database refuses a window template that %s', async (_, times) => {
    const insert = db()
      .insert(deliveryWindowTemplates)
      .values({ zone: 'regional', capacity: 5, cutoffMinutes: 60, ...times });
    const err = await insert.then(
      () => null,
      (e: unknown) => e,
    );
    expect(violatedConstraint(err)).toMatch(/^delivery_window_templates_(times_valid|cutoff_non_negative)$/);
  });

  it('a template switched off stops its windows being listed or booked; an order already in one keeps it', async () => {
    const [template] = await db()
      .insert(deliveryWindowTemplates)
      .values({ zone: 'metro', startTime: '15:00', endTime: '17:00', capacity: 20, cutoffMinutes: 120 })
      .returning();
    if (!template) throw new Error('no template');
    try {
      const { c, addressID } = await shopper();
      const afternoon = windowAt(await windowsFor(c, addressID), '2026-11-28', '15:00');
      const kept = await order(c, { addressID, deliveryWindowID: afternoon.windowID });
      expect(kept.code).toBe(0);
      const mover = await shopper();
      const morning = windowAt(await windowsFor(mover.c, mover.addressID), '2026-11-28', '11:00');
      const moving = await order(mover.c, { addressID: mover.addressID, deliveryWindowID: morning.windowID });

      await db()
        .update(deliveryWindowTemplates)
        .set({ isActive: false })
        .where(eq(deliveryWindowTemplates.id, template.id));
      const listed = await windowsFor(c, addressID);
      expect(() => windowAt(listed, '2026-11-28', '15:00')).toThrow('no window');
      expect(windowAt(listed, '2026-11-28', '11:00').windowID).toBe(morning.windowID);

      const late = await shopper();
      const refused = await order(late.c, {
        addressID: late.addressID,
        deliveryWindowID: afternoon.windowID,
      });
      expect(refused.code).toBe(101004);
      const moved = await call(mover.c, 'PUT', '/order/delivery-window', {
        orderID: moving.data.orderID,
        windowID: afternoon.windowID,
      });
      expect(moved.code).toBe(101004);
      const detail = await call<OrderDetail>(c, 'GET', `/order/detail?orderID=${kept.data.orderID}`);
      expect(detail.data.deliveryWindow?.windowID).toBe(afternoon.windowID);
    } finally {
      await db()
        .update(deliveryWindowTemplates)
        .set({ isActive: false })
        .where(eq(deliveryWindowTemplates.id, template.id));
    }
  });

  it("another customer's address answers like a missing one", async () => {
    const { addressID } = await shopper();
    const stranger = await registerCustomer(t.app);
    const theirs = await call(stranger, 'GET', `/delivery/windows?addressID=${addressID}`);
    const missing = await call(stranger, 'GET', '/delivery/windows?addressID=2000000000');
    expect(theirs).toMatchObject({ statusCode: missing.statusCode, code: missing.code });
    expect(missing.code).toBe(100002);
  });
});

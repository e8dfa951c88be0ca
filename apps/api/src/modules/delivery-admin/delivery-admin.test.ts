import { and, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressBody } from '@storefront/contract/address';
import type { DeliveryWindow, DeliveryWindows } from '@storefront/contract/delivery';
import type {
  ClosureCreateBody,
  DeliveryClosure,
  DeliveryClosures,
  DeliveryTemplate,
  DeliveryTemplates,
  DeliveryZone,
  DeliveryZones,
  TemplateCreateBody,
} from '@storefront/contract/delivery-admin';
import type { OrderDetail } from '@storefront/contract/order';
import type { ShippingQuote } from '@storefront/contract/shipping';
import { auditLog, deliveryWindows, deliveryWindowTemplates } from '../../db/schema/index.js';
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
import { addStaff, staffCall, staffSession } from '../../../test/staff-factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let owner: string;
let manager: string;
let managerId: number;
let picker: string;
let support: string;
const db = () => t.database.db;

/** The week listed from Tuesday 24 November 2026, 8:00 am in Sydney (AEDT). */
const WEEK = [
  '2026-11-24',
  '2026-11-25',
  '2026-11-26',
  '2026-11-27',
  '2026-11-28',
  '2026-11-29',
  '2026-11-30',
];

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-23T21:00:00Z'));
  owner = await staffSession(t, (await addStaff(db(), 'owner')).id);
  managerId = (await addStaff(db(), 'manager')).id;
  manager = await staffSession(t, managerId);
  picker = await staffSession(t, (await addStaff(db(), 'picker')).id);
  support = await staffSession(t, (await addStaff(db(), 'support')).id);
});
afterAll(() => t?.close());

async function staff<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token = manager,
) {
  const res = await staffCall(t, token, method, url, payload);
  return { statusCode: res.statusCode, ...res.json<{ code: number; msg: string; data: T }>() };
}

async function customer<T>(c: Customer, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(c.token),
    ...(payload ? { payload } : {}),
  });
  return res.json<{ code: number; msg: string; data: T }>();
}

function template(overrides: Partial<TemplateCreateBody> = {}): TemplateCreateBody {
  return {
    zone: 'metro',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    startTime: '09:00',
    endTime: '11:00',
    capacity: 10,
    priceDelta: 0,
    label: null,
    cutoffMinutes: 120,
    isActive: true,
    ...overrides,
  };
}

async function addTemplate(overrides: Partial<TemplateCreateBody> = {}): Promise<DeliveryTemplate> {
  const res = await staff<DeliveryTemplate>('POST', '/delivery/templates', template(overrides));
  expect(res.code, res.msg).toBe(0);
  return res.data;
}

function editOf(tpl: DeliveryTemplate, changes: Partial<TemplateCreateBody>) {
  const { templateID: _id, zone: _zone, booked: _booked, ...fields } = tpl;
  return staff<DeliveryTemplate>('PUT', `/delivery/templates/${tpl.templateID}`, { ...fields, ...changes });
}

async function shopper(address: AddressBody = sydneyAddress) {
  const c = await registerCustomer(t.app);
  const addressID = await addAddress(t.app, c, address);
  const product = await createProduct(db(), { priceCents: 1000, stock: 100 });
  await addToCart(t.app, c, product.id, 1);
  return { c, addressID };
}

async function windowsFor(s: { c: Customer; addressID: number }): Promise<DeliveryWindows> {
  const res = await customer<DeliveryWindows>(s.c, 'GET', `/delivery/windows?addressID=${s.addressID}`);
  expect(res.code, res.msg).toBe(0);
  return res.data;
}

const sydneyTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Australia/Sydney',
  hour: '2-digit',
  minute: '2-digit',
});

/** The days the list has a window starting at `time` (Sydney). */
function daysWith(list: DeliveryWindows, time: string): string[] {
  return list.days
    .filter((d) => d.windows.some((w) => sydneyTime.format(new Date(w.startsAt)) === time))
    .map((d) => d.date);
}

function windowAt(list: DeliveryWindows, day: string, time: string): DeliveryWindow {
  const found = list.days
    .find((d) => d.date === day)
    ?.windows.find((w) => sydneyTime.format(new Date(w.startsAt)) === time);
  if (!found) throw new Error(`no window ${day} ${time}`);
  return found;
}

async function book(s: { c: Customer; addressID: number }, windowID: number): Promise<number> {
  const placed = await customer<OrderDetail>(s.c, 'POST', '/order/create', {
    addressID: s.addressID,
    shippingService: 'standard',
    useCredit: false,
    deliveryWindowID: windowID,
  });
  expect(placed.code, placed.msg).toBe(0);
  return placed.data.orderID;
}

async function windowRow(id: number) {
  const [row] = await db().select().from(deliveryWindows).where(eq(deliveryWindows.id, id));
  return row;
}

async function auditOf(action: string, targetId: number | string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))));
}

describe('delivery window templates', () => {
  it("a new template's windows are on the storefront's list at once, only on its weekdays", async () => {
    const s = await shopper();
    const tpl = await addTemplate({
      startTime: '06:00',
      endTime: '08:00',
      weekdays: [5, 1, 3],
      label: 'Early',
    });
    expect(tpl).toMatchObject({ zone: 'metro', weekdays: [1, 3, 5], booked: 0, priceDelta: 0 });
    // Wednesday 25, Friday 27 and Monday 30 November.
    expect(daysWith(await windowsFor(s), '06:00')).toEqual(['2026-11-25', '2026-11-27', '2026-11-30']);

    const [entry] = await auditOf('delivery_template.create', tpl.templateID);
    expect(entry).toMatchObject({ staffId: managerId, targetType: 'delivery_template' });
    expect(entry?.after).toMatchObject({ startTime: '06:00', weekdays: [1, 3, 5], label: 'Early' });

    // A day taken off stops its window already made being offered; one added is offered at once.
    const edited = await editOf(tpl, { weekdays: [1, 5, 6] });
    expect(edited.code, edited.msg).toBe(0);
    expect(daysWith(await windowsFor(s), '06:00')).toEqual(['2026-11-27', '2026-11-28', '2026-11-30']);
    const [update] = await auditOf('delivery_template.update', tpl.templateID);
    expect(update).toMatchObject({ before: { weekdays: [1, 3, 5] }, after: { weekdays: [1, 5, 6] } });
  });

  it('lists every zone with its templates and the orders booked in their coming windows', async () => {
    const tpl = await addTemplate({ startTime: '21:00', endTime: '22:00', capacity: 4 });
    const s = await shopper();
    await book(s, windowAt(await windowsFor(s), '2026-11-26', '21:00').windowID);
    const res = await staff<DeliveryTemplates>('GET', '/delivery/templates', undefined, owner);
    expect(res.data.zones.map((z) => z.zone)).toEqual(['metro', 'regional', 'interstate', 'remote']);
    const metro = res.data.zones[0]?.templates ?? [];
    expect(metro.map((x) => x.startTime)).toEqual([...metro.map((x) => x.startTime)].sort());
    expect(metro.find((x) => x.templateID === tpl.templateID)).toMatchObject({ capacity: 4, booked: 1 });
  });

  it('a capacity below what is booked is refused and nothing changes; raised, it applies to the windows made', async () => {
    const tpl = await addTemplate({ startTime: '13:00', endTime: '15:00', capacity: 5 });
    const list = await windowsFor(await shopper());
    const thursday = windowAt(list, '2026-11-26', '13:00');
    await book(await shopper(), thursday.windowID);
    await book(await shopper(), thursday.windowID);

    const refused = await editOf(tpl, { capacity: 1, priceDelta: 200 });
    expect(refused).toMatchObject({
      statusCode: 200,
      code: 101402,
      msg: 'The window of Thu 26 Nov, 1:00 pm AEDT already has 2 booked: the capacity cannot go below 2.',
    });
    const [row] = await db()
      .select()
      .from(deliveryWindowTemplates)
      .where(eq(deliveryWindowTemplates.id, tpl.templateID));
    expect(row).toMatchObject({ capacity: 5, priceDeltaCents: 0 });
    expect(await windowRow(thursday.windowID)).toMatchObject({ capacity: 5, booked: 2, priceDeltaCents: 0 });
    expect(await auditOf('delivery_template.update', tpl.templateID)).toEqual([]);

    const raised = await editOf(tpl, { capacity: 20, priceDelta: -150, label: 'Lunch' });
    expect(raised.data).toMatchObject({ capacity: 20, priceDelta: -150, label: 'Lunch', booked: 2 });
    const after = await windowsFor(await shopper());
    expect(windowAt(after, '2026-11-26', '13:00')).toMatchObject({
      windowID: thursday.windowID,
      capacity: 20,
      remaining: 18,
      priceDelta: -150,
      label: 'Lunch',
    });
    expect(windowAt(after, '2026-11-29', '13:00')).toMatchObject({ capacity: 20, remaining: 20 });

    // Down to exactly what is booked: the window is full, the others take 2 each.
    expect((await editOf(tpl, { capacity: 2 })).code).toBe(0);
    const full = await windowsFor(await shopper());
    expect(windowAt(full, '2026-11-26', '13:00')).toMatchObject({ capacity: 2, isFull: true });
    expect(windowAt(full, '2026-11-27', '13:00')).toMatchObject({ capacity: 2, remaining: 2 });
  });

  it('switching off, moving or retiming a template with bookings ahead is refused; once they are gone, it is done', async () => {
    const tpl = await addTemplate({ startTime: '15:00', endTime: '17:00' });
    const s = await shopper();
    const friday = windowAt(await windowsFor(s), '2026-11-27', '15:00');
    const orderID = await book(s, friday.windowID);

    const off = await editOf(tpl, { isActive: false });
    expect(off).toMatchObject({ code: 101403 });
    expect(off.msg).toContain(
      '1 order is booked in coming windows this change takes away (Fri 27 Nov, 3:00 pm AEDT: 1 booked)',
    );
    expect((await editOf(tpl, { startTime: '15:30', endTime: '17:30' })).code).toBe(101403);
    const retimed = await editOf(tpl, { endTime: '18:00' });
    expect(retimed.code).toBe(101403);
    expect(retimed.msg).toContain('a booked window keeps its times');
    expect((await editOf(tpl, { weekdays: [1, 2, 3, 4, 6, 7] })).code).toBe(101403);
    expect(daysWith(await windowsFor(s), '15:00')).toEqual(WEEK);

    expect((await customer(s.c, 'PUT', '/order/cancel', { orderID })).code).toBe(0);
    const moved = await editOf(tpl, { startTime: '15:30', endTime: '17:30' });
    expect(moved.code, moved.msg).toBe(0);
    const list = await windowsFor(s);
    expect(daysWith(list, '15:00')).toEqual([]);
    expect(daysWith(list, '15:30')).toEqual(WEEK);
    // The window of the old time is no longer offered, and keeps no places for a booking racing the change.
    expect(await windowRow(friday.windowID)).toMatchObject({ capacity: 0, booked: 0 });

    expect((await editOf({ ...tpl, startTime: '15:30', endTime: '17:30' }, { isActive: false })).code).toBe(
      0,
    );
    expect(daysWith(await windowsFor(s), '15:30')).toEqual([]);
  });

  it('a later end without bookings moves the end of the windows already made', async () => {
    const tpl = await addTemplate({ startTime: '19:00', endTime: '20:00' });
    const s = await shopper();
    const before = windowAt(await windowsFor(s), '2026-11-28', '19:00');
    expect((await editOf(tpl, { endTime: '21:00', cutoffMinutes: 60 })).code).toBe(0);
    const after = windowAt(await windowsFor(s), '2026-11-28', '19:00');
    expect(after.windowID).toBe(before.windowID);
    expect(after.endsAt).toBe('2026-11-28T10:00:00.000Z');
    expect(after.cutoffAt).toBe('2026-11-28T07:00:00.000Z');
  });

  it.each([
    ['startTime', { startTime: '9:00' }, 'must be a time HH:MM'],
    ['startTime', { startTime: '24:00', endTime: '24:30' }, 'must be a time HH:MM'],
    ['endTime', { startTime: '11:00', endTime: '11:00' }, 'must be after the start time'],
    ['endTime', { startTime: '11:00', endTime: '10:00' }, 'must be after the start time'],
    ['weekdays', { weekdays: [] }, 'must name at least one day'],
    ['weekdays', { weekdays: [0] }, 'must be a day number'],
    ['weekdays', { weekdays: [8] }, 'must be a day number'],
    ['weekdays', { weekdays: [1, 1] }, 'must name each day at most once'],
    ['capacity', { capacity: 0 }, 'must be at least 1'],
    ['capacity', { capacity: 501 }, 'must be at most 500'],
    ['cutoffMinutes', { cutoffMinutes: -1 }, 'must be 0 or more'],
    ['cutoffMinutes', { cutoffMinutes: 2881 }, 'must be at most 2880'],
    ['priceDelta', { priceDelta: 5001 }, 'must be at most 5000'],
    ['priceDelta', { priceDelta: -5001 }, 'must be at least -5000'],
    ['zone', { zone: 'moon' }, ''],
  ])('a template with a bad %s is refused with a 400 naming it (%j)', async (field, change, message) => {
    const res = await staff<{ fields: { field: string; message: string }[] }>('POST', '/delivery/templates', {
      ...template({ startTime: '10:00', endTime: '12:00' }),
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.code).toBe(100001);
    expect(res.data.fields).toContainEqual({
      field: expect.stringMatching(new RegExp(`^body\\.${field}`)) as string,
      message: expect.stringContaining(message) as string,
    });
  });

  it('a second window at a start time the zone has is refused at the start time; another zone may have it', async () => {
    const tpl = await addTemplate({ startTime: '10:30', endTime: '12:00' });
    const twice = await staff(
      'POST',
      '/delivery/templates',
      template({ startTime: '10:30', endTime: '11:30' }),
    );
    expect(twice).toMatchObject({ code: 101401, msg: 'Another metro window already starts at 10:30.' });
    const other = await addTemplate({ startTime: '11:30', endTime: '12:30' });
    expect((await editOf(other, { startTime: '10:30' })).code).toBe(101401);
    expect((await editOf(tpl, { label: 'Mid-morning' })).code).toBe(0);
    expect(
      (await staff('POST', '/delivery/templates', template({ zone: 'remote', startTime: '10:30' }))).code,
    ).toBe(0);
    expect(
      await staff('PUT', '/delivery/templates/2000000000', { ...template(), zone: undefined }),
    ).toMatchObject({ statusCode: 404, code: 100002 });
  });
});

describe('delivery closures', () => {
  const close = (body: Partial<ClosureCreateBody>) =>
    staff<DeliveryClosure>('POST', '/delivery/closures', { zone: null, reason: 'Public holiday', ...body });

  beforeAll(async () => {
    await db()
      .insert(deliveryWindowTemplates)
      .values({ zone: 'regional', startTime: '08:00', endTime: '12:00', capacity: 6 });
  });

  it("a closure hides that day's windows at once, and taken back, they return", async () => {
    const s = await shopper(newcastleAddress);
    const saturday = windowAt(await windowsFor(s), '2026-11-28', '08:00');

    const closed = await close({ date: '2026-11-28', zone: 'regional' });
    expect(closed.code, closed.msg).toBe(0);
    expect(closed.data).toMatchObject({ date: '2026-11-28', zone: 'regional', reason: 'Public holiday' });
    // Today's window closed for booking at 6 am.
    expect(daysWith(await windowsFor(s), '08:00')).toEqual([
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-29',
      '2026-11-30',
    ]);
    expect(await windowRow(saturday.windowID)).toMatchObject({ capacity: 0 });
    // Metro still delivers that day.
    expect((await windowsFor(await shopper())).days.map((d) => d.date)).toContain('2026-11-28');
    const refusedBooking = await customer(s.c, 'POST', '/order/create', {
      addressID: s.addressID,
      shippingService: 'standard',
      useCredit: false,
      deliveryWindowID: saturday.windowID,
    });
    expect(refusedBooking.code).toBe(101004);

    const listed = await staff<DeliveryClosures>('GET', '/delivery/closures');
    expect(listed.data.list).toContainEqual(expect.objectContaining({ closureID: closed.data.closureID }));
    const removed = await staff('DELETE', `/delivery/closures/${closed.data.closureID}`);
    expect(removed).toMatchObject({ statusCode: 200, code: 0, data: null });
    expect(windowAt(await windowsFor(s), '2026-11-28', '08:00')).toMatchObject({
      windowID: saturday.windowID,
      capacity: 6,
      remaining: 6,
    });
    expect((await staff<DeliveryClosures>('GET', '/delivery/closures')).data.list).not.toContainEqual(
      expect.objectContaining({ closureID: closed.data.closureID }),
    );
    const [created] = await auditOf('delivery_closure.create', closed.data.closureID);
    expect(created?.after).toEqual({ date: '2026-11-28', zone: 'regional', reason: 'Public holiday' });
    expect(await auditOf('delivery_closure.delete', closed.data.closureID)).toHaveLength(1);
  });

  it('a day not yet made is never made while closed: every zone, beyond the week listed', async () => {
    const closed = await close({ date: '2026-12-01', reason: 'Stocktake' });
    expect(closed.code, closed.msg).toBe(0);
    t.clock.set(new Date('2026-11-24T21:00:00Z'));
    try {
      const list = await windowsFor(await shopper());
      expect(list.days.map((d) => d.date)).toEqual(WEEK.slice(1));
      const made = await db()
        .select()
        .from(deliveryWindows)
        .where(
          and(
            gte(deliveryWindows.startsAt, new Date('2026-11-30T13:00:00Z')),
            lt(deliveryWindows.startsAt, new Date('2026-12-01T13:00:00Z')),
          ),
        );
      expect(made).toEqual([]);
    } finally {
      t.clock.set(new Date('2026-11-23T21:00:00Z'));
      await staff('DELETE', `/delivery/closures/${closed.data.closureID}`);
    }
  });

  it('a closure on a day with bookings is refused, naming how many orders, and nothing changes', async () => {
    const s = await shopper(newcastleAddress);
    const thursday = windowAt(await windowsFor(s), '2026-11-26', '08:00');
    await book(s, thursday.windowID);
    expect(await close({ date: '2026-11-26', zone: 'regional' })).toMatchObject({
      code: 101405,
      msg: '1 order is booked for delivery on Thu 26 Nov 2026 (regional 1). Move or cancel them first, then close the day.',
    });
    // Every zone: the metro orders that day count too.
    const everywhere = await close({ date: '2026-11-26' });
    expect(everywhere.code).toBe(101405);
    expect(everywhere.msg).toMatch(
      /^\d+ orders are booked for delivery on Thu 26 Nov 2026 \(metro \d+, regional 1\)/,
    );
    expect(await windowRow(thursday.windowID)).toMatchObject({ capacity: 6, booked: 1 });
    expect(windowAt(await windowsFor(s), '2026-11-26', '08:00').windowID).toBe(thursday.windowID);
    // Another zone has no orders that day: it may close.
    const interstate = await close({ date: '2026-11-26', zone: 'interstate' });
    expect(interstate.code).toBe(0);
    await staff('DELETE', `/delivery/closures/${interstate.data.closureID}`);
  });

  it('a past day, a day already closed, a bad date and an unknown closure are refused', async () => {
    expect(await close({ date: '2026-11-23' })).toMatchObject({
      code: 101404,
      msg: 'Mon 23 Nov 2026 has passed: close today (Tue 24 Nov 2026) or a later day.',
    });
    const first = await close({ date: '2026-12-25', reason: 'Christmas Day' });
    expect(first.code).toBe(0);
    expect((await close({ date: '2026-12-25' })).code).toBe(101406);
    expect((await close({ date: '2026-12-25', zone: 'metro' })).code).toBe(101406);
    const bad = await staff<{ fields: { field: string }[] }>('POST', '/delivery/closures', {
      date: '2026-02-30',
      zone: null,
      reason: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.fields.map((f) => f.field)).toContain('body.date');
    const noReason = await close({ date: '2026-12-26', reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect((await staff('DELETE', '/delivery/closures/2000000000')).statusCode).toBe(404);
  });
});

describe('zone minimum orders', () => {
  const setMinimum = (zone: string, body: object, token = manager) =>
    staff<DeliveryZone>('PUT', `/delivery/zones/${zone}`, body, token);

  it('lists every zone with its minimum, none to begin with', async () => {
    const res = await staff<DeliveryZones>('GET', '/delivery/zones');
    expect(res.code).toBe(0);
    expect(res.data.zones.map((z) => [z.zone, z.minimumOrder])).toEqual([
      ['interstate', 0],
      ['metro', 0],
      ['regional', 0],
      ['remote', 0],
    ]);
  });

  it("a manager sets a zone's minimum: audited, and the cart's quote and checkout follow at once", async () => {
    // Perth goes by courier: no window to book.
    const s = await shopper({ ...sydneyAddress, suburb: 'Perth', state: 'WA', postcode: '6000' });
    const set = await setMinimum('interstate', { minimumOrder: 2_550 });
    expect(set.code, set.msg).toBe(0);
    expect(set.data).toMatchObject({ zone: 'interstate', minimumOrder: 2_550 });
    expect(set.data.updatedAt).toBe(new Date('2026-11-23T21:00:00Z').toISOString());

    const [entry] = await auditOf('delivery_zone.update', 'interstate');
    expect(entry).toMatchObject({
      staffId: managerId,
      targetType: 'delivery_zone',
      before: { minimumOrder: 0 },
      after: { minimumOrder: 2_550 },
    });
    const quote = await customer<ShippingQuote>(
      s.c,
      'GET',
      `/shipping/calc-selected?addressID=${s.addressID}`,
    );
    expect(quote.data).toMatchObject({ minimumOrder: 2_550, amountToMinimum: 1_550 });
    const refused = await customer(s.c, 'POST', '/order/create', {
      addressID: s.addressID,
      shippingService: 'standard',
      useCredit: false,
    });
    expect(refused.code).toBe(100615);

    // Setting what is already set changes nothing, and records nothing.
    expect((await setMinimum('interstate', { minimumOrder: 2_550 }, owner)).code).toBe(0);
    expect(await auditOf('delivery_zone.update', 'interstate')).toHaveLength(1);
    // Taking it away lets the same order go.
    expect((await setMinimum('interstate', { minimumOrder: 0 }, owner)).data.minimumOrder).toBe(0);
    expect(await auditOf('delivery_zone.update', 'interstate')).toHaveLength(2);
    const placed = await customer(s.c, 'POST', '/order/create', {
      addressID: s.addressID,
      shippingService: 'standard',
      useCredit: false,
    });
    expect(placed.code, placed.msg).toBe(0);
  });

  it('refuses a bad zone or amount with a 400 naming the field, and changes nothing', async () => {
    const cases: [string, object, string][] = [
      ['metro', { minimumOrder: -1 }, 'body.minimumOrder'],
      ['metro', { minimumOrder: 100_001 }, 'body.minimumOrder'],
      ['metro', { minimumOrder: 12.5 }, 'body.minimumOrder'],
      ['metro', { minimumOrder: '3000' }, 'body.minimumOrder'],
      ['metro', {}, 'body.minimumOrder'],
      ['metro', { minimumOrder: 3_000, zone: 'regional' }, 'body'],
      ['moon', { minimumOrder: 3_000 }, 'params.zone'],
    ];
    for (const [zone, body, field] of cases) {
      const res = await staff<{ fields: { field: string }[] }>('PUT', `/delivery/zones/${zone}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.data.fields.map((f) => f.field).join(' '), JSON.stringify(body)).toContain(field);
    }
    const listed = await staff<DeliveryZones>('GET', '/delivery/zones');
    expect(listed.data.zones.find((z) => z.zone === 'metro')?.minimumOrder).toBe(0);
  });
});

describe('who may change delivery windows', () => {
  it.each([
    ['GET', '/delivery/zones', undefined],
    ['PUT', '/delivery/zones/metro', { minimumOrder: 1_000 }],
    ['GET', '/delivery/templates', undefined],
    ['POST', '/delivery/templates', template({ startTime: '05:00', endTime: '06:00' })],
    ['PUT', '/delivery/templates/1', { ...template(), zone: undefined }],
    ['GET', '/delivery/closures', undefined],
    ['POST', '/delivery/closures', { date: '2026-12-31', zone: null, reason: 'NYE' }],
    ['DELETE', '/delivery/closures/1', undefined],
  ] as const)('pickers and support are refused %s %s', async (method, url, payload) => {
    for (const token of [picker, support]) {
      const res = await staffCall(t, token, method, url, payload);
      expect(res.statusCode).toBe(403);
    }
  });
});

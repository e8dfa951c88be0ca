import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressBody } from '@storefront/contract/address';
import type { DeliveryWindow, DeliveryWindows } from '@storefront/contract/delivery';
import { deliveryWindowTemplates } from '../../db/schema/index.js';
import { createProduct } from '../../../test/catalog-factories.js';
import {
  addAddress,
  addToCart,
  bearer,
  newcastleAddress,
  registerCustomer,
  sydneyAddress,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/**
 * Windows on the days Sydney's clocks change: Sunday 4 October 2026 has 23 hours (2:00 -> 3:00 am, AEST +10 to
 * AEDT +11), Sunday 4 April 2027 has 25 (3:00 -> 2:00 am, back to AEST). The clock only goes forward in this file.
 */
let t: TestApp;

const sydneyClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Australia/Sydney',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
/** "2026-10-04 08:00", as a wall clock in Sydney reads the instant. */
const inSydney = (iso: string) => sydneyClock.format(new Date(iso)).replace(',', '');

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(deliveryWindowTemplates).values([
    { zone: 'metro', startTime: '07:00', endTime: '09:00', capacity: 10, cutoffMinutes: 120 },
    // Booking closes at 8 pm the evening before.
    { zone: 'regional', startTime: '08:00', endTime: '12:00', capacity: 10, cutoffMinutes: 720 },
  ]);
});
afterAll(async () => {
  await t?.close();
});

async function shopper(address: AddressBody) {
  const c = await registerCustomer(t.app);
  const addressID = await addAddress(t.app, c, address);
  const product = await createProduct(t.database.db, { priceCents: 1000, stock: 100 });
  await addToCart(t.app, c, product.id, 1);
  return { c, addressID };
}

async function windowsAt(now: string, address: AddressBody) {
  t.clock.set(new Date(now));
  const { c, addressID } = await shopper(address);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/delivery/windows?addressID=${addressID}`,
    headers: bearer(c.token),
  });
  return { c, addressID, list: res.json<{ data: DeliveryWindows }>().data };
}

function onDay(list: DeliveryWindows, date: string): DeliveryWindow {
  const w = list.days.find((d) => d.date === date)?.windows[0];
  if (!w) throw new Error(`no window on ${date}`);
  return w;
}

async function order(c: { token: string }, addressID: number, deliveryWindowID: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/order/create',
    headers: bearer(c.token),
    payload: { shippingService: 'standard', useCredit: false, addressID, deliveryWindowID },
  });
  return res.json<{ code: number }>().code;
}

describe('delivery windows when the clocks change', () => {
  it('a week across the change to daylight saving has seven days, each window at its local time', async () => {
    // Friday 2 October 2026, 9 pm in Sydney (AEST).
    const { list } = await windowsAt('2026-10-02T11:00:00Z', sydneyAddress);
    const days = ['2026-10-03', '2026-10-04', '2026-10-05', '2026-10-06', '2026-10-07', '2026-10-08'];
    expect(list.days.map((d) => d.date)).toEqual(days);
    for (const day of days) {
      const w = onDay(list, day);
      expect([inSydney(w.startsAt), inSydney(w.endsAt), inSydney(w.cutoffAt)]).toEqual([
        `${day} 07:00`,
        `${day} 09:00`,
        `${day} 05:00`,
      ]);
    }
    // The 23-hour Sunday: 7 am is already daylight time.
    expect(onDay(list, '2026-10-04').startsAt).toBe('2026-10-03T20:00:00.000Z');
  });

  it('a cut-off the evening before is at that hour on the wall clock, also the night the clocks go forward', async () => {
    // Saturday 3 October 2026, 7:30 pm in Sydney (AEST): twelve hours before 8 am AEDT on Sunday is 7 pm, but
    // booking closes at 8 pm, as on every other evening.
    const { c, addressID, list } = await windowsAt('2026-10-03T09:30:00Z', newcastleAddress);
    const sunday = onDay(list, '2026-10-04');
    expect(inSydney(sunday.startsAt)).toBe('2026-10-04 08:00');
    expect(inSydney(sunday.cutoffAt)).toBe('2026-10-03 20:00');
    expect(inSydney(onDay(list, '2026-10-05').cutoffAt)).toBe('2026-10-04 20:00');
    expect(await order(c, addressID, sunday.windowID)).toBe(0);
  });

  it('a cut-off the evening before is at that hour on the wall clock, also the night the clocks go back', async () => {
    // Saturday 3 April 2027, 8:30 pm in Sydney (AEDT): twelve hours before 8 am AEST on Sunday would be 9 pm.
    const { c, addressID, list } = await windowsAt('2027-04-03T09:30:00Z', newcastleAddress);
    expect(list.days.map((d) => d.date)[0]).toBe('2027-04-05');
    const monday = onDay(list, '2027-04-05');
    expect([inSydney(monday.startsAt), inSydney(monday.cutoffAt)]).toEqual([
      '2027-04-05 08:00',
      '2027-04-04 20:00',
    ]);
    // The Sunday's window closed at 8 pm (09:00 UTC), before this moment: it is neither listed nor booked.
    const sydney = await windowsAt('2027-04-03T08:59:00Z', newcastleAddress);
    const sunday = onDay(sydney.list, '2027-04-04');
    expect(sunday.cutoffAt).toBe('2027-04-03T09:00:00.000Z');
    t.clock.set(new Date('2027-04-03T09:30:00Z'));
    expect(await order(c, addressID, sunday.windowID)).toBe(101003);
  });

  it('the 25-hour day keeps its windows at their local times', async () => {
    // Saturday 3 April 2027, 11 pm in Sydney (AEDT).
    const { list } = await windowsAt('2027-04-03T12:00:00Z', sydneyAddress);
    const sunday = onDay(list, '2027-04-04');
    expect([sunday.startsAt, sunday.endsAt]).toEqual([
      '2027-04-03T21:00:00.000Z',
      '2027-04-03T23:00:00.000Z',
    ]);
    expect(inSydney(sunday.cutoffAt)).toBe('2027-04-04 05:00');
    // Today's window is past; the week runs to Friday 9 April.
    expect(list.days.map((d) => d.date)).toEqual([
      '2027-04-04',
      '2027-04-05',
      '2027-04-06',
      '2027-04-07',
      '2027-04-08',
      '2027-04-09',
    ]);
  });
});

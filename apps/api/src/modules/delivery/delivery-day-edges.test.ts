import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryWindows } from '@storefront/contract/delivery';
import { violatedConstraint } from '../../db/client.js';
import { deliveryWindowTemplates } from '../../db/schema/index.js';
import { createProduct } from '../../../test/catalog-factories.js';
import {
  addAddress,
  addToCart,
  bearer,
  newcastleAddress,
  registerCustomer,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/**
 * Templates at the edges of a day: its first and last minutes, and the small hours of the Sundays Sydney's clocks
 * change (4 October 2026: 2:00 AEST -> 3:00 AEDT, the hour 2:00-2:59 never comes; 4 April 2027: 3:00 AEDT ->
 * 2:00 AEST, that hour comes twice). Templates are wall-clock spans of one day (migration 0016).
 */
let t: TestApp;

const sydneyClock = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'Australia/Sydney',
  hourCycle: 'h23',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});
/** "03:00 AEDT – 04:00 AEDT", as a wall clock in Sydney reads a window. */
const span = (w: { startsAt: string; endsAt: string }) =>
  `${sydneyClock.format(new Date(w.startsAt))} – ${sydneyClock.format(new Date(w.endsAt))}`;

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(deliveryWindowTemplates).values(
    [
      ['00:00', '01:00'],
      ['01:30', '02:30'],
      ['02:00', '03:00'],
      ['02:30', '04:00'],
      ['23:00', '23:59'],
      ['23:58', '23:59'],
    ].map(([startTime = '', endTime = '']) => ({
      zone: 'regional' as const,
      startTime,
      endTime,
      capacity: 5,
      cutoffMinutes: 60,
    })),
  );
});
afterAll(async () => {
  await t?.close();
});

async function shopperAt(now: string) {
  t.clock.set(new Date(now));
  const c = await registerCustomer(t.app);
  const addressID = await addAddress(t.app, c, newcastleAddress);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/delivery/windows?addressID=${addressID}`,
    headers: bearer(c.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { c, addressID, list: res.json<{ data: DeliveryWindows }>().data };
}

const spansOn = (list: DeliveryWindows, date: string) =>
  list.days.find((d) => d.date === date)?.windows.map(span);

describe('delivery windows at the edges of a day', () => {
  it('a template may take the first minute of a day and end in its last; every day lists it, the last too', async () => {
    // Monday 23 November 2026, 9:30 pm in Sydney: the week runs to Sunday the 29th.
    const { list } = await shopperAt('2026-11-23T10:30:00Z');
    expect(list.days.map((d) => d.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(spansOn(list, '2026-11-23')).toEqual(['23:00 AEDT – 23:59 AEDT', '23:58 AEDT – 23:59 AEDT']);
    for (const day of list.days.slice(1))
      expect(
        [day.windows[0], day.windows.at(-1)].map((w) => w && span(w)),
        day.date,
      ).toEqual(['00:00 AEDT – 01:00 AEDT', '23:58 AEDT – 23:59 AEDT']);
  });

  it('the database refuses a template starting at 23:59: no later minute of its day is left to end it', async () => {
    const err = await t.database.db
      .insert(deliveryWindowTemplates)
      .values({ zone: 'regional', startTime: '23:59', endTime: '24:00', capacity: 5 })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(violatedConstraint(err)).toBe('delivery_window_templates_times_valid');
  });

  it('the night the clocks go forward, a window runs while the clock reads within it: from 3 am if it starts in the hour skipped', async () => {
    // Saturday 3 October 2026, 9 pm in Sydney (AEST).
    const { c, addressID, list } = await shopperAt('2026-10-03T11:00:00Z');
    expect(spansOn(list, '2026-10-04')).toEqual([
      '00:00 AEST – 01:00 AEST',
      // Until the clock passes 2:30, which it does at 2 am AEST, jumping to 3 am AEDT.
      '01:30 AEST – 03:00 AEDT',
      // 2:30 to 4:00 starts when the clock first reads past 2:30. The 2:00 to 3:00 template has no time that day.
      '03:00 AEDT – 04:00 AEDT',
      '23:00 AEDT – 23:59 AEDT',
      '23:58 AEDT – 23:59 AEDT',
    ]);
    // The other days keep every template.
    expect(spansOn(list, '2026-10-05')).toEqual([
      '00:00 AEDT – 01:00 AEDT',
      '01:30 AEDT – 02:30 AEDT',
      '02:00 AEDT – 03:00 AEDT',
      '02:30 AEDT – 04:00 AEDT',
      '23:00 AEDT – 23:59 AEDT',
      '23:58 AEDT – 23:59 AEDT',
    ]);
    // The window from 3 am is offered, so it can be booked.
    const three = list.days.find((d) => d.date === '2026-10-04')?.windows[2];
    const product = await createProduct(t.database.db, { priceCents: 1000, stock: 10 });
    await addToCart(t.app, c, product.id, 1);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/order/create',
      headers: bearer(c.token),
      payload: {
        shippingService: 'standard',
        useCredit: false,
        addressID,
        deliveryWindowID: three?.windowID,
      },
    });
    expect(placed.json<{ code: number }>().code).toBe(0);
  });

  it('the night the clocks go back, a window in the hour that comes twice runs from its first to its last', async () => {
    // Saturday 3 April 2027, 9 pm in Sydney (AEDT).
    const { list } = await shopperAt('2027-04-03T10:00:00Z');
    expect(spansOn(list, '2027-04-04')).toEqual([
      '00:00 AEDT – 01:00 AEDT',
      '01:30 AEDT – 02:30 AEST',
      // The first 2 am (AEDT) to 3 am, which comes once (AEST): two hours.
      '02:00 AEDT – 03:00 AEST',
      '02:30 AEDT – 04:00 AEST',
      '23:00 AEST – 23:59 AEST',
      '23:58 AEST – 23:59 AEST',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { DeliveryWindowRow, DeliveryWindowTemplateRow } from '../../db/schema/index.js';
import { isoWeekday, planWindows, windowOf, windowsFromTemplates, type Offering } from './delivery.rules.js';

const morning: DeliveryWindowTemplateRow = {
  id: 1,
  zone: 'metro',
  startTime: '09:00',
  endTime: '11:00',
  capacity: 10,
  priceDeltaCents: 0,
  label: null,
  cutoffMinutes: 120,
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  isActive: true,
};

/** The window the template made on a day, with some booked. */
function made(day: string, booked: number, id = 100): DeliveryWindowRow {
  const w = windowOf(morning, day);
  if (!w) throw new Error('no window');
  return { ...w, id, booked };
}

const as = (templates: DeliveryWindowTemplateRow[], closures: Offering['closures'] = []) => ({
  templates,
  closures,
});

describe('windows made from templates', () => {
  it('numbers the days of the week as ISO does, Monday 1 to Sunday 7', () => {
    expect(['2026-11-23', '2026-11-28', '2026-11-29', '2024-02-29'].map(isoWeekday)).toEqual([1, 6, 7, 4]);
  });

  it('makes a window only on the days its template runs', () => {
    const weekends = { ...morning, weekdays: [6, 7] };
    const days = ['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30'];
    expect(windowsFromTemplates([weekends], days).map((w) => w.startsAt.toISOString())).toEqual([
      '2026-11-27T22:00:00.000Z',
      '2026-11-28T22:00:00.000Z',
    ]);
  });
});

describe('a change of templates or closures, planned over the windows already made', () => {
  it('gives an offered window its template’s new capacity, price and label, and nothing else', () => {
    const w = made('2026-11-26', 3);
    const after = { ...morning, capacity: 20, priceDeltaCents: 150, label: 'Morning' };
    expect(planWindows([w], as([morning]), as([after]))).toEqual({
      updates: [{ id: 100, set: { capacity: 20, priceDeltaCents: 150, label: 'Morning' } }],
      lost: [],
      retimed: [],
      overbooked: [],
    });
  });

  it('refuses a capacity below what is booked, and a new end for a booked window', () => {
    const w = made('2026-11-26', 3);
    expect(planWindows([w], as([morning]), as([{ ...morning, capacity: 2 }])).overbooked).toEqual([w]);
    expect(planWindows([w], as([morning]), as([{ ...morning, endTime: '12:00' }])).retimed).toEqual([w]);
    const free = made('2026-11-27', 0, 101);
    expect(planWindows([free], as([morning]), as([{ ...morning, endTime: '12:00' }])).updates).toEqual([
      { id: 101, set: { endsAt: new Date('2026-11-27T01:00:00.000Z') } },
    ]);
  });

  it('a booked window the change takes away is refused; an empty one keeps no places', () => {
    const booked = made('2026-11-26', 1, 100);
    const empty = made('2026-11-27', 0, 101);
    const thursdayOff = { ...morning, weekdays: [1, 2, 3, 5, 6, 7] };
    expect(planWindows([booked, empty], as([morning]), as([thursdayOff]))).toMatchObject({
      lost: [booked],
      updates: [],
    });
    const closed = as([morning], [{ date: '2026-11-27', zone: null }]);
    expect(planWindows([booked, empty], as([morning]), closed)).toMatchObject({
      lost: [],
      updates: [{ id: 101, set: { capacity: 0 } }],
    });
    // Opened again: its places come back.
    const emptied = { ...empty, capacity: 0 };
    expect(planWindows([emptied], closed, as([morning])).updates).toEqual([
      { id: 101, set: { capacity: 10 } },
    ]);
  });

  it('leaves alone a booked window that was not offered before the change either', () => {
    const kept = made('2026-11-26', 2);
    const off = { ...morning, isActive: false };
    expect(planWindows([kept], as([off]), as([{ ...off, capacity: 1 }]))).toEqual({
      updates: [],
      lost: [],
      retimed: [],
      overbooked: [],
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { DeliveryWindow, DeliveryWindows } from '@storefront/contract/delivery';
import { bookableIds, openWindowsOf, pickOne, quantityForMinimum } from './shopper-mix.js';

function listed(windowID: number, cutoffAt: string, isFull = false): DeliveryWindow {
  return {
    windowID,
    startsAt: cutoffAt,
    endsAt: cutoffAt,
    cutoffAt,
    label: null,
    priceDelta: 0,
    capacity: 8,
    remaining: isFull ? 0 : 8,
    isFull,
  };
}

const listing: DeliveryWindows = {
  zone: 'metro',
  required: true,
  timeZone: 'Australia/Sydney',
  days: [
    {
      date: '2026-11-30',
      windows: [listed(1, '2026-11-30T01:00:00Z'), listed(2, '2026-11-30T03:00:00Z', true)],
    },
    { date: '2026-12-01', windows: [listed(3, '2026-12-01T01:00:00Z')] },
  ],
};

describe("the metro shoppers' choices", () => {
  it('a window is chosen among those with a place left whose cut-off is still ahead after the margin', () => {
    const open = openWindowsOf(listing);
    expect(open.map((w) => w.windowID)).toEqual([1, 3]);
    const now = Date.parse('2026-11-30T00:30:00Z');
    expect(bookableIds(open, now, 10 * 60_000)).toEqual([1, 3]);
    expect(bookableIds(open, now, 60 * 60_000)).toEqual([3]);
  });

  it('each window is as likely as the next, and an empty choice stops the bench', () => {
    expect(pickOne([7, 8, 9], () => 0)).toBe(7);
    expect(pickOne([7, 8, 9], () => 0.5)).toBe(8);
    expect(pickOne([7, 8, 9], () => 0.999)).toBe(9);
    expect(() => pickOne([], () => 0)).toThrow('nothing to pick from');
  });

  it('a cart reaches the minimum order with as few of the product as it takes', () => {
    expect(quantityForMinimum(500, 3000)).toBe(6);
    expect(quantityForMinimum(501, 3000)).toBe(6);
    expect(quantityForMinimum(3000, 3000)).toBe(1);
    expect(quantityForMinimum(650, 0)).toBe(1);
  });
});

import { describe, expect, it, vi } from 'vitest';

// A customer in Perth (UTC+8, no daylight saving): what the page says must not follow the browser's clock.
vi.hoisted(() => {
  process.env.TZ = 'Australia/Perth';
});

import { formatDateTime, formatDay, storeZoneName } from './date-time';

describe("dates and times by the store's clock, wherever the browser is", () => {
  it('a moment is Sydney time, its zone named (daylight time in summer, standard in winter)', () => {
    // 10:30 pm on the 26th in Perth is 1:30 am on the 27th in Sydney.
    expect(formatDateTime('2026-11-26T14:30:00.000Z')).toBe('27 Nov 2026, 1:30 am AEDT');
    expect(formatDateTime('2026-07-26T14:30:00.000Z')).toBe('27 July 2026, 12:30 am AEST');
  });

  it("a day is Sydney's day (an order placed at 1:30 am in Sydney is on the 27th)", () => {
    expect(formatDay('2026-11-26T14:30:00.000Z')).toBe('27 Nov 2026');
    expect(formatDay('2026-11-26T14:30:00.000Z', 'long')).toBe('27 November 2026');
  });

  it('names the zone the store is in at a moment, across a change of the clocks', () => {
    // Sydney's clocks went forward at 2 am on Sunday 4 October 2026 (16:00 UTC on the 3rd).
    expect(storeZoneName('2026-10-03T15:59:00.000Z')).toBe('AEST');
    expect(storeZoneName('2026-10-03T16:00:00.000Z')).toBe('AEDT');
  });
});

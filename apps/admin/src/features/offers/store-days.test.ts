import { describe, expect, it } from 'vitest';
import {
  dayAfter,
  formatShortDay,
  lastStoreDay,
  storeDayAt,
  storeDayStart,
  storeDaysEnd,
} from './store-days';

describe('store days', () => {
  it('a day begins at midnight in Sydney, summer and winter', () => {
    expect(storeDayStart('2026-12-01')).toBe('2026-11-30T13:00:00.000Z');
    expect(storeDayStart('2026-06-01')).toBe('2026-05-31T14:00:00.000Z');
  });

  it('the days the clocks change begin at their own midnight', () => {
    // Daylight saving starts at 2 am on 4 Oct 2026 and ends at 3 am on 5 Apr 2026: midnight is before both.
    expect(storeDayStart('2026-10-04')).toBe('2026-10-03T14:00:00.000Z');
    expect(storeDayStart('2026-04-05')).toBe('2026-04-04T13:00:00.000Z');
    expect(storeDayStart('2026-10-05')).toBe('2026-10-04T13:00:00.000Z');
  });

  it('a run of days ends at the start of the day after its last, across a month and a year', () => {
    expect(dayAfter('2026-12-31')).toBe('2027-01-01');
    expect(storeDaysEnd('2026-12-31')).toBe('2026-12-31T13:00:00.000Z');
  });

  it('reads back the first and last day of a run', () => {
    expect(storeDayAt('2026-11-30T13:00:00.000Z')).toBe('2026-12-01');
    expect(lastStoreDay('2026-12-31T13:00:00.000Z')).toBe('2026-12-31');
    // Ended mid-afternoon: that day was its last.
    expect(lastStoreDay('2026-12-10T04:00:00.000Z')).toBe('2026-12-10');
  });

  it('shows a day short', () => {
    expect(formatShortDay('2026-12-01')).toBe('1 Dec 2026');
  });
});

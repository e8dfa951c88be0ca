import { afterEach, describe, expect, it, vi } from 'vitest';
import { birthday } from './account.js';

/** Whether the birthday is accepted when it is `now` (an instant; the store's days are Sydney's). */
function acceptedAt(now: string, date: string): boolean {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(now));
  return birthday.safeParse(date).success;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a birthday is a date: 13 and 120 years are counted in calendar days, not hours', () => {
  it('a customer turning 13 today is accepted from the morning, a day before not', () => {
    // 9 am on Saturday 28 November 2026 in Sydney (22:00 UTC on the 27th).
    expect(acceptedAt('2026-11-27T22:00:00Z', '2013-11-28')).toBe(true);
    expect(acceptedAt('2026-11-27T22:00:00Z', '2013-11-29')).toBe(false);
  });

  it('with four leap days in those 13 years, the birthday is still the day, not the day before', () => {
    // 9 pm on 29 February 2024 in Sydney: born on 1 March 2011, 13 tomorrow.
    expect(acceptedAt('2024-02-29T10:00:00Z', '2011-03-01')).toBe(false);
    expect(acceptedAt('2024-02-29T10:00:00Z', '2011-02-28')).toBe(true);
  });

  it('120 years ago today is accepted, a day more is not', () => {
    expect(acceptedAt('2026-11-27T22:00:00Z', '1906-11-28')).toBe(true);
    expect(acceptedAt('2026-11-27T22:00:00Z', '1906-11-27')).toBe(false);
  });
});

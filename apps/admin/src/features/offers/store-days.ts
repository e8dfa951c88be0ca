import { STORE_TIME_ZONE } from '@storefront/contract/limits';
import { storeDayOf } from '../../lib/format';

/*
 * Coupons and vouchers run for whole store days, by the store's clock in Sydney wherever the browser is: from the
 * start of the first day to the end of the last, the API's `endsAt` being the start of the day after.
 */

const storeClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: STORE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** How far Sydney's clock is ahead of UTC at an instant, in milliseconds. */
function storeOffsetAt(instant: number): number {
  const p = Object.fromEntries(
    storeClock.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

function utcMidnight(day: string): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return Date.UTC(year, month - 1, date);
}

/** The instant a store day (YYYY-MM-DD) begins, as the API takes it (ISO, UTC). */
export function storeDayStart(day: string): string {
  const midnight = utcMidnight(day);
  // The offset at a first guess, then at the instant found: near a daylight-saving change they differ.
  const guess = midnight - storeOffsetAt(midnight);
  return new Date(midnight - storeOffsetAt(guess)).toISOString();
}

export function dayAfter(day: string): string {
  return new Date(utcMidnight(day) + 24 * 3600 * 1000).toISOString().slice(0, 10);
}

/** The instant a run of store days ends: the start of the day after its last. */
export function storeDaysEnd(lastDay: string): string {
  return storeDayStart(dayAfter(lastDay));
}

/** The store day an instant falls on. */
export function storeDayAt(iso: string): string {
  return storeDayOf(new Date(iso));
}

/** The last store day something ending at `endsAt` still works on. */
export function lastStoreDay(endsAt: string): string {
  return storeDayOf(new Date(Date.parse(endsAt) - 1));
}

const shortDay = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** A store day (YYYY-MM-DD) as staff read it: "1 Dec 2026". */
export function formatShortDay(day: string): string {
  return shortDay.format(new Date(utcMidnight(day)));
}

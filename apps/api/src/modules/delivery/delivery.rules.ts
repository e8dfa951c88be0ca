import { DELIVERY_WINDOW_DAYS, STORE_TIME_ZONE } from '@storefront/contract/delivery';
import type { DeliveryWindowRow, DeliveryWindowTemplateRow } from '../../db/schema/index.js';

const parts = new Intl.DateTimeFormat('en-AU', {
  timeZone: STORE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The store's wall clock at an instant, as numbers (one formatting: it is the costly part of a listing). */
function wallClock(at: Date) {
  const value: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of parts.formatToParts(at)) value[part.type] = Number(part.value);
  return {
    year: value.year ?? 0,
    month: value.month ?? 1,
    day: value.day ?? 1,
    hour: value.hour ?? 0,
    minute: value.minute ?? 0,
    second: value.second ?? 0,
  };
}

/** How far the store's wall clock is ahead of UTC at an instant (10 or 11 hours in Sydney). */
function offsetMs(at: Date): number {
  const w = wallClock(at);
  return (
    Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at.getTime() / 1000) * 1000
  );
}

/** The store's local date at an instant, `YYYY-MM-DD`. */
export function localDate(at: Date): string {
  const w = wallClock(at);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/**
 * `compute` remembered by key, at most `REMEMBERED` answers (then all forgotten at once): listings ask for the same
 * week of windows again and again, and the time zone's arithmetic is the costly part of them.
 */
function remembered<K, V>(compute: (key: K) => V): (key: K) => V {
  const answers = new Map<K, V>();
  return (key) => {
    let answer = answers.get(key);
    if (answer === undefined) {
      if (answers.size >= REMEMBERED) answers.clear();
      answer = compute(key);
      answers.set(key, answer);
    }
    return answer;
  };
}
const REMEMBERED = 2000;

const dayOfInstant = remembered((at: number) => localDate(new Date(at)));

/** `localDate` for a window's start, remembered. */
export function localDateOfWindow(startsAt: Date): string {
  return dayOfInstant(startsAt.getTime());
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The first and the last instant the store's wall clock reads a local date and time, remembered. */
const occurrencesOf = remembered((dateTime: string) => {
  const [date = '', time = ''] = dateTime.split(' ');
  return computeOccurrences(date, time);
});

/**
 * The instant the store's wall clock first reads a local date and `HH:MM` time, or first reads past it when the
 * clocks skip it (2:30 am on the Sunday daylight saving starts: 3:00 am AEDT); midnight always exists in Sydney.
 */
export function localInstant(date: string, time: string): Date {
  return new Date(occurrencesOf(`${date} ${time}`).first);
}

/**
 * The instant the store's wall clock last reads a local date and time (of the hour the clocks repeat, the second
 * time), or first reads past it when they skip it: where a window ending then ends.
 */
export function localEndInstant(date: string, time: string): Date {
  return new Date(occurrencesOf(`${date} ${time}`).last);
}

function computeOccurrences(date: string, time: string): { first: number; last: number } {
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  const asUtc = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, h ?? 0, min ?? 0);
  // The offsets a day either side: they differ only across a change of the clocks, and the time read on either
  // offset is the wall clock's only where that offset holds.
  const before = offsetMs(new Date(asUtc - DAY));
  const after = offsetMs(new Date(asUtc + DAY));
  const found = [...new Set([asUtc - before, asUtc - after])]
    .filter((at) => offsetMs(new Date(at)) === asUtc - at)
    .sort((a, b) => a - b);
  const first = found[0];
  const last = found[found.length - 1];
  if (first !== undefined && last !== undefined) return { first, last };
  const jump = clocksJumpBetween(asUtc - after, asUtc - before);
  return { first: jump, last: jump };
}

/** The minute the clocks jump forward, between an instant before it and one after it (a dozen formattings). */
function clocksJumpBetween(from: number, to: number): number {
  const offsetBefore = offsetMs(new Date(from));
  let [lo, hi] = [from, to];
  while (hi - lo > 60_000) {
    const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
    if (offsetMs(new Date(mid)) === offsetBefore) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The calendar day `days` after a `YYYY-MM-DD` day. */
export function dayAfter(date: string, days = 1): string {
  const [y, m, d] = date.split('-').map(Number);
  const next = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + days));
  // toISOString writes years beyond 9999 with a sign; the dates asked for stop at 9998-12-31.
  return next.toISOString().slice(0, 10);
}

/** Today and the days after it in the store's time zone, `DELIVERY_WINDOW_DAYS` in all. */
export function bookableDays(now: Date): string[] {
  const today = localDate(now);
  return Array.from({ length: DELIVERY_WINDOW_DAYS }, (_, i) => dayAfter(today, i));
}

export type NewWindow = Omit<DeliveryWindowRow, 'id' | 'booked'>;

/**
 * The instant the wall clock reads `minutes` before a local date and time: the van is packed by the clock, so 720
 * minutes before 8 am is 8 pm the evening before, also on the nights the clocks change (when it is 11 or 13 hours).
 */
export function localInstantBefore(date: string, time: string, minutes: number): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  const wall = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, h ?? 0, (min ?? 0) - minutes)).toISOString();
  return localInstant(wall.slice(0, 10), wall.slice(11, 16));
}

/**
 * The windows the templates make on the given local days. A window runs while the wall clock reads within its
 * template's times: from the first time the clock reads its start (or past it, when the clocks skip it) to the last
 * time it reads its end. A template whose times all fall in the hour the clocks skip makes no window that day.
 */
export function windowsFromTemplates(templates: DeliveryWindowTemplateRow[], days: string[]): NewWindow[] {
  return days.flatMap((day) =>
    templates.flatMap((t) => {
      const startsAt = localInstant(day, t.startTime);
      const endsAt = localEndInstant(day, t.endTime);
      if (endsAt <= startsAt) return [];
      return [
        {
          zone: t.zone,
          startsAt,
          endsAt,
          cutoffAt: localInstantBefore(day, t.startTime, t.cutoffMinutes),
          capacity: t.capacity,
          priceDeltaCents: t.priceDeltaCents,
          label: t.label,
        },
      ];
    }),
  );
}

/** A window can be booked (or left) until its cut-off. */
export const isOpenForBooking = (window: Pick<DeliveryWindowRow, 'cutoffAt'>, now: Date) =>
  window.cutoffAt.getTime() > now.getTime();

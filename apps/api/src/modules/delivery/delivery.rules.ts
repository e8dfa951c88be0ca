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

const instantOf = remembered((dateTime: string) => {
  const [date = '', time = ''] = dateTime.split(' ');
  return computeLocalInstant(date, time);
});

/** The instant a local date and `HH:MM` wall-clock time name in the store's time zone (DST included). */
export function localInstant(date: string, time: string): Date {
  return new Date(instantOf(`${date} ${time}`));
}

function computeLocalInstant(date: string, time: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  const asUtc = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, h ?? 0, min ?? 0);
  // The offset at the guess, then at the answer: they differ only across a DST change.
  const first = asUtc - offsetMs(new Date(asUtc));
  return asUtc - offsetMs(new Date(first));
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

/** The windows the templates make on the given local days. */
export function windowsFromTemplates(templates: DeliveryWindowTemplateRow[], days: string[]): NewWindow[] {
  return days.flatMap((day) =>
    templates.map((t) => {
      const startsAt = localInstant(day, t.startTime);
      return {
        zone: t.zone,
        startsAt,
        endsAt: localInstant(day, t.endTime),
        cutoffAt: localInstantBefore(day, t.startTime, t.cutoffMinutes),
        capacity: t.capacity,
        priceDeltaCents: t.priceDeltaCents,
        label: t.label,
      };
    }),
  );
}

/** A window can be booked (or left) until its cut-off. */
export const isOpenForBooking = (window: Pick<DeliveryWindowRow, 'cutoffAt'>, now: Date) =>
  window.cutoffAt.getTime() > now.getTime();

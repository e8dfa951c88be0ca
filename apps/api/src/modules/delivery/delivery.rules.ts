import { DELIVERY_WINDOW_DAYS, STORE_TIME_ZONE } from '@storefront/contract/delivery';
import type { ShippingZone } from '@storefront/contract/shipping';
import type {
  DeliveryClosureRow,
  DeliveryWindowRow,
  DeliveryWindowTemplateRow,
} from '../../db/schema/index.js';

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

/** The ISO day of the week of a `YYYY-MM-DD` day: 1 Monday to 7 Sunday. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1)).getUTCDay() || 7;
}

/**
 * The window a template makes on a local day, if it runs that weekday. A window runs while the wall clock reads
 * within its template's times: from the first time the clock reads its start (or past it, when the clocks skip it)
 * to the last time it reads its end. A template whose times all fall in the hour the clocks skip makes no window
 * that day.
 */
export function windowOf(t: DeliveryWindowTemplateRow, day: string): NewWindow | undefined {
  if (!t.weekdays.includes(isoWeekday(day))) return undefined;
  const startsAt = localInstant(day, t.startTime);
  const endsAt = localEndInstant(day, t.endTime);
  if (endsAt <= startsAt) return undefined;
  return {
    zone: t.zone,
    startsAt,
    endsAt,
    cutoffAt: localInstantBefore(day, t.startTime, t.cutoffMinutes),
    capacity: t.capacity,
    priceDeltaCents: t.priceDeltaCents,
    label: t.label,
  };
}

/** The windows the templates make on the given local days (closed days left out by the caller). */
export function windowsFromTemplates(templates: DeliveryWindowTemplateRow[], days: string[]): NewWindow[] {
  return days.flatMap((day) => templates.flatMap((t) => windowOf(t, day) ?? []));
}

export type Closure = Pick<DeliveryClosureRow, 'date' | 'zone'>;

/** No delivery to the zone that day: closed for it, or for every zone. */
export const isClosed = (closures: Closure[], zone: ShippingZone, day: string) =>
  closures.some((c) => c.date === day && (c.zone === null || c.zone === zone));

/** What decides which windows are offered: the zone's templates (switched off ones too) and the closures. */
export type Offering = { templates: DeliveryWindowTemplateRow[]; closures: Closure[] };

/**
 * The window as its template makes it now, while it is offered: an active template of its zone makes a window
 * starting then on its day, and the day is not closed. (`isOffered` in delivery.repo.ts is this rule in SQL.)
 */
export function offeredAs(
  w: Pick<DeliveryWindowRow, 'zone' | 'startsAt'>,
  { templates, closures }: Offering,
): { template: DeliveryWindowTemplateRow; window: NewWindow } | undefined {
  const day = localDateOfWindow(w.startsAt);
  if (isClosed(closures, w.zone, day)) return undefined;
  for (const template of templates) {
    if (!template.isActive || template.zone !== w.zone) continue;
    const made = windowOf(template, day);
    if (made && made.startsAt.getTime() === w.startsAt.getTime()) return { template, window: made };
  }
  return undefined;
}

export type WindowFields = Partial<
  Pick<DeliveryWindowRow, 'endsAt' | 'cutoffAt' | 'capacity' | 'priceDeltaCents' | 'label'>
>;

/** What a change of templates or closures does to windows already made, and why it may not be made. */
export type WindowPlan = {
  updates: { id: number; set: WindowFields }[];
  /** Booked windows the change stops offering. */
  lost: DeliveryWindowRow[];
  /** Booked windows whose end the change moves. */
  retimed: DeliveryWindowRow[];
  /** Windows with more booked than their template's new capacity. */
  overbooked: DeliveryWindowRow[];
};

/**
 * The windows already made, brought to what the templates make after a change: an offered window takes its
 * template's end, cut-off, capacity, price and label; one no longer offered keeps no places (capacity = booked, 0),
 * so a booking that read it offered just before the change finds it full. A booked window is never taken away,
 * retimed or made smaller than its bookings: those are refusals. Windows offered neither before nor after (an
 * order kept in a window switched off earlier) are left as they are.
 */
export function planWindows(windows: DeliveryWindowRow[], before: Offering, after: Offering): WindowPlan {
  const plan: WindowPlan = { updates: [], lost: [], retimed: [], overbooked: [] };
  for (const w of windows) {
    const offered = offeredAs(w, after);
    if (!offered) {
      if (w.booked > 0 && offeredAs(w, before)) plan.lost.push(w);
      else if (w.booked === 0 && w.capacity !== 0) plan.updates.push({ id: w.id, set: { capacity: 0 } });
      continue;
    }
    const made = offered.window;
    if (w.booked > made.capacity) plan.overbooked.push(w);
    if (w.booked > 0 && made.endsAt.getTime() !== w.endsAt.getTime()) plan.retimed.push(w);
    const set: WindowFields = {};
    if (made.endsAt.getTime() !== w.endsAt.getTime()) set.endsAt = made.endsAt;
    if (made.cutoffAt.getTime() !== w.cutoffAt.getTime()) set.cutoffAt = made.cutoffAt;
    if (made.capacity !== w.capacity) set.capacity = made.capacity;
    if (made.priceDeltaCents !== w.priceDeltaCents) set.priceDeltaCents = made.priceDeltaCents;
    if (made.label !== w.label) set.label = made.label;
    if (Object.keys(set).length > 0) plan.updates.push({ id: w.id, set });
  }
  return plan;
}

/** A window can be booked (or left) until its cut-off. */
export const isOpenForBooking = (window: Pick<DeliveryWindowRow, 'cutoffAt'>, now: Date) =>
  window.cutoffAt.getTime() > now.getTime();

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

/** Local dates of instants already worked out: a listing asks for the same week of windows again and again. */
const windowDays = new Map<number, string>();

/** `localDate` for a window's start, remembered (bounded like `instants` below). */
export function localDateOfWindow(startsAt: Date): string {
  const key = startsAt.getTime();
  let day = windowDays.get(key);
  if (day === undefined) {
    if (windowDays.size >= INSTANTS_KEPT) windowDays.clear();
    day = localDate(startsAt);
    windowDays.set(key, day);
  }
  return day;
}

/** Instants already worked out, by `date time`: a listing asks for the same week of windows again and again. */
const instants = new Map<string, number>();
const INSTANTS_KEPT = 2000;

/** The instant a local date and `HH:MM` wall-clock time name in the store's time zone (DST included). */
export function localInstant(date: string, time: string): Date {
  const key = `${date} ${time}`;
  let at = instants.get(key);
  if (at === undefined) {
    if (instants.size >= INSTANTS_KEPT) instants.clear();
    at = computeLocalInstant(date, time);
    instants.set(key, at);
  }
  return new Date(at);
}

function computeLocalInstant(date: string, time: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  const asUtc = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, h ?? 0, min ?? 0);
  // The offset at the guess, then at the answer: they differ only across a DST change.
  const first = asUtc - offsetMs(new Date(asUtc));
  return asUtc - offsetMs(new Date(first));
}

/** Today and the days after it in the store's time zone, `DELIVERY_WINDOW_DAYS` in all. */
export function bookableDays(now: Date): string[] {
  const today = localDate(now);
  const [y, m, d] = today.split('-').map(Number);
  return Array.from({ length: DELIVERY_WINDOW_DAYS }, (_, i) =>
    new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + i)).toISOString().slice(0, 10),
  );
}

export type NewWindow = Omit<DeliveryWindowRow, 'id' | 'booked'>;

/** The windows the templates make on the given local days. */
export function windowsFromTemplates(templates: DeliveryWindowTemplateRow[], days: string[]): NewWindow[] {
  return days.flatMap((day) =>
    templates.map((t) => {
      const startsAt = localInstant(day, t.startTime);
      return {
        zone: t.zone,
        startsAt,
        endsAt: localInstant(day, t.endTime),
        cutoffAt: new Date(startsAt.getTime() - t.cutoffMinutes * 60_000),
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

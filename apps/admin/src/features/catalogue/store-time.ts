import dayjs, { type Dayjs } from 'dayjs';
import { STORE_TIME_ZONE } from '@storefront/contract/limits';

/*
 * The date pickers show the store's clock (Sydney) whatever zone the browser is in: a picker's value holds Sydney's
 * wall-clock time in its fields, and becomes an instant (ISO with Sydney's offset) only when sent.
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

type Fields = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function storeFieldsAt(instant: number): Fields {
  const parts = Object.fromEntries(storeClock.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

function utcOf(f: Fields): number {
  return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
}

/** Sydney's offset from UTC at an instant, in minutes (600 or 660). */
function storeOffsetAt(instant: number): number {
  return Math.round((utcOf(storeFieldsAt(instant)) - instant) / 60_000);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A picker value showing the store's clock at `iso`. */
export function toStorePickerValue(iso: string): Dayjs {
  const f = storeFieldsAt(Date.parse(iso));
  return dayjs(new Date(f.year, f.month - 1, f.day, f.hour, f.minute, f.second));
}

/** The instant a picker value names on the store's clock, as the API takes it: "2026-12-01T09:00:00+11:00". */
export function fromStorePickerValue(value: Dayjs): string {
  const wall = Date.UTC(value.year(), value.month(), value.date(), value.hour(), value.minute(), 0);
  let instant = wall - storeOffsetAt(wall) * 60_000;
  // Near a daylight-saving change the guess's offset can be the other one: the offset at the instant found decides.
  instant = wall - storeOffsetAt(instant) * 60_000;
  const offset = storeOffsetAt(instant);
  const f = storeFieldsAt(instant);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}T${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

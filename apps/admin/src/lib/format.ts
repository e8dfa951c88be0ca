import { STORE_TIME_ZONE } from '@storefront/contract/limits';

const aud = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });
const moment = new Intl.DateTimeFormat('en-AU', {
  timeZone: STORE_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
const time = new Intl.DateTimeFormat('en-AU', {
  timeZone: STORE_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});
// A calendar day (YYYY-MM-DD) is no moment: read and written in UTC so no zone moves it to another day.
const day = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** Money travels as integer cents; it becomes dollars only on screen. */
export function formatMoney(cents: number): string {
  return aud.format(cents / 100);
}

/** A moment by the store's clock in Sydney, naming the zone: "27 Nov 2026, 3:27 pm AEDT". */
export function formatDateTime(iso: string): string {
  return moment.format(new Date(iso));
}

/** The time of day by the store's clock: "9:00 am". */
export function formatTime(iso: string): string {
  return time.format(new Date(iso));
}

/** A store day as the API gives it (YYYY-MM-DD): "Saturday 28 November 2026"; anything else as it came. */
export function formatStoreDay(date: string): string {
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00Z`) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? day.format(parsed).replace(',', '') : date;
}

const isoDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: STORE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The store's day (Sydney) at `now`, as the API takes it: YYYY-MM-DD. */
export function storeDayOf(now: Date = new Date()): string {
  return isoDay.format(now);
}

/** Dollars as staff type them ("12.5", "$3.40") to cents; null when it is no amount of money. */
export function dollarsToCents(value: string | number | null | undefined): number | null {
  const text = String(value ?? '')
    .trim()
    .replace(/^\$/, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', part = ''] = text.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

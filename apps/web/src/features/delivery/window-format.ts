import { STORE_TIME_ZONE } from '@storefront/contract/limits';
import { storeZoneName } from '../../lib/date-time';

const dayName = new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', weekday: 'short' });
const dayNumber = new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', day: 'numeric', month: 'short' });
const fullDay = new Intl.DateTimeFormat('en-AU', {
  timeZone: STORE_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});
const clock = new Intl.DateTimeFormat('en-AU', {
  timeZone: STORE_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});

/** A local `YYYY-MM-DD` as the day strip shows it: "Today", "Tomorrow", else "Thu" over "26 Nov". */
export function dayLabel(date: string, today: string): { top: string; bottom: string } {
  const at = new Date(`${date}T00:00:00Z`);
  const tomorrow = new Date(new Date(`${today}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);
  const top = date === today ? 'Today' : date === tomorrow ? 'Tomorrow' : dayName.format(at);
  return { top, bottom: dayNumber.format(at) };
}

/**
 * "9:00 – 11:00 am", "11:00 am – 1:00 pm" in the store's time zone; a time keeps its am or pm on its line (a
 * no-break space: "11:00" at a line's end and "am" at the next's start read as two things on a phone).
 */
export function windowTimes(startsAt: string, endsAt: string): string {
  const [startTime, startHalf] = clock.format(new Date(startsAt)).split(/\s/);
  const [endTime, endHalf] = clock.format(new Date(endsAt)).split(/\s/);
  const end = `${endTime}\u00a0${endHalf}`;
  return startHalf === endHalf ? `${startTime} – ${end}` : `${startTime}\u00a0${startHalf} – ${end}`;
}

/** "Thursday 26 November": a window's day in the store's time zone. */
export function windowDay(startsAt: string): string {
  return fullDay.format(new Date(startsAt)).replace(',', '');
}

/** "Thursday 26 November, 5:00 – 7:00 pm". */
export function windowSummary(window: { startsAt: string; endsAt: string }): string {
  return `${windowDay(window.startsAt)}, ${windowTimes(window.startsAt, window.endsAt)}`;
}

/**
 * "Sydney time (AEDT)": the clock window times are on, named beside them for a customer whose browser (or delivery
 * address, as in Broken Hill) keeps another time.
 */
export function windowZone(startsAt: string): string {
  return `Sydney time (${storeZoneName(startsAt)})`;
}

/** Today's date in the store's time zone, `YYYY-MM-DD`. */
export function storeToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: STORE_TIME_ZONE }).format(now);
}

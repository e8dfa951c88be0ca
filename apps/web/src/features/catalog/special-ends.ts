import { STORE_TIME_ZONE } from '@storefront/contract/limits';

const storeDay = new Intl.DateTimeFormat('en-AU', {
  timeZone: STORE_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});

/**
 * "Special ends Tuesday 2 June": the store's day of the special's last moment. A special runs until its end, not at
 * it, so one ending at midnight ends on the day before.
 */
export function specialEndsText(endsAt: string): string {
  return `Special ends ${storeDay.format(new Date(Date.parse(endsAt) - 1)).replace(',', '')}`;
}

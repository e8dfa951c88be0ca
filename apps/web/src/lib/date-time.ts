import { STORE_TIME_ZONE } from '@storefront/contract/limits';
import { formatStoreMoment } from '@storefront/contract/store-time';

// Dates and times are the store's, in Sydney, wherever the customer's browser is: an order's day is the day the
// order list filters by, and a moment names its zone (AEST or AEDT) for a customer in Perth or London.
const dayFormats = {
  medium: new Intl.DateTimeFormat('en-AU', { timeZone: STORE_TIME_ZONE, dateStyle: 'medium' }),
  long: new Intl.DateTimeFormat('en-AU', { timeZone: STORE_TIME_ZONE, dateStyle: 'long' }),
};
const zoneFormat = new Intl.DateTimeFormat('en-AU', { timeZone: STORE_TIME_ZONE, timeZoneName: 'short' });

/** A moment as customers read it, by the store's clock: "27 Nov 2026, 3:27 pm AEDT" (as the order mails give it). */
export function formatDateTime(iso: string): string {
  return formatStoreMoment(iso);
}

/** The store's day of a moment: "27 Nov 2026", or "27 November 2026" when `long`. */
export function formatDay(iso: string, style: keyof typeof dayFormats = 'medium'): string {
  return dayFormats[style].format(new Date(iso));
}

/** The store's zone at a moment, as Australians name it: "AEST", or "AEDT" in daylight saving time. */
export function storeZoneName(iso: string): string {
  return (
    zoneFormat.formatToParts(new Date(iso)).find((p) => p.type === 'timeZoneName')?.value ?? 'Sydney time'
  );
}

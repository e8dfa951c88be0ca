import { dayAfter, localDate, localInstant } from '../../modules/delivery/delivery.rules.js';

/**
 * The instant the Sydney day `days` after the one `now` falls on begins. A coupon or voucher ending then works
 * until just before it, through the whole day before, which is the day the wallet shows ("until 27 Nov 2027").
 */
export function startOfStoreDay(now: Date, days: number): Date {
  return localInstant(dayAfter(localDate(now), days), '00:00');
}

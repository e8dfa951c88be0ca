import { WEEKDAYS, weekdayNames } from '@storefront/contract/delivery-admin';
import type { ShippingZone } from '@storefront/contract/shipping';
import { formatMoney } from '../../lib/format';

export const zoneLabels: Record<ShippingZone, string> = {
  metro: 'Metro',
  regional: 'Regional',
  interstate: 'Interstate',
  remote: 'Remote',
};

/** The days a template runs, Monday first, as their short names. */
export function dayNamesOf(weekdays: readonly number[]): string[] {
  return WEEKDAYS.filter((d) => weekdays.includes(d)).map((d) => weekdayNames[d]);
}

/** "+$3.00", "−$1.50", or "None": what a window costs beside plain delivery. */
export function describePriceDelta(cents: number): string {
  if (cents === 0) return 'None';
  return cents > 0 ? `+${formatMoney(cents)}` : `−${formatMoney(-cents)}`;
}

/** "2 h before", "1 h 30 min before", "45 min before", "At the start". */
export function describeCutoff(minutes: number): string {
  if (minutes === 0) return 'At the start';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [hours > 0 ? `${hours} h` : '', rest > 0 ? `${rest} min` : ''].filter(Boolean);
  return `${parts.join(' ')} before`;
}

/** "$30.00 minimum order", or "No minimum order". */
export function describeMinimumOrder(cents: number): string {
  return cents > 0 ? `${formatMoney(cents)} minimum order` : 'No minimum order';
}

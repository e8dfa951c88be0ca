import type { ShippingOption, ShippingZone } from '@storefront/contract/shipping';
import type { SuburbRow } from '../suburb/suburb.repo.js';
import type { ShippingRateRow, ZoneRateRow } from './shipping.repo.js';

/** The warehouse sits at postcode 2000 (Sydney). */
export const WAREHOUSE = { latitude: -33.8688, longitude: 151.2093 };
export const METRO_RADIUS_KM = 50;
/** States served from the warehouse as "regional" beyond the metro radius. */
const HOME_STATES = new Set(['NSW', 'ACT']);
/** ABS remoteness 4 = remote, 5 = very remote. */
const REMOTE_FROM = 4;
const EARTH_RADIUS_KM = 6371;

const SERVICE_LABELS = { standard: 'Standard delivery', express: 'Express delivery' } as const;
const SERVICE_ORDER = { standard: 0, express: 1 } as const;
/** A window zone's one option: delivery in the window booked at checkout, at the standard rate. */
export const WINDOW_DELIVERY = { service: 'standard', label: 'Delivery window' } as const;

export function distanceKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function zoneOf(suburb: SuburbRow): ShippingZone {
  if (suburb.remoteness !== null && suburb.remoteness >= REMOTE_FROM) return 'remote';
  if (distanceKm(WAREHOUSE, suburb) <= METRO_RADIUS_KM) return 'metro';
  return HOME_STATES.has(suburb.state) ? 'regional' : 'interstate';
}

/** base + perKg for every started kilogram beyond the first: 1000 g costs base, 1001-2000 g base + 1 x perKg. */
export function ratePrice(rate: ShippingRateRow, weightGrams: number): number {
  return rate.baseCents + rate.perKgCents * Math.ceil(Math.max(0, weightGrams - 1000) / 1000);
}

/**
 * The delivery options to a zone, priced for an order. A zone that delivers in booked windows offers one: the window
 * is the choice (its price difference adds to this), so express, which a window would make meaningless, is not
 * offered. A courier zone offers every service it has a rate for.
 */
export function shippingOptions(
  rates: ShippingRateRow[],
  order: {
    weightGrams: number;
    subtotal: number;
    hasFreeShippingCoupon: boolean;
    isWindowDelivery?: boolean;
  },
): ShippingOption[] {
  const offered = order.isWindowDelivery ? rates.filter((r) => r.service === WINDOW_DELIVERY.service) : rates;
  return [...offered]
    .sort((a, b) => SERVICE_ORDER[a.service] - SERVICE_ORDER[b.service])
    .map((rate) => {
      const fullPrice = ratePrice(rate, order.weightGrams);
      const byThreshold = rate.freeOverCents !== null && order.subtotal >= rate.freeOverCents;
      const byCoupon = rate.service === 'standard' && order.hasFreeShippingCoupon;
      const isFree = byThreshold || byCoupon;
      return {
        service: rate.service,
        label: order.isWindowDelivery ? WINDOW_DELIVERY.label : SERVICE_LABELS[rate.service],
        price: isFree ? 0 : fullPrice,
        fullPrice,
        isFree,
        freeReason: byThreshold ? 'threshold' : byCoupon ? 'coupon' : null,
        freeOver: rate.freeOverCents,
        amountToFree: rate.freeOverCents === null || isFree ? null : rate.freeOverCents - order.subtotal,
        etaDaysMin: rate.etaDaysMin,
        etaDaysMax: rate.etaDaysMax,
      };
    });
}

/** What is still to add to the goods subtotal to reach the zone's minimum order; 0 once reached (or none set). */
export function amountToMinimum(minimumOrder: number, subtotal: number): number {
  return Math.max(0, minimumOrder - subtotal);
}

/** A zone's minimum order, from its rates (each carries it); 0 when none is set. */
export function minimumOrderOf(rates: Pick<ZoneRateRow, 'minimumOrderCents'>[]): number {
  return rates[0]?.minimumOrderCents ?? 0;
}

import type {
  CalcSelectedQuery,
  CalcSingleBody,
  ShippingDestination,
  ShippingOption,
  ShippingQuote,
  ShippingZone,
} from '@storefront/contract/shipping';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { findCustomerById } from '../account/account.repo.js';
import type { AuthContext } from '../account/session.service.js';
import type { CartService } from '../cart/cart.service.js';
import { findProductById } from '../catalog/catalog.repo.js';
import { findSuburb, findSuburbById, findSuburbByPostcode, type SuburbRow } from '../suburb/suburb.repo.js';
import {
  findCartAddressSuburb,
  findCustomerAddressSuburb,
  findDefaultAddressSuburb,
  listRatesForZone,
  type ShippingRateRow,
} from './shipping.repo.js';

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

export function shippingOptions(
  rates: ShippingRateRow[],
  order: { weightGrams: number; subtotal: number; hasFreeShippingCoupon: boolean },
): ShippingOption[] {
  return [...rates]
    .sort((a, b) => SERVICE_ORDER[a.service] - SERVICE_ORDER[b.service])
    .map((rate) => {
      const fullPrice = ratePrice(rate, order.weightGrams);
      const byThreshold = rate.freeOverCents !== null && order.subtotal >= rate.freeOverCents;
      const byCoupon = rate.service === 'standard' && order.hasFreeShippingCoupon;
      const isFree = byThreshold || byCoupon;
      return {
        service: rate.service,
        label: SERVICE_LABELS[rate.service],
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

type Destination = { suburb: SuburbRow; source: ShippingDestination['source']; addressId: number | null };

export function createShippingService(db: Db, cart: CartService) {
  async function quote(
    destination: Destination,
    order: { weightGrams: number; subtotal: number; hasFreeShippingCoupon: boolean },
  ): Promise<ShippingQuote> {
    const { suburb } = destination;
    const zone = zoneOf(suburb);
    const rates = await listRatesForZone(db, zone);
    if (rates.length === 0) throw new AppError('NO_DESTINATION', 'We do not deliver to that suburb yet.');
    return {
      destination: {
        suburbID: suburb.id,
        postcode: suburb.postcode,
        locality: suburb.locality,
        state: suburb.state,
        distanceKm: Math.round(distanceKm(WAREHOUSE, suburb) * 10) / 10,
        source: destination.source,
        addressID: destination.addressId,
      },
      zone,
      weightGrams: order.weightGrams,
      subtotal: order.subtotal,
      options: shippingOptions(rates, order),
    };
  }

  async function customerPostcodeSuburb(customerId: number): Promise<SuburbRow | undefined> {
    const customer = await findCustomerById(db, customerId);
    if (!customer) return undefined;
    return (
      (await findSuburb(db, { postcode: customer.postCode, locality: customer.suburb })) ??
      (await findSuburbByPostcode(db, customer.postCode))
    );
  }

  async function selectedDestination(
    customerId: number,
    addressId: number | undefined,
  ): Promise<Destination> {
    if (addressId !== undefined) {
      const found = await findCustomerAddressSuburb(db, customerId, addressId);
      if (!found) throw new AppError('NOT_FOUND', 'No such address.');
      return { suburb: found.suburb, source: 'address', addressId: found.addressId };
    }
    const chosen = await findCartAddressSuburb(db, customerId);
    if (chosen) return { suburb: chosen.suburb, source: 'cart_address', addressId: chosen.addressId };
    const fallback = await findDefaultAddressSuburb(db, customerId);
    if (fallback)
      return { suburb: fallback.suburb, source: 'default_address', addressId: fallback.addressId };
    const home = await customerPostcodeSuburb(customerId);
    if (home) return { suburb: home, source: 'customer_postcode', addressId: null };
    throw new AppError('NO_DESTINATION');
  }

  return {
    /** Prices the selected available cart lines, with the cart's coupon, to the customer's destination. */
    async calcSelected(auth: AuthContext, query: CalcSelectedQuery): Promise<ShippingQuote> {
      const destination = await selectedDestination(auth.customerId, query.addressID);
      const summary = await cart.summarise(auth.customerId);
      if (summary.selected.length === 0) throw new AppError('NOTHING_SELECTED');
      return quote(destination, {
        weightGrams: summary.weightGrams,
        subtotal: summary.subtotal,
        hasFreeShippingCoupon: summary.freeShipping,
      });
    },

    /** Prices one product and quantity, before it is in any cart; no coupon applies. */
    async calcSingle(auth: AuthContext | null, body: CalcSingleBody): Promise<ShippingQuote> {
      const product = await findProductById(db, body.productID);
      if (!product) throw new AppError('NOT_FOUND', 'No such product.');
      if (!product.isActive) throw new AppError('PRODUCT_UNAVAILABLE');
      let destination: Destination;
      if (body.suburbID !== undefined) {
        const suburb = await findSuburbById(db, body.suburbID);
        if (!suburb) throw new AppError('NOT_FOUND', 'No such suburb.');
        destination = { suburb, source: 'suburb', addressId: null };
      } else if (body.postcode !== undefined) {
        const suburb = await findSuburbByPostcode(db, body.postcode);
        if (!suburb)
          throw new AppError('UNKNOWN_POSTCODE', 'That postcode is not a known Australian postcode.');
        destination = { suburb, source: 'postcode', addressId: null };
      } else {
        const home = auth ? await customerPostcodeSuburb(auth.customerId) : undefined;
        if (!home) throw new AppError('NO_DESTINATION');
        destination = { suburb: home, source: 'customer_postcode', addressId: null };
      }
      return quote(destination, {
        weightGrams: product.weightGrams * body.quantity,
        subtotal: product.priceCents * body.quantity,
        hasFreeShippingCoupon: false,
      });
    },
  };
}

export type ShippingService = ReturnType<typeof createShippingService>;

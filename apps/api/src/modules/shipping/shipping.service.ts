import type {
  CalcSelectedQuery,
  CalcSingleBody,
  ShippingDestination,
  ShippingOption,
  ShippingQuote,
} from '@storefront/contract/shipping';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { findCustomerById } from '../account/account.repo.js';
import { findAddress, findDefaultAddress, type AddressRow } from '../address/address.repo.js';
import { findCart } from '../cart/cart.repo.js';
import type { CartService } from '../cart/cart.service.js';
import { findProductById } from '../catalog/catalog.repo.js';
import { deliversByWindow } from '../delivery/delivery.service.js';
import { findSuburb, findSuburbById, findSuburbByPostcode, type SuburbRow } from '../suburb/suburb.repo.js';
import { listRatesForZone, type ZoneRateRow } from './shipping.repo.js';
import {
  amountToMinimum,
  distanceKm,
  minimumOrderOf,
  shippingOptions,
  WAREHOUSE,
  zoneOf,
} from './shipping.rules.js';

type Destination = { suburb: SuburbRow; source: ShippingDestination['source']; addressId: number | null };
/** How the destination's zone delivers, and at what prices. */
type ZoneTerms = { rates: ZoneRateRow[]; isWindowDelivery: boolean };

export function createShippingService(db: Db, cart: CartService) {
  function quote(
    destination: Destination,
    { rates, isWindowDelivery }: ZoneTerms,
    order: { weightGrams: number; subtotal: number; options: ShippingOption[] },
  ): ShippingQuote {
    const { suburb } = destination;
    if (rates.length === 0) throw new AppError('NO_DESTINATION', 'We do not deliver to that suburb yet.');
    const minimumOrder = minimumOrderOf(rates);
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
      zone: zoneOf(suburb),
      weightGrams: order.weightGrams,
      subtotal: order.subtotal,
      deliveryMode: isWindowDelivery ? 'window' : 'courier',
      options: order.options,
      minimumOrder,
      amountToMinimum: amountToMinimum(minimumOrder, order.subtotal),
    };
  }

  /** The zone's rates (with its minimum order) and whether it delivers in windows, read side by side. */
  async function termsTo(destination: Destination): Promise<ZoneTerms> {
    const zone = zoneOf(destination.suburb);
    const [rates, isWindowDelivery] = await Promise.all([
      listRatesForZone(db, zone),
      deliversByWindow(db, zone),
    ]);
    return { rates, isWindowDelivery };
  }

  async function customerPostcodeSuburb(customerId: number): Promise<SuburbRow | undefined> {
    const customer = await findCustomerById(db, customerId);
    if (!customer) return undefined;
    return (
      (await findSuburb(db, { postcode: customer.postCode, locality: customer.suburb })) ??
      (await findSuburbByPostcode(db, customer.postCode))
    );
  }

  async function toDestination(
    address: AddressRow | undefined,
    source: ShippingDestination['source'],
  ): Promise<Destination | undefined> {
    const suburb = address && (await findSuburbById(db, address.suburbId));
    return address && suburb ? { suburb, source, addressId: address.id } : undefined;
  }

  /** The address asked for, else the one chosen for the cart, else the default one, else the customer's postcode. */
  async function selectedDestination(
    customerId: number,
    addressId: number | undefined,
  ): Promise<Destination> {
    if (addressId !== undefined) {
      const asked = await toDestination(await findAddress(db, customerId, addressId), 'address');
      if (!asked) throw new AppError('NOT_FOUND', 'No such address.');
      return asked;
    }
    const cartAddressId = (await findCart(db, customerId))?.addressId;
    const chosen =
      cartAddressId === null || cartAddressId === undefined
        ? undefined
        : await toDestination(await findAddress(db, customerId, cartAddressId), 'cart_address');
    if (chosen) return chosen;
    const fallback = await toDestination(
      await findDefaultAddress(db, customerId, 'shipping'),
      'default_address',
    );
    if (fallback) return fallback;
    const home = await customerPostcodeSuburb(customerId);
    if (home) return { suburb: home, source: 'customer_postcode', addressId: null };
    throw new AppError('NO_DESTINATION');
  }

  return {
    /** Prices the selected available cart lines, with the cart's coupon, to the customer's destination. */
    async calcSelected(customerId: number, query: CalcSelectedQuery): Promise<ShippingQuote> {
      const destination = await selectedDestination(customerId, query.addressID);
      const terms = await termsTo(destination);
      const price = await cart.price(customerId, { shipping: terms });
      if (price.selected.length === 0) throw new AppError('NOTHING_SELECTED');
      return quote(destination, terms, {
        weightGrams: price.weightGrams,
        subtotal: price.totals.subtotal,
        options: price.shippingOptions,
      });
    },

    /** Prices one product and quantity, before it is in any cart; no coupon applies. */
    async calcSingle(customerId: number | null, body: CalcSingleBody): Promise<ShippingQuote> {
      const product = await findProductById(db, body.productID);
      if (!product) throw new AppError('NOT_FOUND', 'No such product.');
      if (!product.isActive) throw new AppError('PRODUCT_UNAVAILABLE');
      let destination: Destination;
      if (body.suburbID !== undefined) {
        const suburb = await findSuburbById(db, body.suburbID);
        if (!suburb) throw new AppError('NOT_FOUND', 'No such suburb.');
        // Both may be sent; then they must name the same place, or one of them would be silently ignored.
        if (body.postcode !== undefined && body.postcode !== suburb.postcode)
          throw new AppError('SUBURB_MISMATCH', 'The postcode is not the suburb’s.');
        destination = { suburb, source: 'suburb', addressId: null };
      } else if (body.postcode !== undefined) {
        const suburb = await findSuburbByPostcode(db, body.postcode);
        if (!suburb)
          throw new AppError('UNKNOWN_POSTCODE', 'That postcode is not a known Australian postcode.');
        destination = { suburb, source: 'postcode', addressId: null };
      } else {
        const home = customerId === null ? undefined : await customerPostcodeSuburb(customerId);
        if (!home) throw new AppError('NO_DESTINATION');
        destination = { suburb: home, source: 'customer_postcode', addressId: null };
      }
      const terms = await termsTo(destination);
      const order = {
        weightGrams: product.weightGrams * body.quantity,
        subtotal: product.priceCents * body.quantity,
      };
      return quote(destination, terms, {
        ...order,
        options: shippingOptions(terms.rates, {
          ...order,
          hasFreeShippingCoupon: false,
          isWindowDelivery: terms.isWindowDelivery,
        }),
      });
    },
  };
}

export type ShippingService = ReturnType<typeof createShippingService>;

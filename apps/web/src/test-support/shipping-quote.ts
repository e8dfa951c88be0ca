import type { ShippingOption, ShippingQuote } from '@storefront/contract/shipping';

/** Standard delivery at $7.95, free from $100, in 1–2 business days, unless told otherwise. */
export function makeOption(overrides: Partial<ShippingOption> = {}): ShippingOption {
  return {
    service: 'standard',
    label: 'Standard delivery',
    price: 795,
    fullPrice: 795,
    isFree: false,
    freeReason: null,
    freeOver: 10_000,
    amountToFree: 9_000,
    etaDaysMin: 1,
    etaDaysMax: 2,
    ...overrides,
  };
}

/** A quote to Sydney 2000 by courier (standard only) for $10.00 of items with no minimum order, unless told otherwise. */
export function makeQuote(overrides: Partial<ShippingQuote> = {}): ShippingQuote {
  return {
    destination: {
      suburbID: 1,
      postcode: '2000',
      locality: 'Sydney',
      state: 'NSW',
      distanceKm: 0,
      source: 'address',
      addressID: 1,
    },
    zone: 'metro',
    weightGrams: 1000,
    subtotal: 1_000,
    deliveryMode: 'courier',
    options: [makeOption()],
    minimumOrder: 0,
    amountToMinimum: 0,
    ...overrides,
  };
}

/** Sydney's vans: one option, the window delivery at the standard rate. */
export function makeWindowQuote(overrides: Partial<ShippingQuote> = {}): ShippingQuote {
  return makeQuote({
    deliveryMode: 'window',
    options: [makeOption({ label: 'Delivery window' })],
    ...overrides,
  });
}

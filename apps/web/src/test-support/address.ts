import type { Address } from '@storefront/contract/address';

/** An address of the book as the API answers it, in Sydney 2000; a test gives what it is about. */
export function makeAddress(overrides: Partial<Address> = {}): Address {
  return {
    addressID: 1,
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: '0412345678',
    line1: '1 Main St',
    line2: null,
    suburbID: 1,
    suburb: 'Sydney',
    state: 'NSW',
    postcode: '2000',
    country: 'AU',
    isDefaultShipping: false,
    isDefaultBilling: false,
    ...overrides,
  };
}

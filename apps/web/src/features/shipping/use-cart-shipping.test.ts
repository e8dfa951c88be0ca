import { describe, expect, it } from 'vitest';
import type { Address } from '@storefront/contract/address';
import { pickCartAddress } from './use-cart-shipping';

function makeAddress(addressID: number, isDefaultShipping = false): Address {
  return {
    addressID,
    firstName: 'Kim',
    lastName: 'Shopper',
    phone: '0412345678',
    line1: '1 George Street',
    line2: null,
    suburbID: 1,
    suburb: 'Sydney',
    state: 'NSW',
    postcode: '2000',
    country: 'AU',
    isDefaultShipping,
    isDefaultBilling: false,
  };
}

describe('pickCartAddress', () => {
  it('keeps the address the cart was told to ship to', () => {
    expect(pickCartAddress([makeAddress(1, true), makeAddress(2)], 2)).toBe(2);
  });

  it('falls back to the default delivery address, then the first one', () => {
    expect(pickCartAddress([makeAddress(1), makeAddress(2, true)], null)).toBe(2);
    expect(pickCartAddress([makeAddress(1), makeAddress(2)], 99)).toBe(1);
  });

  it('has nothing to pick from an empty address book', () => {
    expect(pickCartAddress([], null)).toBeNull();
  });
});

import type { Address } from '@storefront/contract/address';

type AddressLines = Pick<Address, 'line1' | 'line2' | 'suburb' | 'state' | 'postcode'>;

/** An address on one line, as the address pickers and an order show it; an empty second line is left out. */
export function formatAddress(a: AddressLines): string {
  return [a.line1, a.line2, `${a.suburb} ${a.state} ${a.postcode}`].filter(Boolean).join(', ');
}

/** The parts of an address written on one line (a book address, or an order's copy of one). */
export type AddressLines = {
  line1: string;
  line2?: string | null;
  suburb: string;
  state: string;
  postcode: string;
};

/**
 * The street part of an address. `line2` is the apartment, unit or level (the address form's "Apartment, unit,
 * level (optional)"), which Australians write before the street: "Unit 3, 12 King St", not "12 King St, Unit 3".
 * Zod-free, so the browser may import it: the site and the mails write an address the same way.
 */
export function streetLine(a: Pick<AddressLines, 'line1' | 'line2'>): string {
  return [a.line2, a.line1]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(', ');
}

/** An address on one line: "Unit 3, 12 King St, Newtown NSW 2042"; an empty second line is left out. */
export function formatAddress(a: AddressLines): string {
  return `${streetLine(a)}, ${a.suburb} ${a.state} ${a.postcode}`;
}

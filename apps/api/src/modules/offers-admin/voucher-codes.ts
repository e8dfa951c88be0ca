import { randomBytes } from 'node:crypto';

/**
 * Capital letters and digits without the pairs a reader mistakes for one another (0 and O, 1 and I). 32 symbols:
 * the low five bits of a random byte pick one evenly.
 */
export const VOUCHER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const GROUPS = 3;
const GROUP_LENGTH = 4;

/** A random gift voucher code of 60 bits, written in groups: 7KQM-XH4P-2WRN. */
export function newVoucherCode(): string {
  const bytes = randomBytes(GROUPS * GROUP_LENGTH);
  const symbols = Array.from(bytes, (b) => VOUCHER_ALPHABET[b & 31]).join('');
  return Array.from({ length: GROUPS }, (_, i) =>
    symbols.slice(i * GROUP_LENGTH, (i + 1) * GROUP_LENGTH),
  ).join('-');
}

/** `count` different codes. */
export function newVoucherCodes(count: number, next: () => string = newVoucherCode): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(next());
  return [...codes];
}

/** Exact conversion between our integer cents and the providers' decimal strings ("19.99"), without floating point. */

export class MoneyFormatError extends Error {}

export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new MoneyFormatError(`Not a non-negative whole number of cents: ${cents}`);
  }
  const digits = String(cents).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

const decimalPattern = /^(\d+)(?:\.(\d{1,2}))?$/;

export function decimalToCents(value: string): number {
  const match = decimalPattern.exec(value);
  if (!match) throw new MoneyFormatError(`Not an amount with at most two decimals: ${JSON.stringify(value)}`);
  const [, whole = '', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new MoneyFormatError(`Amount too large: ${value}`);
  return cents;
}

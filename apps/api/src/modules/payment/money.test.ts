import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDecimal, decimalToCents, MoneyFormatError } from './money.js';

describe('money at the provider edge', () => {
  it.each([
    [1999, '19.99'],
    [5, '0.05'],
    [0, '0.00'],
    [100, '1.00'],
    [10, '0.10'],
    [123456789, '1234567.89'],
  ])('writes %i cents as "%s"', (cents, decimal) => {
    expect(centsToDecimal(cents)).toBe(decimal);
  });

  it.each([
    ['19.99', 1999],
    ['19.9', 1990],
    ['19', 1900],
    ['0.07', 7],
    ['0007.10', 710],
  ])('reads "%s" as %i cents', (decimal, cents) => {
    expect(decimalToCents(decimal)).toBe(cents);
  });

  it('round-trips every whole number of cents exactly, where floating point would not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(decimalToCents(centsToDecimal(cents))).toBe(cents);
      }),
    );
  });

  it.each([-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])('refuses to write %s cents', (cents) => {
    expect(() => centsToDecimal(cents)).toThrow(MoneyFormatError);
  });

  it.each(['19.999', '1e3', '-1.00', '', ' 1.00', '1.', '.5', '1,00', '99999999999999999.00'])(
    'refuses to read "%s"',
    (decimal) => {
      expect(() => decimalToCents(decimal)).toThrow(MoneyFormatError);
    },
  );
});

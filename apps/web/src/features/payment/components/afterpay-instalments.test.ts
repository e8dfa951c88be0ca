import { describe, expect, it } from 'vitest';
import { afterpayInstalment } from './afterpay-instalments';

const terms = { available: true, minimumCents: 3500, maximumCents: 150_000, instalments: 4 as const };

describe('Afterpay instalments', () => {
  it('splits an amount within the limits into four, rounding the instalment up to the cent', () => {
    expect(afterpayInstalment(terms, 10_001)).toBe(2501);
    expect(afterpayInstalment(terms, 3500)).toBe(875);
    expect(afterpayInstalment(terms, 150_000)).toBe(37_500);
  });

  it('offers nothing below the minimum or above the maximum', () => {
    expect(afterpayInstalment(terms, 3499)).toBeNull();
    expect(afterpayInstalment(terms, 150_001)).toBeNull();
  });

  it('offers nothing when Afterpay is unavailable or its terms could not be loaded', () => {
    expect(
      afterpayInstalment({ ...terms, available: false, minimumCents: null, maximumCents: null }, 5000),
    ).toBeNull();
    expect(afterpayInstalment(null, 5000)).toBeNull();
  });
});

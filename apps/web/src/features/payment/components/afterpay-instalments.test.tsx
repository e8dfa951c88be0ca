import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AfterpayInstalments, afterpayInstalment, describeAfterpayPayments } from './afterpay-instalments';

const terms = { available: true, minimumCents: 3500, maximumCents: 150_000, instalments: 4 as const };

vi.mock('../api', () => ({ fetchAfterpayTerms: () => Promise.resolve(terms) }));

describe('Afterpay instalments', () => {
  it('splits an amount divisible by 4 into four equal instalments', () => {
    expect(afterpayInstalment(terms, 10_000)).toEqual({ firstCents: 2500, laterCents: 2500 });
    expect(afterpayInstalment(terms, 150_000)).toEqual({ firstCents: 37_500, laterCents: 37_500 });
  });

  it('rounds the instalments down and the first takes the cents left over, so the four add up to the amount', () => {
    expect(afterpayInstalment(terms, 10_001)).toEqual({ firstCents: 2501, laterCents: 2500 });
    expect(afterpayInstalment(terms, 3503)).toEqual({ firstCents: 878, laterCents: 875 });
    expect(afterpayInstalment(terms, 149_999)).toEqual({ firstCents: 37_502, laterCents: 37_499 });
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

  it('names one figure for four equal payments, and the first apart when it is more', () => {
    expect(describeAfterpayPayments({ firstCents: 2500, laterCents: 2500 })).toBe('4 payments of $25.00');
    expect(describeAfterpayPayments({ firstCents: 2503, laterCents: 2500 })).toBe(
      '4 payments: $25.03, then 3 of $25.00',
    );
  });

  it('says four payments of one figure only when four of it make the amount', async () => {
    const { rerender } = render(<AfterpayInstalments amountCents={4000} />);
    const line = await screen.findByTestId('afterpay-instalments');
    expect(line.textContent).toBe('or 4 interest-free payments of $10.00 with Afterpay');
    rerender(<AfterpayInstalments amountCents={4003} />);
    expect(line.textContent).toBe('or 4 interest-free payments with Afterpay: $10.03, then 3 of $10.00');
  });
});

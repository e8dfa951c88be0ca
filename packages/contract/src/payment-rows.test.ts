import { describe, expect, it } from 'vitest';
import { deductionText, paidWithText, restOfTotalLabel } from './payment-rows.js';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe("an order's money rows", () => {
  it('show an amount taken off with a minus sign, never as a plain amount', () => {
    expect(deductionText(2025, dollars)).toBe('\u2212$20.25');
  });

  it('name the provider that took the payment and the day, or store credit when it paid it all', () => {
    expect(paidWithText('paypal', '27 Nov 2026')).toBe('Paid with PayPal on 27 Nov 2026');
    expect(paidWithText('afterpay', '27 November 2026')).toBe('Paid with Afterpay on 27 November 2026');
    expect(paidWithText(null, '27 Nov 2026')).toBe('Paid with store credit on 27 Nov 2026');
  });

  it('say what became of the rest of the total', () => {
    expect(restOfTotalLabel({ status: 'pending_payment', isPaid: false })).toBe('To pay');
    expect(restOfTotalLabel({ status: 'paid', isPaid: true })).toBe('Paid');
    expect(restOfTotalLabel({ status: 'cancelled', isPaid: false })).toBe('Not paid');
  });
});

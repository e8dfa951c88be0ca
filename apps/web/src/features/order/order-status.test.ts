import { describe, expect, it } from 'vitest';
import type { OrderTotals } from '@storefront/contract/order';
import { cancelOutcome, orderStatusLabels, orderStatusOrder } from './order-status';

describe('order status display', () => {
  it('names every status once, in the order of the timeline', () => {
    expect(new Set(orderStatusOrder).size).toBe(orderStatusOrder.length);
    expect(Object.keys(orderStatusLabels).sort()).toEqual([...orderStatusOrder].sort());
    expect(orderStatusLabels.pending_payment).toBe('Awaiting payment');
  });
});

describe('what a cancel gives back', () => {
  const totals = (creditUsed: number, amountDue: number): OrderTotals => ({
    subtotal: 2000,
    discount: 0,
    shipping: 0,
    total: creditUsed + amountDue,
    creditUsed,
    amountDue,
    gst: null,
  });

  it('an unpaid order gives back only the store credit it used', () => {
    expect(cancelOutcome('pending_payment', totals(0, 2000))).toBe('Items go back on the shelf.');
    expect(cancelOutcome('pending_payment', totals(500, 1500))).toBe(
      'Items go back on the shelf, and the store credit you used comes back as credit.',
    );
  });

  it('a paid order pays back the way it was paid, never all as store credit', () => {
    expect(cancelOutcome('paid', totals(0, 2000))).toBe(
      'Items go back on the shelf, and what you paid goes back the way you paid it.',
    );
    expect(cancelOutcome('picking', totals(500, 1500))).toBe(
      'Items go back on the shelf, and what you paid goes back the way you paid it, and the store credit you used comes back as credit.',
    );
    expect(cancelOutcome('paid', totals(2000, 0))).toBe(
      'Items go back on the shelf, and the store credit you used comes back as credit.',
    );
  });
});

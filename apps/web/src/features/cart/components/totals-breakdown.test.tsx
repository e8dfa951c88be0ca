import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ShownTotals } from '../price-cart';
import { TotalsBreakdown } from './totals-breakdown';

const totals: ShownTotals = {
  subtotal: 2700,
  discount: 0,
  shipping: 795,
  creditUsed: 0,
  total: 3495,
  amountDue: 3495,
  gst: 0,
};

describe('the totals', () => {
  it('call the last row the total to pay once the delivery charge is known', () => {
    render(<TotalsBreakdown totals={totals} showsAmountDue testIds={{ total: 'total' }} />);
    expect(screen.getByText('Total to pay')).toBeTruthy();
    expect(screen.getByTestId('total').textContent).toBe('$34.95');
  });

  it('say the total is before delivery while the delivery charge is not known', () => {
    render(
      <TotalsBreakdown
        totals={{ ...totals, shipping: null, total: 2700, amountDue: 2700, gst: null }}
        showsAmountDue
        testIds={{ total: 'total', shipping: 'shipping' }}
      />,
    );
    expect(screen.queryByText('Total to pay')).toBeNull();
    expect(screen.getByText('Total before delivery')).toBeTruthy();
    expect(screen.getByTestId('shipping').textContent).toBe('—');
  });

  it("list store credit as taking off the total to pay, or beside an order's total as part of its payment", () => {
    const credited = { ...totals, creditUsed: 500, amountDue: 2995 };
    const rows = () => Array.from(document.querySelectorAll('.cart-summary__row'), (r) => r.textContent);
    const { unmount } = render(<TotalsBreakdown totals={credited} showsAmountDue />);
    expect(rows()).toEqual(expect.arrayContaining(['Store credit−$5.00', 'Total to pay$29.95']));
    expect(rows().indexOf('Store credit−$5.00')).toBeLessThan(rows().indexOf('Total to pay$29.95'));
    unmount();
    render(<TotalsBreakdown totals={credited} labels={{ credit: 'Paid with store credit' }} />);
    expect(rows()).toEqual(expect.arrayContaining(['Paid with store credit−$5.00', 'Total$34.95']));
    expect(rows().indexOf('Paid with store credit−$5.00')).toBeGreaterThan(rows().indexOf('Total$34.95'));
  });
});

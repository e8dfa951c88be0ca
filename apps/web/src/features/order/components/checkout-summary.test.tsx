import { Form } from 'antd';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ShownTotals } from '../../cart/price-cart';
import type { CreditBalance } from '../use-checkout';
import { CheckoutSummary } from './checkout-summary';

function makeTotals(): ShownTotals {
  return { subtotal: 4000, discount: 0, shipping: 800, creditUsed: 0, total: 4800, amountDue: 4800 };
}

function renderSummary(creditBalance: CreditBalance) {
  render(
    <Form>
      <CheckoutSummary
        totals={makeTotals()}
        coupon={null}
        creditBalance={creditBalance}
        placeError={null}
        isPlacing={false}
        blockedBy={null}
      />
    </Form>,
  );
}

describe('the checkout summary’s store credit', () => {
  it('offers to spend a balance', () => {
    renderSummary({ status: 'loaded', balance: 1250 });
    expect(screen.getByRole('checkbox', { name: 'Use my store credit ($12.50)' })).toBeTruthy();
  });

  it('offers nothing when the customer has no credit', () => {
    renderSummary({ status: 'none' });
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByTestId('checkout-credit-error')).toBeNull();
  });

  it('says the credit could not be loaded, and Retry reads it again', async () => {
    const retry = vi.fn();
    renderSummary({ status: 'failed', error: 'Too many requests.', retry });
    const alert = screen.getByTestId('checkout-credit-error');
    expect(alert.textContent).toContain('Store credit could not be loaded');
    expect(alert.textContent).toContain('Too many requests.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('still lets the order be placed when the credit could not be loaded', () => {
    renderSummary({ status: 'failed', error: null, retry: vi.fn() });
    screen.getByTestId('checkout-credit-error');
    expect(screen.getByTestId<HTMLButtonElement>('checkout-place-order').disabled).toBe(false);
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyCart } from '../cart-slice';
import { CartSummary } from './cart-summary';
import { SkipToSummary } from './skip-to-summary';

/** The cart page's layout: the lines (each with its controls), then the summary beside or below them. */
function renderCartLayout() {
  render(
    <div className="cart-layout">
      <div className="cart-main">
        <SkipToSummary />
        {[1, 2, 3, 4, 5, 6].map((n) => (
          <button key={n} type="button">
            Remove product {n}
          </button>
        ))}
      </div>
      <div className="cart-side">
        <CartSummary cart={emptyCart} shipping={null}>
          <button type="button">Apply code</button>
        </CartSummary>
      </div>
    </div>,
  );
}

describe('skipping the cart lines to the summary', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('is the first stop of the lines, and Enter takes the keyboard past every line to the summary', async () => {
    renderCartLayout();

    await userEvent.tab();
    const link = screen.getByRole('link', { name: 'Skip to summary' });
    expect(document.activeElement).toBe(link);
    await userEvent.keyboard('{Enter}');

    const heading = screen.getByRole('heading', { level: 2, name: 'Order summary' });
    expect(document.activeElement).toBe(heading);
    expect(heading.scrollIntoView).toHaveBeenCalledWith({ block: 'start' });
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Apply code' }));
    // The heading was a place to start from, not a control Tab comes back to.
    expect(heading.hasAttribute('tabindex')).toBe(false);
  });
});

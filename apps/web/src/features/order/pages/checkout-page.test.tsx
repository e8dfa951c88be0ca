import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { emptyCart } from '../../cart/cart-slice';
import { useCheckout } from '../use-checkout';
import { CheckoutPage } from './checkout-page';

vi.mock('../use-checkout');

/** The checkout as it stands once the cart is read: only what the page shows before there is anything to order. */
function renderCheckout(lineCount: number) {
  vi.mocked(useCheckout).mockReturnValue({
    hasLoadFailed: false,
    isLoading: false,
    hasSelection: false,
    cart: { ...emptyCart, lineCount },
  } as Partial<ReturnType<typeof useCheckout>> as ReturnType<typeof useCheckout>);
  render(
    <MemoryRouter>
      <CheckoutPage />
    </MemoryRouter>,
  );
}

describe('checkout with nothing to order', () => {
  it('an empty cart says so and leads to the shop', () => {
    renderCheckout(0);
    expect(screen.getByTestId('checkout-empty').textContent).toContain('Your cart is empty');
    expect(screen.getByRole('link', { name: 'Start shopping' }).getAttribute('href')).toBe('/shop');
  });

  it('a cart with nothing selected leads back to the cart', () => {
    renderCheckout(2);
    expect(screen.getByTestId('checkout-empty').textContent).toContain('Nothing is selected in your cart');
    expect(screen.getByRole('link', { name: 'Back to cart' }).getAttribute('href')).toBe('/cart');
  });
});

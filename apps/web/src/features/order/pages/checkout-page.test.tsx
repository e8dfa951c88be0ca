import { render, screen, waitFor } from '@testing-library/react';
import type { OrderList, OrderSummary } from '@storefront/contract/order';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { emptyCart } from '../../cart/cart-slice';
import { listOrders } from '../api';
import { RECENT_ORDER_MINUTES } from '../components/nothing-to-order';
import { useCheckout } from '../use-checkout';
import { CheckoutPage } from './checkout-page';

vi.mock('../use-checkout');
vi.mock('../api');

/** The customer's orders, newest first: none, or one placed `minutesAgo`. */
function ordersAre(minutesAgo: number | null) {
  const newest = { orderID: 42, createdAt: new Date(Date.now() - (minutesAgo ?? 0) * 60_000).toISOString() };
  vi.mocked(listOrders).mockResolvedValue({
    list: minutesAgo === null ? [] : [newest as OrderSummary],
    total: minutesAgo === null ? 0 : 1,
    page: 1,
    pageSize: 1,
  } satisfies OrderList);
}

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
  it('an empty cart says so and leads to the shop', async () => {
    ordersAre(null);
    renderCheckout(0);
    await waitFor(() =>
      expect(screen.getByTestId('checkout-empty').textContent).toContain('Your cart is empty'),
    );
    expect(screen.getByRole('link', { name: 'Start shopping' }).getAttribute('href')).toBe('/shop');
  });

  it('a cart emptied by an order just placed names that order and leads to it', async () => {
    ordersAre(2);
    renderCheckout(0);
    await waitFor(() =>
      expect(screen.getByTestId('checkout-empty').textContent).toContain('order SO-42 was placed'),
    );
    expect(screen.getByRole('link', { name: 'View order SO-42' }).getAttribute('href')).toBe(
      '/account/orders/42',
    );
    expect(screen.getByRole('link', { name: 'Keep shopping' }).getAttribute('href')).toBe('/shop');
  });

  it('an order from longer ago is not taken for the reason', async () => {
    ordersAre(RECENT_ORDER_MINUTES + 1);
    renderCheckout(0);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Start shopping' })).toBeTruthy());
    expect(screen.getByTestId('checkout-empty').textContent).not.toContain('#42');
  });

  it('when the orders cannot be read, the empty cart is still said', async () => {
    vi.mocked(listOrders).mockRejectedValue(new Error('offline'));
    renderCheckout(0);
    await waitFor(() =>
      expect(screen.getByTestId('checkout-empty').textContent).toContain('Your cart is empty'),
    );
  });

  it('a cart with nothing selected leads back to the cart', () => {
    renderCheckout(2);
    expect(screen.getByTestId('checkout-empty').textContent).toContain('Nothing is selected in your cart');
    expect(screen.getByRole('link', { name: 'Back to cart' }).getAttribute('href')).toBe('/cart');
  });
});

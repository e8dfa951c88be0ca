import { render, screen, waitFor } from '@testing-library/react';
import type { OrderList, OrderSummary } from '@storefront/contract/order';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { makeAddress } from '../../../test-support/address';
import { emptyCart } from '../../cart/cart-slice';
import { listOrders } from '../api';
import { RECENT_ORDER_MINUTES } from '../components/nothing-to-order';
import { useCheckout } from '../use-checkout';
import { CheckoutPage } from './checkout-page';

vi.mock('../use-checkout');
vi.mock('../api');
vi.mock('../../delivery/api');

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

describe('the checkout’s Place order bar', () => {
  it('says the delivery prices could not be read, not that a delivery option was not chosen', () => {
    const line = { productID: 1, selected: true } as (typeof emptyCart.available)[number];
    vi.mocked(useCheckout).mockReturnValue({
      hasLoadFailed: false,
      isLoading: false,
      hasSelection: true,
      selectedLines: [],
      cart: { ...emptyCart, lineCount: 1, count: 1, available: [line] },
      draft: {},
      addresses: [makeAddress({ addressID: 7 })],
      initialAddressID: 7,
      quoteOptions: [],
      quoteError: 'We couldn’t load delivery prices.',
      retryQuote: vi.fn(),
      addressID: null,
      needsWindow: false,
      option: null,
      creditBalance: { status: 'none' },
      totals: {
        subtotal: 1550,
        discount: 0,
        shipping: null,
        creditUsed: 0,
        total: 1550,
        amountDue: 1550,
        gst: null,
      },
      placeError: null,
      isPlacing: false,
    } as Partial<ReturnType<typeof useCheckout>> as ReturnType<typeof useCheckout>);
    render(
      <Provider store={createAppStore()}>
        <MemoryRouter>
          <CheckoutPage />
        </MemoryRouter>
      </Provider>,
    );
    const bar = screen.getByTestId('checkout-bar');
    expect(bar.textContent).toContain('We couldn’t load delivery prices.');
    expect(bar.textContent).not.toContain('Choose how your order is delivered');
    expect((screen.getByTestId('checkout-bar-place-order') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("below the delivery zone's minimum order", () => {
  it('Place order waits, saying how much more to add, before asking for a window', () => {
    const gap = 'Add $12.40 more to reach the $30.00 minimum for delivery to 2000.';
    const line = { productID: 1, selected: true } as (typeof emptyCart.available)[number];
    vi.mocked(useCheckout).mockReturnValue({
      hasLoadFailed: false,
      isLoading: false,
      hasSelection: true,
      selectedLines: [],
      cart: { ...emptyCart, lineCount: 1, count: 1, available: [line] },
      draft: {},
      addresses: [makeAddress({ addressID: 7 })],
      initialAddressID: 7,
      quoteOptions: [],
      deliveryMode: 'window',
      minimumGap: gap,
      quoteError: null,
      retryQuote: vi.fn(),
      addressID: null,
      needsWindow: true,
      option: null,
      creditBalance: { status: 'none' },
      totals: {
        subtotal: 1760,
        discount: 0,
        shipping: null,
        creditUsed: 0,
        total: 1760,
        amountDue: 1760,
        gst: null,
      },
      placeError: null,
      isPlacing: false,
    } as Partial<ReturnType<typeof useCheckout>> as ReturnType<typeof useCheckout>);
    render(
      <Provider store={createAppStore()}>
        <MemoryRouter>
          <CheckoutPage />
        </MemoryRouter>
      </Provider>,
    );
    expect(screen.getByTestId('checkout-bar').textContent).toContain(gap);
    expect(screen.getByTestId('checkout-bar').textContent).not.toContain('Choose a delivery window');
    expect((screen.getByTestId('checkout-bar-place-order') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('checkout-minimum').textContent).toContain(gap);
  });
});

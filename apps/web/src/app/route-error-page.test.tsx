import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithRetry } from '../components/lazy-with-retry';
import { isChunkLoadError, RouteErrorPage } from './route-error-page';

const offline = () =>
  new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/checkout-page.js');

function Shell() {
  return (
    <>
      <header data-testid="header">Harbour Grocer</header>
      <Suspense fallback={<p>Loading</p>}>
        <Outlet />
      </Suspense>
    </>
  );
}

function CheckoutPage() {
  return <h1>Checkout</h1>;
}

function BrokenPage(): never {
  throw new Error('cannot read the cart');
}

/** The shell with a page under it, as the store's routes are laid out (app/router.tsx). */
function renderAt(path: string, checkout: () => Promise<typeof CheckoutPage>) {
  const LazyCheckout = lazyWithRetry(checkout);
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          {
            errorElement: <RouteErrorPage />,
            children: [
              { path: '/checkout', element: <LazyCheckout /> },
              { path: '/broken', element: <BrokenPage /> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RouteErrorPage', () => {
  it('says a page whose code could not be fetched could not be loaded, under the header, and Try again loads it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const checkout = vi.fn<() => Promise<typeof CheckoutPage>>();
    checkout.mockRejectedValueOnce(offline()).mockResolvedValueOnce(CheckoutPage);
    const router = renderAt('/checkout', checkout);

    const failed = await screen.findByTestId('page-load-failed');
    expect(failed.getAttribute('role')).toBe('alert');
    expect(failed.textContent).toContain('This page could not be loaded.');
    expect(failed.textContent).toContain('Check your connection and try again.');
    expect(screen.getByTestId('header')).toBeTruthy();

    await userEvent.click(screen.getByTestId('page-load-failed-retry'));
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeTruthy();
    expect(screen.queryByTestId('page-load-failed')).toBeNull();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(checkout).toHaveBeenCalledTimes(2);
  });

  it('shows a plain page for a page that throws, never the developer page, and the error is logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/broken', () => Promise.resolve(CheckoutPage));

    const failed = await screen.findByTestId('page-error');
    expect(failed.textContent).toContain('Something went wrong on this page.');
    expect(screen.getByTestId('header')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Unexpected Application Error|Hey developer/);
    expect(logged.mock.calls.flat()).toContainEqual(
      expect.objectContaining({ message: 'cannot read the cart' }),
    );
  });
});

describe('isChunkLoadError', () => {
  it("recognises each browser's and Vite's words for code that could not be fetched, and nothing else", () => {
    expect(isChunkLoadError(offline())).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/antd.css'))).toBe(true);
    expect(isChunkLoadError(new Error('cannot read the cart'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

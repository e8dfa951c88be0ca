import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../features/account/pages/login-page';
import { addToGuestCart } from '../features/cart/guest-cart';
import { RequireSession } from './require-session';
import { createAppStore } from './store';

vi.mock('../features/account/api');

function renderSentFrom(path: string) {
  const signedIn = <RequireSession>{null}</RequireSession>;
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/cart', element: signedIn },
      { path: '/account/orders', element: signedIn },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={createAppStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

describe('a page for signed-in customers, to a visitor', () => {
  it('sends them to sign-in, which says the cart needs it and keeps the items they added', async () => {
    addToGuestCart(5, 2);
    const router = renderSentFrom('/cart');
    expect((await screen.findByTestId('login-lead')).textContent).toBe(
      'Sign in to see your cart — the items you added are kept.',
    );
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/cart')}`);
  });

  it('promises no items to a visitor who added none', async () => {
    renderSentFrom('/cart');
    expect((await screen.findByTestId('login-lead')).textContent).toBe('Sign in to see your cart.');
  });

  it('says an account page needs sign-in', async () => {
    renderSentFrom('/account/orders?page=2');
    expect((await screen.findByTestId('login-lead')).textContent).toBe(
      'Sign in to continue to your account.',
    );
  });

  it('leaves the welcome to a visitor who chose to sign in, though the link names the page to come back to', () => {
    render(
      <Provider store={createAppStore()}>
        <MemoryRouter initialEntries={['/login?redirect=%2Fcart']}>
          <LoginPage />
        </MemoryRouter>
      </Provider>,
    );
    expect(screen.getByTestId('login-lead').textContent).toBe('Welcome back to Harbour Grocer.');
  });
});

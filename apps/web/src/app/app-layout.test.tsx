import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@storefront/contract/account';
import type { CartList } from '@storefront/contract/cart';
import * as accountApi from '../features/account/api';
import * as cartApi from '../features/cart/api';
import { emptyCart } from '../features/cart/cart-slice';
import { LoginPage } from '../features/account/pages/login-page';
import * as newsletterApi from '../features/newsletter/api';
import { readSessionEnded, sessionKeys } from '../lib/http/session';
import { toast } from '../lib/toast';
import { AppLayout } from './app-layout';
import { RequireSession } from './require-session';
import { createAppStore } from './store';

vi.mock('../features/account/api');
vi.mock('../features/cart/api');
vi.mock('../features/newsletter/api');
vi.mock('../lib/toast');

const ann: UserInfo = {
  customerID: 7,
  email: 'ann@example.test',
  firstName: 'Ann',
  lastName: 'Able',
  postCode: '2000',
  suburb: 'Sydney',
  emailRefused: null,
};
const ben: UserInfo = {
  ...ann,
  customerID: 8,
  email: 'ben@example.test',
  firstName: 'Ben',
  lastName: 'Best',
};
const cartOf = (count: number): CartList => ({ ...emptyCart, count, lineCount: count });

/** Writes as another tab would, then tells this tab the way the browser does: one storage event per key written. */
function inAnotherTab(writes: Record<string, string | null>): void {
  act(() => {
    for (const [key, value] of Object.entries(writes)) {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
    }
  });
}

function storeSession(user: UserInfo, token: string): void {
  localStorage.setItem(sessionKeys.token, token);
  localStorage.setItem(sessionKeys.email, user.email);
  Cookies.set(sessionKeys.userInfoCookie, JSON.stringify(user));
}

let pageMounts = 0;

/** A page that holds state of its own, as the profile and checkout pages hold what they read. */
function CountingPage() {
  const [mount] = useState(() => (pageMounts += 1));
  return <p data-testid="page-mount">{mount}</p>;
}

function renderAccountPage(loginPage = <p data-testid="login-page">Sign in</p>) {
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/login', element: loginPage },
          { path: '/shop', element: <p data-testid="shop-page">Shop</p> },
          {
            path: '/account/profile',
            element: (
              <RequireSession>
                <CountingPage />
              </RequireSession>
            ),
          },
        ],
      },
    ],
    { initialEntries: ['/account/profile'] },
  );
  render(
    <Provider store={createAppStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

const accountName = () => screen.getByTestId('account-menu').textContent;

beforeEach(() => {
  vi.resetAllMocks();
  pageMounts = 0;
  // jsdom has no scrolling; the layout's ScrollRestoration asks for it on every page.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  vi.mocked(newsletterApi.retrieveSubscribeState).mockReturnValue(new Promise(() => undefined));
  storeSession(ann, 'Bearer ann-token');
});

describe('the layout when another tab changes the session', () => {
  it("shows the customer another tab signed in as, with that customer's cart, without a reload", async () => {
    vi.mocked(cartApi.listCart).mockResolvedValueOnce(cartOf(3)).mockResolvedValueOnce(cartOf(1));
    renderAccountPage();
    expect(accountName()).toContain('Ann');
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('3'));

    Cookies.set(sessionKeys.userInfoCookie, JSON.stringify(ben));
    inAnotherTab({ [sessionKeys.token]: 'Bearer ben-token', [sessionKeys.email]: ben.email });

    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('1'));
    expect(accountName()).toContain('Ben');
    expect(screen.getByTestId('page-mount').textContent).toBe('2');
    expect(cartApi.listCart).toHaveBeenCalledTimes(2);
    expect(toast.info).toHaveBeenCalledWith('You signed in as ben@example.test in another tab.');
  });

  it('reads the new customer when the user cookie still names the last one', async () => {
    vi.mocked(cartApi.listCart).mockResolvedValue(cartOf(0));
    vi.mocked(accountApi.retrieveUserInfo).mockResolvedValue(ben);
    renderAccountPage();
    expect(accountName()).toContain('Ann');
    inAnotherTab({ [sessionKeys.token]: 'Bearer ben-token', [sessionKeys.email]: ben.email });
    await waitFor(() => expect(accountName()).toContain('Ben'));
    expect(accountApi.retrieveUserInfo).toHaveBeenCalledTimes(1);
  });

  it('sends an account page to sign-in when another tab signs out', async () => {
    vi.mocked(cartApi.listCart).mockResolvedValue(cartOf(3));
    const router = renderAccountPage();
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('3'));

    Cookies.remove(sessionKeys.userInfoCookie);
    inAnotherTab({ [sessionKeys.token]: null, [sessionKeys.expiresAt]: null, [sessionKeys.email]: null });

    await screen.findByTestId('login-page');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/account/profile')}`);
    expect(screen.queryByTestId('account-menu')).toBeNull();
    expect(screen.queryByTestId('cart-count')).toBeNull();
  });

  it('says on the sign-in page it sends an account page to that another tab signed out', async () => {
    vi.mocked(cartApi.listCart).mockResolvedValue(cartOf(3));
    renderAccountPage(<LoginPage />);
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('3'));

    Cookies.remove(sessionKeys.userInfoCookie);
    inAnotherTab({ [sessionKeys.token]: null, [sessionKeys.expiresAt]: null, [sessionKeys.email]: null });

    const notice = await screen.findByTestId('login-session-ended');
    expect(notice.textContent).toBe('You signed out in another tab.');
    expect(toast.info).not.toHaveBeenCalled();
  });

  it('says in a toast, not on a later sign-in, that another tab signed out while a page for anyone was shown', async () => {
    vi.mocked(cartApi.listCart).mockResolvedValue(cartOf(3));
    const router = renderAccountPage();
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('3'));
    await router.navigate('/shop');
    await screen.findByTestId('shop-page');

    Cookies.remove(sessionKeys.userInfoCookie);
    inAnotherTab({ [sessionKeys.token]: null, [sessionKeys.expiresAt]: null, [sessionKeys.email]: null });

    await waitFor(() => expect(toast.info).toHaveBeenCalledExactlyOnceWith('You signed out in another tab.'));
    expect(router.state.location.pathname).toBe('/shop');
    expect(readSessionEnded()).toBeNull();
  });

  it("keeps everything when another tab renews the same customer's token", async () => {
    vi.mocked(cartApi.listCart).mockResolvedValue(cartOf(3));
    renderAccountPage();
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('3'));

    inAnotherTab({
      [sessionKeys.token]: 'Bearer ann-renewed',
      [sessionKeys.expiresAt]: '2030-01-01T00:00:00Z',
    });

    expect(screen.getByTestId('page-mount').textContent).toBe('1');
    expect(screen.getByTestId('cart-count').textContent).toBe('3');
    expect(accountName()).toContain('Ann');
    expect(cartApi.listCart).toHaveBeenCalledTimes(1);
    expect(toast.info).not.toHaveBeenCalled();
  });
});

describe('skipping the header', () => {
  it('the first Tab reaches "Skip to content", which takes the focus to the page’s heading', async () => {
    vi.mocked(cartApi.listCart).mockResolvedValue(cartOf(0));
    // jsdom lays nothing out, so has no scrollIntoView.
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const router = createMemoryRouter(
      [
        {
          element: <AppLayout />,
          children: [
            {
              path: '/',
              element: (
                <>
                  <h1>Fresh this week</h1>
                  <button type="button">Add to cart</button>
                </>
              ),
            },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <Provider store={createAppStore()}>
        <RouterProvider router={router} />
      </Provider>,
    );
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);

    await userEvent.keyboard('{Enter}');
    const heading = screen.getByRole('heading', { name: 'Fresh this week' });
    expect(document.activeElement).toBe(heading);
    expect(scrollIntoView.mock.contexts).toEqual([heading]);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add to cart' }));
    expect(router.state.location.hash).toBe('');
  });
});

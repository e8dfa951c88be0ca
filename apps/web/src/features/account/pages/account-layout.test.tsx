import type { CustomerInfo, UserInfo } from '@storefront/contract/account';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { retrieveCustomer, retrieveCustomerStatus, retrieveUserInfo } from '../api';
import { AccountLayout } from './account-layout';
import { ProfilePage } from './profile-page';

vi.mock('../api');
vi.mock('../../suburb/api');

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ path: '/account', element: <AccountLayout />, children: [{ path: '*', element: <p>page</p> }] }],
    { initialEntries: [path] },
  );
  render(
    <Provider store={createAppStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return screen.getByTestId('account-section-picker');
}

describe('the account section picker', () => {
  it("names the section of the page's address", () => {
    expect(renderAt('/account/credits').textContent).toContain('Store credit');
  });

  it('names no section for an address that is none, rather than its own words', () => {
    const picker = renderAt('/account/wallet');
    expect(picker.textContent).not.toContain('wallet');
    expect(picker.textContent).toContain('Choose a section');
  });
});

const dana: UserInfo = {
  customerID: 42,
  email: 'dana@example.tset',
  firstName: 'Dana',
  lastName: 'Demo',
  postCode: '2000',
  suburb: 'Sydney',
  emailRefused: { at: '2026-03-02T01:02:03.000Z', reason: '550 5.1.1 No such mailbox here' },
};

const danaInfo: CustomerInfo = {
  ...dana,
  phone: null,
  birthday: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  loginMethod: 'password',
};

function renderAccount(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/account',
        element: <AccountLayout />,
        children: [
          { path: 'profile', element: <ProfilePage /> },
          { path: '*', element: <p>page</p> },
        ],
      },
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

describe('an address the mail server refused', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
    vi.mocked(retrieveCustomerStatus).mockResolvedValue({
      customerID: 42,
      accountStatus: 'active',
      emailVerified: true,
      sessionExpiresAt: '2030-01-01T00:00:00.000Z',
      signedIn: true,
    });
    vi.mocked(retrieveCustomer).mockResolvedValue(danaInfo);
  });

  it('is said at the top of every account section, read afresh as the account opens, with the way to the address', async () => {
    vi.mocked(retrieveUserInfo).mockResolvedValue(dana);
    renderAccount('/account/orders');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      "We couldn't deliver mail to dana@example.tset: No such mailbox here. Check the address and correct it.",
    );
    const fix = within(alert).getByRole('link', { name: 'Go to your email address' });
    expect(fix.getAttribute('href')).toBe('/account/profile');
    expect(retrieveUserInfo).toHaveBeenCalled();
  });

  it('takes the customer to the address on their profile, which says mail to it is refused, and puts the focus there', async () => {
    vi.mocked(retrieveUserInfo).mockResolvedValue(dana);
    const router = renderAccount('/account/orders');
    await userEvent.click(await screen.findByTestId('email-refused-fix'));
    expect(router.state.location.pathname).toBe('/account/profile');
    const email = await screen.findByTestId('profile-email');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.textContent).toContain('dana@example.tset');
    expect(screen.getByTestId('profile-email-refused').textContent).toContain('No such mailbox here');
  });

  it('is not said while mail reaches the address', async () => {
    vi.mocked(retrieveUserInfo).mockResolvedValue({ ...dana, emailRefused: null });
    vi.mocked(retrieveCustomer).mockResolvedValue({ ...danaInfo, emailRefused: null });
    renderAccount('/account/profile');
    const email = await screen.findByTestId('profile-email');
    await waitFor(() => expect(retrieveUserInfo).toHaveBeenCalled());
    expect(screen.queryByTestId('email-refused')).toBeNull();
    expect(screen.queryByTestId('profile-email-refused')).toBeNull();
    expect(document.activeElement).not.toBe(email);
  });
});

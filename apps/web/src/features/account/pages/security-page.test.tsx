import type { LoginDetail } from '@storefront/contract/account';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { saveToken, saveUserInfoCookie } from '../../../lib/http/session';
import { askForResetLink, retrieveLoginDetail } from '../api';
import { SecurityPage } from './security-page';

vi.mock('../api');

const EMAIL = 'gina@example.test';

function detail(hasPassword: boolean): LoginDetail {
  return {
    loginMethod: hasPassword ? 'password' : 'google',
    hasPassword,
    hasGoogle: !hasPassword,
    recent: [],
  };
}

function openPage() {
  saveToken('session-token');
  saveUserInfoCookie({
    customerID: 7,
    email: EMAIL,
    firstName: 'Gina',
    lastName: 'Google',
    postCode: '2000',
    suburb: 'Sydney',
    emailRefused: null,
  });
  render(
    <Provider store={createAppStore()}>
      <MemoryRouter initialEntries={['/account/security']}>
        <SecurityPage />
      </MemoryRouter>
    </Provider>,
  );
}

describe('the password and sign-ins page', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('a customer who signs in with Google is not asked for a current password they never had, but offered a link to choose one', async () => {
    vi.mocked(retrieveLoginDetail).mockResolvedValue(detail(false));
    vi.mocked(askForResetLink).mockResolvedValue({ message: 'sent' });
    openPage();

    const card = await screen.findByTestId('choose-password');
    expect(screen.queryByTestId('password-old')).toBeNull();
    expect(card.textContent).toContain('You sign in with Google');
    await userEvent.click(screen.getByTestId('choose-password-send'));
    expect(askForResetLink).toHaveBeenCalledWith({ email: EMAIL });
    expect((await screen.findByTestId('choose-password-sent')).textContent).toContain(EMAIL);
  });

  it('a customer with a password changes it with the current one', async () => {
    vi.mocked(retrieveLoginDetail).mockResolvedValue(detail(true));
    openPage();

    expect(await screen.findByTestId('password-old')).toBeTruthy();
    expect(screen.queryByTestId('choose-password')).toBeNull();
  });

  it('its headings go down one level at a time under the account h1: a card is an h2, a sign-in no heading', async () => {
    vi.mocked(retrieveLoginDetail).mockResolvedValue({
      ...detail(true),
      recent: [
        { at: '2026-11-27T07:23:00.000Z', method: 'password', ip: '10.0.0.1', userAgent: 'Mozilla/5.0' },
        { at: '2026-11-26T07:23:00.000Z', method: 'register', ip: '10.0.0.2', userAgent: '' },
      ],
    });
    openPage();
    await screen.findByTestId('login-history');

    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(levels).toEqual([2, 2, 2]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Change password',
      'Recent sign-ins',
      'Signed-in devices',
    ]);
  });
});

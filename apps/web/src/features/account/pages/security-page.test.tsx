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
});

import { errorCatalogue } from '@storefront/contract/errors';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { hasSession, saveEmail, saveToken } from '../../../lib/http/session';
import { checkResetLink, logoutCustomer, resetPassword } from '../api';
import { LoginPage } from './login-page';
import { ResetPasswordPage } from './reset-password-page';

vi.mock('../api');

const TOKEN = 'r'.repeat(43);

function openLink(path = `/reset-password?token=${TOKEN}`) {
  render(
    <Provider store={createAppStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/forgot-password" element={<p>Ask for a reset link</p>} />
          <Route path="/" element={<p>The home page</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

async function chooseNewPassword(password = 'a brand new secret') {
  await userEvent.type(await screen.findByTestId('reset-password'), password);
  await userEvent.type(screen.getByTestId('reset-confirm'), password);
  await userEvent.click(screen.getByTestId('reset-submit'));
}

describe('choosing a new password from the mailed link', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
    vi.mocked(checkResetLink).mockResolvedValue({ valid: true });
  });

  it('in a browser signed in as someone, says so, signs it out first, and then the sign-in page is the way on', async () => {
    saveToken('session-token');
    saveEmail('bob@example.test');
    const calls: string[] = [];
    vi.mocked(logoutCustomer).mockImplementation(async () => {
      calls.push('logout');
      return null;
    });
    vi.mocked(resetPassword).mockImplementation(async () => {
      calls.push('reset');
      return null;
    });
    openLink();

    expect((await screen.findByTestId('reset-signed-in')).textContent).toContain(
      'This browser is signed in as bob@example.test.',
    );
    await chooseNewPassword();
    await screen.findByTestId('reset-done');
    expect(calls).toEqual(['logout', 'reset']);
    expect(hasSession()).toBe(false);

    await userEvent.click(screen.getByTestId('reset-sign-in'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByText('The home page')).toBeNull();
  });

  it('signed out, it changes the password without a sign-out and says nothing of a session', async () => {
    vi.mocked(resetPassword).mockResolvedValue(null);
    openLink();

    expect(screen.queryByTestId('reset-signed-in')).toBeNull();
    await chooseNewPassword();
    await screen.findByTestId('reset-done');
    expect(logoutCustomer).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(resetPassword).toHaveBeenCalledWith({ token: TOKEN, newPassword: 'a brand new secret' }),
    );
  });

  it('a spent link offers a new link and, for a customer who changed the password since, the way to sign in', async () => {
    vi.mocked(resetPassword).mockRejectedValue({
      code: errorCatalogue.RESET_LINK_INVALID.code,
      msg: errorCatalogue.RESET_LINK_INVALID.msg,
      data: null,
    });
    openLink();
    await chooseNewPassword();

    const page = await screen.findByTestId('reset-invalid');
    expect(page.textContent).toContain('a password changed since ends it too');
    expect(screen.getByTestId('reset-ask-again')).toBeTruthy();
    await userEvent.click(screen.getByTestId('reset-invalid-sign-in'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
  });

  it('a spent link says so as it opens, before any password is typed, with the way to a new one', async () => {
    vi.mocked(checkResetLink).mockResolvedValue({ valid: false });
    openLink();

    const page = await screen.findByTestId('reset-invalid');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This link no longer works');
    expect(page.textContent).toContain('Ask for a new one');
    expect(screen.queryByTestId('reset-password')).toBeNull();
    expect(checkResetLink).toHaveBeenCalledWith({ token: TOKEN });
    expect(resetPassword).not.toHaveBeenCalled();

    const askAgain = screen.getByTestId('reset-ask-again');
    expect(askAgain.getAttribute('href')).toBe('/forgot-password');
    await userEvent.click(askAgain);
    expect(await screen.findByText('Ask for a reset link')).toBeTruthy();
  });

  it('a link that still works shows the form once checked, and nothing of the form before', async () => {
    let answer: (result: { valid: boolean }) => void = () => undefined;
    vi.mocked(checkResetLink).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    openLink();

    expect(screen.getByTestId('page-loading')).toBeTruthy();
    expect(screen.queryByTestId('reset-password')).toBeNull();
    expect(screen.queryByTestId('reset-invalid')).toBeNull();
    answer({ valid: true });
    expect(await screen.findByTestId('reset-password')).toBeTruthy();
    expect(screen.queryByTestId('reset-invalid')).toBeNull();
  });

  it('should the check itself fail, the form is shown and the reset has the last word', async () => {
    vi.mocked(checkResetLink).mockRejectedValue({ code: 100029, msg: 'Too many attempts.', data: null });
    vi.mocked(resetPassword).mockResolvedValue(null);
    openLink();

    await chooseNewPassword();
    await screen.findByTestId('reset-done');
  });

  it('a link cut short says it no longer works without asking the server', async () => {
    openLink('/reset-password?token=cut');

    expect((await screen.findByTestId('reset-invalid')).textContent).toContain('This link no longer works');
    expect(checkResetLink).not.toHaveBeenCalled();
  });
});

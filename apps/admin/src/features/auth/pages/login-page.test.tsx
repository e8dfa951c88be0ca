import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@storefront/contract/errors';
import { ApiError } from '../../../lib/http/api-error';
import { makeMe, renderAt } from '../../../test-utils';
import { signInStaff } from '../api';
import { LoginPage } from './login-page';

vi.mock('../api', () => ({ signInStaff: vi.fn() }));

const refusal = (name: keyof typeof errorCatalogue) =>
  new ApiError(errorCatalogue[name].msg, { code: errorCatalogue[name].code, status: 200 });

async function typeCredentials(email = 'owner@shop.test', password = 'owner-pass-2000') {
  const user = userEvent.setup();
  await user.type(screen.getByTestId('login-email'), email);
  await user.type(screen.getByTestId('login-password'), password);
  await user.click(screen.getByTestId('login-submit'));
  return user;
}

describe('the staff sign-in page', () => {
  beforeEach(() => {
    vi.mocked(signInStaff).mockReset();
  });

  it('signs in with email and password and opens the role’s first page', async () => {
    vi.mocked(signInStaff).mockResolvedValue(makeMe('owner'));
    renderAt(<LoginPage />, { path: '/login' });
    expect(document.title).toMatch(/^Sign in · /);
    await typeCredentials();
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/dashboard');
    expect(signInStaff).toHaveBeenCalledWith({ email: 'owner@shop.test', password: 'owner-pass-2000' });
  });

  it('returns to the page the session ended on', async () => {
    vi.mocked(signInStaff).mockResolvedValue(makeMe('manager'));
    renderAt(<LoginPage />, { path: '/login', at: '/login?redirect=%2Fadmin%2Faudit%3Fpage%3D3' });
    await typeCredentials();
    expect((await screen.findByTestId('location')).textContent).toBe('/audit?page=3');
  });

  it('says when the email or password is wrong, and stays on the first step', async () => {
    vi.mocked(signInStaff).mockRejectedValue(refusal('STAFF_WRONG_CREDENTIALS'));
    renderAt(<LoginPage />, { path: '/login' });
    await typeCredentials();
    expect((await screen.findByTestId('login-error')).textContent).toContain(
      'The email or password is incorrect.',
    );
    expect(screen.getByTestId('login-email')).toBeTruthy();
  });

  it('asks for the code when two-factor is on, and sends it with the same email and password', async () => {
    vi.mocked(signInStaff)
      .mockRejectedValueOnce(refusal('STAFF_OTP_REQUIRED'))
      .mockRejectedValueOnce(refusal('STAFF_OTP_INVALID'))
      .mockResolvedValueOnce(makeMe('owner', { mfaEnabled: true }));
    renderAt(<LoginPage />, { path: '/login' });
    const user = await typeCredentials();

    const code = await screen.findByTestId('login-otp');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Two-factor sign-in');
    await user.type(code, '123456');
    await user.click(screen.getByTestId('login-otp-submit'));
    expect(await screen.findByText('That code is not right, or was already used.')).toBeTruthy();

    await user.clear(screen.getByTestId('login-otp'));
    await user.type(screen.getByTestId('login-otp'), ' ABCDE-23456 ');
    await user.click(screen.getByTestId('login-otp-submit'));
    await screen.findByTestId('location');
    expect(signInStaff).toHaveBeenLastCalledWith({
      email: 'owner@shop.test',
      password: 'owner-pass-2000',
      otp: 'abcde-23456',
    });
  });

  it('checks the form before sending anything', async () => {
    renderAt(<LoginPage />, { path: '/login' });
    await typeCredentials('not-an-email', 'x');
    expect(await screen.findByText(/^Email must be/)).toBeTruthy();
    expect(signInStaff).not.toHaveBeenCalled();
  });
});

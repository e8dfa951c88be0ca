import { RUNTIME_CONFIG_GLOBAL } from '@storefront/contract/limits';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadRouteCode } from '../../../lib/route-code';
import { createAppStore } from '../../../app/store';
import * as api from '../api';
import { LoginPage } from './login-page';

vi.mock('../api');
vi.mock('../../../lib/route-code', () => ({ preloadRouteCode: vi.fn() }));

/** Whether the Google button's code can be fetched. */
const googleChunk = vi.hoisted(() => ({ isReachable: false }));

vi.mock('../components/google-sign-in-button', () => {
  if (!googleChunk.isReachable) {
    throw new TypeError('Failed to fetch dynamically imported module: /assets/google-sign-in-button.js');
  }
  return { GoogleSignInButton: () => <div data-testid="google-sign-in" /> };
});

afterEach(() => {
  Reflect.deleteProperty(window, RUNTIME_CONFIG_GLOBAL);
});

describe('the sign-in page', () => {
  it('offline, says Google sign-in could not load under the form, and shows the button once back online', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    Reflect.set(window, RUNTIME_CONFIG_GLOBAL, { googleClientId: 'client-id.apps.googleusercontent.com' });
    render(
      <Provider store={createAppStore()}>
        <MemoryRouter initialEntries={['/login']}>
          <LoginPage />
        </MemoryRouter>
      </Provider>,
    );

    const failed = await screen.findByTestId('google-load-failed');
    expect(failed.textContent).toContain('Google sign-in could not be loaded');
    expect(screen.getByTestId('login-submit')).toBeTruthy();

    googleChunk.isReachable = true;
    // The notice listens for `online` from an effect, which React may run a moment after the notice shows: the
    // browser's event comes long after, so the test says it again until it is heard.
    await waitFor(() => {
      // Only while the notice is up: heard once, the part is fetched again and the notice goes.
      if (screen.queryByTestId('google-load-failed'))
        act(() => {
          window.dispatchEvent(new Event('online'));
        });
      expect(screen.getByTestId('google-sign-in')).toBeTruthy();
    });
    expect(screen.queryByTestId('google-load-failed')).toBeNull();
  });

  it('refusing a disabled account, says how to reach the shop: its contact address, with a mail naming the account', async () => {
    Reflect.set(window, RUNTIME_CONFIG_GLOBAL, { contactEmail: 'hello@harbourgrocer.example' });
    vi.mocked(api.loginCustomer).mockRejectedValue({
      code: 100106,
      msg: 'This account is disabled.',
      data: null,
    });
    renderPage();
    signIn('kim@example.test');

    const help = await screen.findByTestId('login-disabled-help');
    expect(screen.getByTestId('login-error').textContent).toContain('This account is disabled.');
    expect(help.textContent).toBe(
      'To ask why, or to have it opened again, email us at hello@harbourgrocer.example.',
    );
    const link = screen.getByTestId('login-contact-link');
    expect(link.getAttribute('href')).toBe(
      `mailto:hello@harbourgrocer.example?subject=${encodeURIComponent('My account kim@example.test is disabled')}`,
    );
  });

  it('without the contact address in the config, says where a mail reaches the shop', async () => {
    vi.mocked(api.loginCustomer).mockRejectedValue({
      code: 100106,
      msg: 'This account is disabled.',
      data: null,
    });
    renderPage();
    signIn('kim@example.test');
    expect((await screen.findByTestId('login-disabled-help')).textContent).toContain(
      'reply to any email we have sent you',
    );
  });

  it('a wrong password gets the message alone', async () => {
    Reflect.set(window, RUNTIME_CONFIG_GLOBAL, { contactEmail: 'hello@harbourgrocer.example' });
    vi.mocked(api.loginCustomer).mockRejectedValue({
      code: 100102,
      msg: 'Wrong email or password.',
      data: null,
    });
    renderPage();
    signIn('kim@example.test');
    expect((await screen.findByTestId('login-error')).textContent).toBe('Wrong email or password.');
    expect(screen.queryByTestId('login-disabled-help')).toBeNull();
  });

  it('a failed sign-in gives the focus to the notice saying why, not to the top of the page', async () => {
    vi.mocked(api.loginCustomer).mockRejectedValue({
      code: 100102,
      msg: 'Wrong email or password.',
      data: null,
    });
    renderPage();
    screen.getByTestId('login-password').focus();
    signIn('kim@example.test');

    const notice = await screen.findByTestId('login-error');
    await waitFor(() => expect(document.activeElement).toBe(notice));
  });

  it('starts loading the code of the page it leads to while the sign-in is out', () => {
    vi.mocked(api.loginCustomer).mockReturnValue(new Promise(() => undefined));
    renderPage('/login?redirect=%2Fcart%3Fstep%3D2');
    expect(preloadRouteCode).not.toHaveBeenCalled();

    signIn('kim@example.test');

    expect(preloadRouteCode).toHaveBeenCalledWith('/cart');
  });
});

function renderPage(address = '/login') {
  render(
    <Provider store={createAppStore()}>
      <MemoryRouter initialEntries={[address]}>
        <LoginPage />
      </MemoryRouter>
    </Provider>,
  );
}

function signIn(email: string) {
  fireEvent.change(screen.getByTestId('login-email'), { target: { value: email } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'pass-1234' } });
  fireEvent.submit(screen.getByTestId('login-submit').closest('form') as HTMLFormElement);
}

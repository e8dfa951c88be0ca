import { RUNTIME_CONFIG_GLOBAL } from '@storefront/contract/limits';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { LoginPage } from './login-page';

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
});

import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../../app/store';
import { AccountLayout } from './account-layout';

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

import type { CustomerInfo } from '@storefront/contract/account';
import { errorCatalogue } from '@storefront/contract/errors';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { updateCustomer } from '../api';
import { HomeSuburbCard } from './home-suburb-card';

vi.mock('../api');
vi.mock('../../../lib/toast');

function makeInfo(overrides: Partial<CustomerInfo> = {}): CustomerInfo {
  return {
    customerID: 42,
    email: 'dana@example.test',
    firstName: 'Dana',
    lastName: 'Demo',
    postCode: '2000',
    suburb: 'Sydney',
    phone: null,
    birthday: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    loginMethod: 'password',
    ...overrides,
  };
}

describe('the home suburb form', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('an unknown locality marks the postcode and suburb, with the cursor in the postcode', async () => {
    const { code, msg } = errorCatalogue.UNKNOWN_POSTCODE;
    vi.mocked(updateCustomer).mockRejectedValue({ code, msg, data: null });
    render(
      <Provider store={createAppStore()}>
        <HomeSuburbCard info={makeInfo()} onSaved={vi.fn()} />
      </Provider>,
    );
    await userEvent.click(screen.getByTestId('suburb-edit'));
    await userEvent.clear(screen.getByTestId('profile-suburb'));
    await userEvent.type(screen.getByTestId('profile-suburb'), 'Nowhere Special');
    await userEvent.click(screen.getByTestId('suburb-save'));

    const postcode = screen.getByTestId('profile-postcode');
    await waitFor(() => expect(document.activeElement).toBe(postcode));
    expect(postcode.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('profile-suburb').getAttribute('aria-invalid')).toBe('true');
    // Ant Design draws a field's message a moment after it marks the field: on a loaded machine, after the focus.
    await waitFor(() => expect(screen.getAllByText(msg)).toHaveLength(1));

    // Correcting the suburb clears the mark on both: they were refused as a pair.
    await userEvent.type(screen.getByTestId('profile-suburb'), 'x');
    await waitFor(() => expect(postcode.getAttribute('aria-invalid')).toBeNull());
    expect(screen.getByTestId('profile-suburb').getAttribute('aria-invalid')).toBeNull();
  });
});

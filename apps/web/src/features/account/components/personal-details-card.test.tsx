import type { CustomerInfo } from '@storefront/contract/account';
import { errorCatalogue } from '@storefront/contract/errors';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { toast } from '../../../lib/toast';
import { updateCustomer } from '../api';
import { PersonalDetailsCard } from './personal-details-card';

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
    emailRefused: null,
    phone: null,
    birthday: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    loginMethod: 'password',
    ...overrides,
  };
}

const birthdayRefused = {
  status: 400,
  data: {
    code: errorCatalogue.VALIDATION.code,
    msg: 'body.birthday: must be a date between 13 and 120 years ago',
    data: { fields: [{ field: 'body.birthday', message: 'must be a date between 13 and 120 years ago' }] },
  },
};

describe('the personal details form', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('a birthday the server refuses is told at the birthday, with the cursor in it, and no toast', async () => {
    vi.mocked(updateCustomer).mockRejectedValue(birthdayRefused);
    render(
      <Provider store={createAppStore()}>
        <PersonalDetailsCard info={makeInfo()} onSaved={vi.fn()} />
      </Provider>,
    );
    await userEvent.click(screen.getByTestId('profile-edit'));
    fireEvent.change(screen.getByTestId('profile-birthday'), { target: { value: '2020-01-01' } });
    await userEvent.click(screen.getByTestId('profile-save'));

    const birthday = screen.getByTestId('profile-birthday');
    await waitFor(() => expect(document.activeElement).toBe(birthday));
    expect(birthday.getAttribute('aria-invalid')).toBe('true');
    // Ant Design draws the field's message after the focus moves: waited for, as under load it comes later.
    expect(await screen.findByText('Must be a date between 13 and 120 years ago.')).toBeTruthy();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('the form opens again from the saved details, not from what was typed and cancelled', async () => {
    render(
      <Provider store={createAppStore()}>
        <PersonalDetailsCard info={makeInfo()} onSaved={vi.fn()} />
      </Provider>,
    );
    await userEvent.click(screen.getByTestId('profile-edit'));
    await userEvent.type(screen.getByTestId('profile-first-name'), 'lle');
    await userEvent.click(screen.getByTestId('profile-cancel'));
    await userEvent.click(screen.getByTestId('profile-edit'));

    expect(screen.getByTestId<HTMLInputElement>('profile-first-name').value).toBe('Dana');
  });
});

describe('the keyboard focus around the personal details form', () => {
  const renderCard = () =>
    render(
      <Provider store={createAppStore()}>
        <PersonalDetailsCard info={makeInfo()} onSaved={vi.fn()} />
      </Provider>,
    );

  it('moves into the first name as Edit opens the form, not to the top of the page', async () => {
    renderCard();
    await userEvent.click(screen.getByTestId('profile-edit'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('profile-first-name')));
  });

  it('goes back to Edit once the details are saved', async () => {
    vi.mocked(updateCustomer).mockResolvedValue(makeInfo({ firstName: 'Danielle' }));
    renderCard();
    await userEvent.click(screen.getByTestId('profile-edit'));
    await userEvent.type(screen.getByTestId('profile-first-name'), 'lle');
    await userEvent.click(screen.getByTestId('profile-save'));

    await waitFor(() => expect(updateCustomer).toHaveBeenCalledWith({ firstName: 'Danalle' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('profile-edit')));
  });

  it('goes back to Edit when the form is cancelled', async () => {
    renderCard();
    await userEvent.click(screen.getByTestId('profile-edit'));
    await userEvent.click(screen.getByTestId('profile-cancel'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('profile-edit')));
  });
});

describe('the personal details as shown', () => {
  it('shows the phone as Australians write it (one kept in the international form too) and the birthday as a day', async () => {
    render(
      <Provider store={createAppStore()}>
        <PersonalDetailsCard
          info={makeInfo({ phone: '+61412345678', birthday: '2000-02-29' })}
          onSaved={vi.fn()}
        />
      </Provider>,
    );
    expect(screen.getByTestId('profile-phone-value').textContent).toBe('0412 345 678');
    expect(screen.getByTestId('profile-birthday-value').textContent).toBe('29 February 2000');
    await userEvent.click(screen.getByTestId('profile-edit'));
    expect((screen.getByTestId('profile-phone') as HTMLInputElement).value).toBe('0412 345 678');
  });

  it('shows a customer with one name as that name alone, without a trailing space', () => {
    render(
      <Provider store={createAppStore()}>
        <PersonalDetailsCard info={makeInfo({ firstName: 'Cher', lastName: '' })} onSaved={vi.fn()} />
      </Provider>,
    );
    expect(screen.getByTestId('profile-name').textContent).toBe('Cher');
  });
});

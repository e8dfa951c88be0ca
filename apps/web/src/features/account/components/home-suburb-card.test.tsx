import type { CustomerInfo } from '@storefront/contract/account';
import { errorCatalogue } from '@storefront/contract/errors';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import type { Suburb } from '@storefront/contract/suburb';
import { searchSuburbs, suburbsOfPostcode } from '../../suburb/api';
import { updateCustomer } from '../api';
import { HomeSuburbCard } from './home-suburb-card';

vi.mock('../api');
vi.mock('../../suburb/api', () => ({ searchSuburbs: vi.fn(), suburbsOfPostcode: vi.fn() }));
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

const melbourne: Suburb = { suburbID: 31, suburb: 'Melbourne', state: 'VIC', postcode: '3000' };

function renderCard(info = makeInfo()) {
  render(
    <Provider store={createAppStore()}>
      <HomeSuburbCard info={info} onSaved={vi.fn()} />
    </Provider>,
  );
}

beforeEach(() => {
  vi.mocked(suburbsOfPostcode).mockReset();
  vi.mocked(suburbsOfPostcode).mockResolvedValue([]);
});

describe('the home suburb as shown', () => {
  it('names its state between the suburb and the postcode, as addresses do', async () => {
    vi.mocked(suburbsOfPostcode).mockResolvedValue([
      { suburbID: 1, suburb: 'Haymarket', state: 'NSW', postcode: '2000' },
      { suburbID: 2, suburb: 'Sydney', state: 'NSW', postcode: '2000' },
    ]);
    renderCard();
    await waitFor(() =>
      expect(screen.getByTestId('profile-suburb-value').textContent).toBe('Sydney NSW 2000'),
    );
    expect(suburbsOfPostcode).toHaveBeenCalledWith('2000');
  });

  it('of a postcode two states share, names the state of the suburb', async () => {
    vi.mocked(suburbsOfPostcode).mockResolvedValue([
      { suburbID: 3, suburb: 'Queanbeyan', state: 'NSW', postcode: '2620' },
      { suburbID: 4, suburb: 'Hume', state: 'ACT', postcode: '2620' },
    ]);
    renderCard(makeInfo({ suburb: 'Hume', postCode: '2620' }));
    await waitFor(() => expect(screen.getByTestId('profile-suburb-value').textContent).toBe('Hume ACT 2620'));
  });

  it('shows the suburb and postcode as they are when the state cannot be read', async () => {
    vi.mocked(suburbsOfPostcode).mockRejectedValue(new Error('offline'));
    renderCard();
    await waitFor(() => expect(suburbsOfPostcode).toHaveBeenCalled());
    expect(screen.getByTestId('profile-suburb-value').textContent).toBe('Sydney 2000');
  });
});

describe('the home suburb form', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
    vi.mocked(updateCustomer).mockReset();
    vi.mocked(searchSuburbs).mockResolvedValue([melbourne]);
  });

  it('saves a suburb picked from the suburb search, with the postcode it brings', async () => {
    vi.mocked(updateCustomer).mockResolvedValue(makeInfo({ postCode: '3000', suburb: 'Melbourne' }));
    renderCard();
    await userEvent.click(screen.getByTestId('suburb-edit'));
    await userEvent.clear(screen.getByTestId('profile-suburb-input'));
    await userEvent.type(screen.getByTestId('profile-suburb-input'), 'Melb');
    await userEvent.click(await screen.findByText('Melbourne VIC 3000'));
    await userEvent.click(screen.getByTestId('suburb-save'));

    await waitFor(() =>
      expect(updateCustomer).toHaveBeenCalledWith({ postCode: '3000', suburb: 'Melbourne' }),
    );
  });

  it('says nothing while the customer types, and to pick the suburb once they leave the field unpicked', async () => {
    renderCard();
    await userEvent.click(screen.getByTestId('suburb-edit'));
    const input = screen.getByTestId('profile-suburb-input');
    await userEvent.clear(input);
    await userEvent.type(input, 'Melb');
    // The search has answered: the customer is about to pick, and nothing is said to be wrong.
    await screen.findByText('Melbourne VIC 3000');
    expect(input.getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.queryByText(/^Pick your suburb/)).toBeNull();

    await userEvent.tab();
    await waitFor(() =>
      expect(screen.getByText('Pick your suburb from the list: it brings its postcode.')).toBeTruthy(),
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');

    // Typing again is the customer answering it; picking settles it.
    await userEvent.type(input, 'o');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).not.toBe('true'));
    await userEvent.click(await screen.findByText('Melbourne VIC 3000'));
    await userEvent.tab();
    // Ant Design animates the message out: it is gone once the animation ends.
    await waitFor(() => expect(screen.queryByText(/^Pick your suburb/)).toBeNull());
    expect(input.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('does not send a suburb typed but not picked, and says to pick it', async () => {
    renderCard();
    await userEvent.click(screen.getByTestId('suburb-edit'));
    await userEvent.clear(screen.getByTestId('profile-suburb-input'));
    await userEvent.type(screen.getByTestId('profile-suburb-input'), 'Nowhere Special');
    await userEvent.click(screen.getByTestId('suburb-save'));

    const input = screen.getByTestId('profile-suburb-input');
    await waitFor(() =>
      expect(screen.getByText('Pick your suburb from the list: it brings its postcode.')).toBeTruthy(),
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(updateCustomer).not.toHaveBeenCalled();
  });

  it('an unknown locality answered by the server marks the suburb, with the cursor in it', async () => {
    const { code, msg } = errorCatalogue.UNKNOWN_POSTCODE;
    vi.mocked(updateCustomer).mockRejectedValue({ code, msg, data: null });
    renderCard();
    await userEvent.click(screen.getByTestId('suburb-edit'));
    await userEvent.type(screen.getByTestId('profile-suburb-input'), 'x');
    await userEvent.clear(screen.getByTestId('profile-suburb-input'));
    await userEvent.type(screen.getByTestId('profile-suburb-input'), 'Melb');
    // The list that 'x' opened may still be animating out (Ant Design makes it unclickable meanwhile) when 'Melb'
    // finds the suburb: on a loaded machine the click came too soon. A customer clicks once it has settled.
    await waitFor(() => userEvent.click(screen.getByText('Melbourne VIC 3000')));
    await userEvent.click(screen.getByTestId('suburb-save'));

    const input = screen.getByTestId('profile-suburb-input');
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // Ant Design draws a field's message a moment after it marks the field: on a loaded machine, after the focus.
    await waitFor(() => expect(screen.getAllByText(msg)).toHaveLength(1));
  });
});

describe('the keyboard focus around the home suburb form', () => {
  beforeEach(() => {
    vi.mocked(updateCustomer).mockReset();
    vi.mocked(searchSuburbs).mockResolvedValue([melbourne]);
  });

  it('moves into the suburb as Edit opens the form, not to the top of the page', async () => {
    renderCard();
    await userEvent.click(screen.getByTestId('suburb-edit'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('profile-suburb-input')));
  });

  it('goes back to Edit once the suburb is saved', async () => {
    vi.mocked(updateCustomer).mockResolvedValue(makeInfo({ postCode: '3000', suburb: 'Melbourne' }));
    renderCard();
    await userEvent.click(screen.getByTestId('suburb-edit'));
    await userEvent.clear(screen.getByTestId('profile-suburb-input'));
    await userEvent.type(screen.getByTestId('profile-suburb-input'), 'Melb');
    await userEvent.click(await screen.findByText('Melbourne VIC 3000'));
    await userEvent.click(screen.getByTestId('suburb-save'));

    await waitFor(() => expect(updateCustomer).toHaveBeenCalled());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('suburb-edit')));
  });

  it('goes back to Edit when the form is cancelled', async () => {
    renderCard();
    await userEvent.click(screen.getByTestId('suburb-edit'));
    await userEvent.click(screen.getByTestId('suburb-cancel'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('suburb-edit')));
  });
});

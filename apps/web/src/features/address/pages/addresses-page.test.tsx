import type { Address } from '@storefront/contract/address';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { createAppStore } from '../../../app/store';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteAddress, listAddresses } from '../api';
import { dropFocusToBody } from '../../../test-support/focus';
import { AddressesPage } from './addresses-page';
import { makeAddress } from '../../../test-support/address';

vi.mock('../api');

beforeEach(() => {
  vi.resetAllMocks();
});

/** The book's addresses by id; the first is the default for both. */
function bookAddress(addressID: number): Address {
  return makeAddress({
    addressID,
    lastName: `Lovelace ${addressID}`,
    line1: `${addressID} Main St`,
    isDefaultShipping: addressID === 1,
    isDefaultBilling: addressID === 1,
  });
}

/** The page over a book holding `ids`; a deletion changes what it holds, or fails when `deletion` says so. */
async function renderAddresses(ids: number[], deletion: 'succeeds' | 'fails' = 'succeeds') {
  let held = ids.map((id) => bookAddress(id));
  vi.mocked(listAddresses).mockImplementation(async () => ({ list: held, cartAddressID: null }));
  let answerDeletion: () => void = () => undefined;
  vi.mocked(deleteAddress).mockImplementation(
    (id) =>
      new Promise((resolve, reject) => {
        answerDeletion = () => {
          if (deletion === 'fails') {
            reject({ code: 100404, msg: 'That address was not found.', data: null });
            return;
          }
          held = held.filter((a) => a.addressID !== id);
          resolve(null);
        };
      }),
  );
  render(
    <Provider store={createAppStore()}>
      <MemoryRouter>
        <AddressesPage />
      </MemoryRouter>
    </Provider>,
  );
  await screen.findByTestId(`address-${ids[0]}-delete`);
  return { answerDeletion: () => act(async () => answerDeletion()) };
}

/** Delete, Tab past Cancel to Delete, Enter: as a keyboard user confirms. */
async function confirmDeletion(id: number) {
  screen.getByTestId(`address-${id}-delete`).focus();
  await userEvent.keyboard('{Enter}');
  const cancel = await screen.findByRole('button', { name: 'Cancel' });
  await waitFor(() => expect(document.activeElement).toBe(cancel));
  await userEvent.tab();
  await userEvent.keyboard('{Enter}');
}

describe('deleting an address by keyboard', () => {
  it("after deleting an address, focus moves to the next address's Delete button", async () => {
    const { answerDeletion } = await renderAddresses([1, 2, 3]);
    await confirmDeletion(2);
    await answerDeletion();
    await waitFor(() => expect(screen.queryByTestId('address-2')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('address-3-delete')));
  });

  it("after deleting the last address, focus moves to the one before's Delete button", async () => {
    const { answerDeletion } = await renderAddresses([1, 2]);
    await confirmDeletion(2);
    await answerDeletion();
    await waitFor(() => expect(screen.queryByTestId('address-2')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('address-1-delete')));
  });

  it('after deleting the only address, focus moves to Add your first address', async () => {
    const { answerDeletion } = await renderAddresses([1]);
    await confirmDeletion(1);
    await answerDeletion();
    const add = await screen.findByRole('button', { name: /Add your first address/ });
    await waitFor(() => expect(document.activeElement).toBe(add));
  });

  it('when an address cannot be deleted, focus goes back to its Delete button', async () => {
    const { answerDeletion } = await renderAddresses([1, 2], 'fails');
    await confirmDeletion(1);
    const remove = screen.getByTestId('address-1-delete');
    expect(remove).toHaveProperty('disabled', true);
    dropFocusToBody();
    expect(document.activeElement).toBe(document.body);
    await answerDeletion();
    expect(screen.getByTestId('address-1')).toBeDefined();
    expect(document.activeElement).toBe(remove);
  });
});

describe('adding an address from checkout', () => {
  it("opens the form with the signed-in customer's name filled in", async () => {
    vi.mocked(listAddresses).mockResolvedValue({ list: [], cartAddressID: null });
    const store = createAppStore();
    // The account feature's action by its name: this feature may not import that feature.
    store.dispatch({
      type: 'account/profileSaved',
      payload: {
        customerID: 5,
        email: 'mia@example.test',
        firstName: 'Mia',
        lastName: 'Nguyen',
        postCode: '2042',
        suburb: 'Newtown',
      },
    });
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/account/addresses?from=checkout']}>
          <AddressesPage />
        </MemoryRouter>
      </Provider>,
    );
    await waitFor(() =>
      expect((screen.getByTestId('address-first-name') as HTMLInputElement).value).toBe('Mia'),
    );
    expect((screen.getByTestId('address-last-name') as HTMLInputElement).value).toBe('Nguyen');
  });
});

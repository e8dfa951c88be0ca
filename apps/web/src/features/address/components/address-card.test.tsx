import type { Address } from '@storefront/contract/address';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeAddress } from '../../../test-support/address';
import { AddressCard } from './address-card';

const cardAddress = (overrides: Partial<Address> = {}) => makeAddress({ addressID: 4, ...overrides });

function renderCard(address = cardAddress()) {
  const onDelete = vi.fn();
  render(
    <AddressCard
      address={address}
      isBusy={false}
      onEdit={vi.fn()}
      onDelete={onDelete}
      onMakeShipping={vi.fn()}
      onMakeBilling={vi.fn()}
    />,
  );
  return { deleteButton: screen.getByTestId('address-4-delete'), onDelete };
}

async function askToDelete(deleteButton: HTMLElement) {
  deleteButton.focus();
  await userEvent.keyboard('{Enter}');
  const cancel = await screen.findByRole('button', { name: 'Cancel' });
  await waitFor(() => expect(document.activeElement).toBe(cancel));
}

describe('deleting an address by keyboard', () => {
  it('moves focus into the question, to Cancel', async () => {
    const { deleteButton } = renderCard();
    await askToDelete(deleteButton);
  });

  it('gives focus back to Delete when Escape closes the question', async () => {
    const { deleteButton, onDelete } = renderCard();
    await askToDelete(deleteButton);
    await userEvent.keyboard('{Escape}');
    expect(document.activeElement).toBe(deleteButton);
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('deletes once the customer tabs to Delete and presses Enter', async () => {
    const { deleteButton, onDelete } = renderCard();
    await askToDelete(deleteButton);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByTestId('address-4-delete-confirm'));
    await userEvent.keyboard('{Enter}');
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('reads the question and its outcome with the buttons that answer it', async () => {
    const { deleteButton } = renderCard(cardAddress({ isDefaultShipping: true }));
    await askToDelete(deleteButton);
    const question = 'Delete this address? Another address becomes the default.';
    expect(screen.getByRole('button', { name: 'Cancel', description: question })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Delete', description: question })).toBeDefined();
  });
});

describe('the address card', () => {
  it('is titled with a one-name recipient as that name alone, without a trailing space', () => {
    renderCard(cardAddress({ firstName: 'Cher', lastName: '' }));
    expect(screen.getByTestId('address-4').querySelector('.ant-card-head-title')?.textContent).toBe('Cher');
  });

  it('writes the unit before the street, as the mails and the order pages do', () => {
    renderCard(cardAddress({ line1: '12 King St', line2: 'Unit 3' }));
    expect(screen.getByText(/King St/).textContent).toMatch(/^Unit 3, 12 King St/);
  });
});

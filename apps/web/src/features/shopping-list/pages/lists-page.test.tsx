import type { ShoppingListSummary } from '@storefront/contract/shopping-list';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createShoppingList, listShoppingLists, renameShoppingList } from '../api';
import { ListsPage } from './lists-page';

vi.mock('../api');

beforeEach(() => {
  vi.resetAllMocks();
});

const summary = (listID: number, name: string, itemCount = 0): ShoppingListSummary => ({
  listID,
  name,
  itemCount,
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
});

function renderLists() {
  render(
    <MemoryRouter>
      <ListsPage />
    </MemoryRouter>,
  );
}

describe('the lists page', () => {
  it('says there are no lists yet, makes one by the name typed and shows it', async () => {
    vi.mocked(listShoppingLists)
      .mockResolvedValueOnce({ list: [], total: 0 })
      .mockResolvedValueOnce({ list: [summary(4, 'Weekly shop')], total: 1 });
    vi.mocked(createShoppingList).mockResolvedValue(summary(4, 'Weekly shop'));
    renderLists();
    expect(screen.getByTestId('lists-loading')).toBeTruthy();
    expect((await screen.findByTestId('lists-empty')).textContent).toContain('No lists yet');
    await userEvent.type(screen.getByRole('textbox', { name: 'New list' }), ' Weekly shop {Enter}');
    await waitFor(() => expect(createShoppingList).toHaveBeenCalledWith('Weekly shop'));
    expect((await screen.findByTestId('list-open-4')).getAttribute('href')).toBe('/account/lists/4');
  });

  it('says a name already used at the field', async () => {
    vi.mocked(listShoppingLists).mockResolvedValue({ list: [summary(4, 'Weekly shop', 3)], total: 1 });
    vi.mocked(createShoppingList).mockRejectedValue({
      code: 101701,
      msg: 'You already have a list with that name.',
      data: null,
    });
    renderLists();
    await screen.findByTestId('list-open-4');
    await userEvent.type(screen.getByRole('textbox', { name: 'New list' }), 'weekly shop{Enter}');
    expect(await screen.findByText('You already have a list with that name.')).toBeTruthy();
  });

  it('renames a list in place and gives the focus back to Rename', async () => {
    vi.mocked(listShoppingLists)
      .mockResolvedValueOnce({ list: [summary(4, 'Weekly shop', 3)], total: 1 })
      .mockResolvedValue({ list: [summary(4, 'Fortnightly', 3)], total: 1 });
    vi.mocked(renameShoppingList).mockResolvedValue(summary(4, 'Fortnightly', 3));
    renderLists();
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Weekly shop' }));
    const field = screen.getByRole('textbox', { name: 'New name for Weekly shop' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Fortnightly{Enter}');
    expect(renameShoppingList).toHaveBeenCalledWith(4, 'Fortnightly');
    // The row is there from the first read: its name changes when the lists are read again.
    await waitFor(() => expect(screen.getByTestId('list-open-4').textContent).toBe('Fortnightly'));
    await waitFor(() => expect(document.activeElement?.getAttribute('data-testid')).toBe('list-rename-4'));
  });

  it('offers Try again when the lists could not be loaded', async () => {
    vi.mocked(listShoppingLists)
      .mockRejectedValueOnce({ code: 100500, msg: 'Something went wrong.', data: null })
      .mockResolvedValueOnce({ list: [summary(4, 'Weekly shop')], total: 1 });
    renderLists();
    await userEvent.click(await screen.findByTestId('lists-error-retry'));
    expect(await screen.findByTestId('list-open-4')).toBeTruthy();
  });
});

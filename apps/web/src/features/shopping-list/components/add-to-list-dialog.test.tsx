import type { ShoppingLists } from '@storefront/contract/shopping-list';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { addOrderToShoppingList, addShoppingListItem, createShoppingList, listShoppingLists } from '../api';
import { AddToListDialog, type ListTarget } from './add-to-list-dialog';

vi.mock('../api');
vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const summary = (listID: number, name: string, itemCount = 0) => ({
  listID,
  name,
  itemCount,
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
});

const milk: ListTarget = { kind: 'product', productID: 5, name: 'Full Cream Milk 2L', quantity: 2 };

function renderDialog(target: ListTarget = milk, lists: ShoppingLists['list'] = []) {
  vi.mocked(listShoppingLists).mockResolvedValue({ list: lists, total: lists.length });
  const onClose = vi.fn();
  render(<AddToListDialog target={target} onClose={onClose} />);
  return { onClose };
}

beforeEach(() => {
  vi.resetAllMocks();
});

describe('the add to list dialog', () => {
  it('is a dialog named by its heading, saying what it adds', async () => {
    renderDialog(milk, [summary(1, 'Weekly shop', 3)]);
    const dialog = screen.getByRole('dialog', { name: 'Add to a list' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(screen.getByTestId('add-to-list-what').textContent).toBe('Full Cream Milk 2L × 2');
    expect(screen.getByTestId('add-to-list-loading')).toBeTruthy();
    expect((await screen.findByTestId('add-to-list-1')).textContent).toContain('Weekly shop3 products');
  });

  it('puts the product on the list picked, says so and closes', async () => {
    vi.mocked(addShoppingListItem).mockResolvedValue({
      list: summary(1, 'Weekly shop', 4),
      productID: 5,
      quantity: 3,
    });
    const { onClose } = renderDialog(milk, [summary(1, 'Weekly shop', 3), summary(2, 'Party')]);
    await userEvent.click(await screen.findByRole('button', { name: /Weekly shop/ }));
    expect(addShoppingListItem).toHaveBeenCalledWith(1, 5, 2);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(toast.success).toHaveBeenCalledWith('Full Cream Milk 2L added to Weekly shop (3 on the list).');
  });

  it('says a refusal in the dialog and stays open', async () => {
    vi.mocked(addShoppingListItem).mockRejectedValue({ code: 101703, msg: 'This list is full.', data: null });
    const { onClose } = renderDialog(milk, [summary(1, 'Weekly shop', 200)]);
    await userEvent.click(await screen.findByRole('button', { name: /Weekly shop/ }));
    expect((await screen.findByTestId('add-to-list-problem')).textContent).toBe('This list is full.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('with no lists yet, makes one by the name typed and puts the product on it', async () => {
    vi.mocked(createShoppingList).mockResolvedValue(summary(9, 'Weekly shop'));
    vi.mocked(addShoppingListItem).mockResolvedValue({
      list: summary(9, 'Weekly shop', 1),
      productID: 5,
      quantity: 2,
    });
    const { onClose } = renderDialog();
    expect((await screen.findByTestId('add-to-list-empty')).textContent).toContain('You have no lists yet');
    await userEvent.type(screen.getByRole('textbox', { name: 'New list' }), '  Weekly shop {Enter}');
    expect(createShoppingList).toHaveBeenCalledWith('Weekly shop');
    await waitFor(() => expect(addShoppingListItem).toHaveBeenCalledWith(9, 5, 2));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('checks the new name before sending, and puts the server’s refusal at the field', async () => {
    vi.mocked(createShoppingList).mockRejectedValue({
      code: 101701,
      msg: 'You already have a list with that name.',
      data: null,
    });
    renderDialog(milk, [summary(1, 'Weekly shop')]);
    const name = screen.getByRole('textbox', { name: 'New list' });
    await userEvent.click(screen.getByTestId('add-to-list-create'));
    expect(createShoppingList).not.toHaveBeenCalled();
    expect(screen.getByTestId('add-to-list-name-error').textContent).toBe('Enter a name for the list.');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(name, 'weekly SHOP{Enter}');
    expect((await screen.findByTestId('add-to-list-name-error')).textContent).toBe(
      'You already have a list with that name.',
    );
    expect(addShoppingListItem).not.toHaveBeenCalled();
  });

  it("puts a past order's products on a list, naming what was left out", async () => {
    vi.mocked(addOrderToShoppingList).mockResolvedValue({
      list: summary(1, 'Weekly shop', 5),
      added: 2,
      leftOut: [{ productID: 8, name: 'Mooncake' }],
    });
    renderDialog({ kind: 'order', orderID: 31, reference: 'SO-31' }, [summary(1, 'Weekly shop', 3)]);
    expect(screen.getByTestId('add-to-list-what').textContent).toBe('The products of order SO-31');
    await userEvent.click(await screen.findByRole('button', { name: /Weekly shop/ }));
    expect(addOrderToShoppingList).toHaveBeenCalledWith(1, 31);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        '2 products from SO-31 added to Weekly shop. Not added, no longer sold: Mooncake.',
      ),
    );
  });

  it('says when the lists could not be loaded, and Try again reads them again', async () => {
    vi.mocked(listShoppingLists).mockRejectedValueOnce({
      code: 100500,
      msg: 'Something went wrong.',
      data: null,
    });
    vi.mocked(listShoppingLists).mockResolvedValueOnce({ list: [summary(1, 'Weekly shop')], total: 1 });
    render(<AddToListDialog target={milk} onClose={vi.fn()} />);
    expect((await screen.findByTestId('add-to-list-error')).textContent).toContain('Something went wrong.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('add-to-list-1')).toBeTruthy();
  });

  it('closes with its Close button', async () => {
    const { onClose } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

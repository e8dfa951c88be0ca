import type { Product } from '@storefront/contract/catalog';
import type { ShoppingListDetail } from '@storefront/contract/shopping-list';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { emptyCart, selectCart } from '../../cart/cart-slice';
import { addShoppingListToCart, retrieveShoppingList, updateShoppingListItem } from '../api';
import { ListPage } from './list-page';

vi.mock('../api');

beforeEach(() => {
  vi.resetAllMocks();
});

function makeProduct(productID: number, overrides: Partial<Product> = {}): Product {
  return {
    productID,
    sku: `SKU-${productID}`,
    name: `Product ${productID}`,
    description: '',
    imageUrl: `/products/${productID}.svg`,
    price: 500,
    stock: 10,
    weightGrams: 100,
    category: 'pantry',
    isActive: true,
    available: true,
    unitPrice: null,
    wasPrice: null,
    isOnSpecial: false,
    specialEndsAt: null,
    thumbnailUrl: `/products/${productID}.svg`,
    brand: null,
    ingredients: null,
    allergensContains: [],
    allergensMayContain: [],
    originStatement: null,
    dietary: [],
    ...overrides,
  };
}

function makeList(items: ShoppingListDetail['items']): ShoppingListDetail {
  return {
    listID: 3,
    name: 'Weekly shop',
    itemCount: items.length,
    createdAt: '2026-11-20T00:00:00.000Z',
    updatedAt: '2026-11-20T00:00:00.000Z',
    items,
  };
}

const item = (productID: number, quantity: number, product: Partial<Product> = {}) => ({
  productID,
  quantity,
  addedAt: '2026-11-20T00:00:00.000Z',
  product: makeProduct(productID, product),
});

function renderList(path = '/account/lists/3') {
  const store = createAppStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/account/lists/:listID" element={<ListPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe("a list's page", () => {
  it('shows its products with the regular price beside a special, and what is not for sale now', async () => {
    vi.mocked(retrieveShoppingList).mockResolvedValue(
      makeList([
        item(1, 2, { name: 'Oat milk', price: 350, wasPrice: 500, isOnSpecial: true }),
        item(2, 1, { name: 'Eggs', stock: 0, available: false }),
      ]),
    );
    renderList();
    expect(screen.getByTestId('list-loading')).toBeTruthy();
    expect((await screen.findByTestId('list-name')).textContent).toBe('Weekly shop');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Weekly shop');
    expect(screen.getByTestId('list-item-price-1').textContent).toBe('$3.50 eachwas $5.00');
    expect(screen.getByTestId('list-item-unavailable-2').textContent).toBe('Out of stock');
    expect(screen.getByRole('textbox', { name: 'Quantity of Oat milk' })).toHaveProperty('value', '2');
  });

  it('puts the whole list in the trolley and says what could not go in', async () => {
    vi.mocked(retrieveShoppingList).mockResolvedValue(makeList([item(1, 2), item(2, 4)]));
    const cart = { ...emptyCart, count: 5, lineCount: 2 };
    vi.mocked(addShoppingListToCart).mockResolvedValue({
      added: 5,
      lines: [
        { productID: 1, name: 'Oat milk', asked: 2, added: 2, reason: null },
        { productID: 2, name: 'Avocado', asked: 4, added: 3, reason: 'capped' },
      ],
      cart,
    });
    const store = renderList();
    await userEvent.click(await screen.findByTestId('list-add-all'));
    const outcome = await screen.findByTestId('list-add-all-outcome');
    expect(outcome.textContent).toContain('Added 5 items to your trolley.');
    expect(within(outcome).getByTestId('list-add-all-shortfalls').textContent).toBe(
      'Avocado: only 3 of 4 added (stock or the 99 limit)',
    );
    expect(outcome.closest('[role="status"]')).toBeTruthy();
    expect(addShoppingListToCart).toHaveBeenCalledWith(3);
    expect(selectCart(store.getState()).count).toBe(5);
  });

  it("changes a product's quantity on the list, not limited by today's stock", async () => {
    vi.mocked(retrieveShoppingList).mockResolvedValue(makeList([item(1, 2, { name: 'Oat milk', stock: 2 })]));
    vi.mocked(updateShoppingListItem).mockResolvedValue(
      makeList([item(1, 3, { name: 'Oat milk', stock: 2 })]),
    );
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'One more Oat milk' }));
    expect(updateShoppingListItem).toHaveBeenCalledWith(3, 1, 3);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Quantity of Oat milk' })).toHaveProperty('value', '3'),
    );
  });

  it('says when the list has nothing on it yet', async () => {
    vi.mocked(retrieveShoppingList).mockResolvedValue(makeList([]));
    renderList();
    expect((await screen.findByTestId('list-empty')).textContent).toContain('Nothing on this list yet');
    expect(screen.queryByTestId('list-add-all')).toBeNull();
  });

  it('answers a list that is missing or not the customer’s as a page not found', async () => {
    vi.mocked(retrieveShoppingList).mockRejectedValue({ code: 100002, msg: 'No such list.', data: null });
    renderList();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Page not found');
    expect(screen.queryByTestId('list-error')).toBeNull();
  });

  it('offers Try again when the list could not be loaded', async () => {
    vi.mocked(retrieveShoppingList).mockRejectedValueOnce({
      code: 100500,
      msg: 'Something went wrong.',
      data: null,
    });
    vi.mocked(retrieveShoppingList).mockResolvedValueOnce(makeList([item(1, 1)]));
    renderList();
    await userEvent.click(await screen.findByTestId('list-error-retry'));
    expect(await screen.findByTestId('list-item-1')).toBeTruthy();
  });
});

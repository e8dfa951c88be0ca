import type { WishlistItem } from '@storefront/contract/wishlist';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { emptyCart } from '../../cart/cart-slice';
import { listWishlist, moveWishlistItemsToCart, removeWishlistItem } from '../api';
import { WishlistPage } from './wishlist-page';

vi.mock('../api');

beforeEach(() => {
  vi.resetAllMocks();
});

/** Item `n` holds product `10 + n`. */
function makeItem(id: number): WishlistItem {
  const productID = 10 + id;
  return {
    id,
    productID,
    addedAt: '2025-01-01T00:00:00.000Z',
    product: {
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
    },
  };
}

/** The page over a wishlist holding items `ids`; a removal changes what it holds. */
async function renderWishlist(ids: number[]) {
  let held = ids.map(makeItem);
  vi.mocked(listWishlist).mockImplementation(async () => ({ list: held, total: held.length }));
  vi.mocked(moveWishlistItemsToCart).mockImplementation(async (moved) => {
    held = held.filter((item) => !moved.includes(item.id));
    return { wishlist: { list: held, total: held.length }, cart: emptyCart };
  });
  let answerRemoval: () => void = () => undefined;
  vi.mocked(removeWishlistItem).mockImplementation(
    (id) =>
      new Promise((resolve) => {
        answerRemoval = () => {
          held = held.filter((item) => item.id !== id);
          resolve({ list: held, total: held.length });
        };
      }),
  );
  render(
    <Provider store={createAppStore()}>
      <MemoryRouter>
        <WishlistPage />
      </MemoryRouter>
    </Provider>,
  );
  await screen.findByTestId(`wishlist-remove-${10 + (ids[0] ?? 0)}`);
  return { answerRemoval: () => act(async () => answerRemoval()) };
}

/** Remove, Tab past Keep to Remove, Enter: as a keyboard user confirms. */
async function confirmRemoval(productID: number) {
  screen.getByTestId(`wishlist-remove-${productID}`).focus();
  await userEvent.keyboard('{Enter}');
  const keep = await screen.findByRole('button', { name: 'Keep' });
  await waitFor(() => expect(document.activeElement).toBe(keep));
  await userEvent.tab();
  await userEvent.keyboard('{Enter}');
}

describe('removing a wishlist item by keyboard', () => {
  it("after removing a wishlist item, focus moves to the next item's remove button", async () => {
    const { answerRemoval } = await renderWishlist([1, 2]);
    await confirmRemoval(11);
    await answerRemoval();
    expect(screen.queryByTestId('wishlist-item-11')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('wishlist-remove-12'));
  });

  it('after removing the only wishlist item, focus moves to the link back to the shop', async () => {
    const { answerRemoval } = await renderWishlist([1]);
    await confirmRemoval(11);
    await answerRemoval();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Browse the shop' }));
  });
});

describe('moving a wishlist item to the cart by keyboard', () => {
  it("after moving an item to the cart, focus moves to the next item's Move to cart", async () => {
    await renderWishlist([1, 2]);
    screen.getByTestId('wishlist-move-11').focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByTestId('wishlist-move-11')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('wishlist-move-12')));
  });

  it('after moving the only item, focus moves to the link back to the shop', async () => {
    await renderWishlist([1]);
    screen.getByTestId('wishlist-move-11').focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Browse the shop' })),
    );
  });
});

import type { Product } from '@storefront/contract/catalog';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProductCard } from './product-card';

const product: Product = {
  productID: 3,
  sku: 'FV-003',
  name: 'Bananas 1kg',
  description: 'Cavendish bananas.',
  imageUrl: '/images/products/abc-800.webp',
  thumbnailUrl: '/images/products/abc-320.webp',
  price: 399,
  stock: 40,
  weightGrams: 1000,
  category: 'fruit-veg',
  isActive: true,
  available: true,
  unitPrice: null,
  wasPrice: null,
  isOnSpecial: false,
  specialEndsAt: null,
  brand: null,
  ingredients: null,
  allergensContains: [],
  allergensMayContain: [],
  originStatement: 'Product of Australia',
  dietary: [],
};

describe('ProductCard', () => {
  it("shows the product's thumbnail, with its size kept so the grid does not move as it loads", () => {
    render(
      <MemoryRouter>
        <ProductCard
          product={product}
          isAddingToCart={false}
          isAddingToWishlist={false}
          onAddToCart={() => undefined}
          onAddToWishlist={() => undefined}
        />
      </MemoryRouter>,
    );
    const img = screen.getByTestId('product-link-3').querySelector('img');
    expect(img?.getAttribute('src')).toBe('/images/products/abc-320.webp');
    expect([img?.getAttribute('width'), img?.getAttribute('height')]).toEqual(['400', '300']);
  });

  it('shows the dietary marks as a list named Dietary, vegan standing for vegetarian too, and none without marks', () => {
    const card = (dietary: Product['dietary']) =>
      render(
        <MemoryRouter>
          <ProductCard
            product={{ ...product, dietary }}
            isAddingToCart={false}
            isAddingToWishlist={false}
            onAddToCart={() => undefined}
            onAddToWishlist={() => undefined}
          />
        </MemoryRouter>,
      );
    const { unmount } = card(['vegetarian', 'vegan', 'gluten_free']);
    const marks = screen.getByRole('list', { name: 'Dietary' });
    expect(
      within(marks)
        .getAllByRole('listitem')
        .map((m) => m.textContent),
    ).toEqual(['Vegan', 'Gluten free']);
    unmount();
    card(['vegetarian']);
    expect(screen.getByTestId('product-dietary-3').textContent).toBe('Vegetarian');
    cleanup();
    card([]);
    expect(screen.queryByRole('list', { name: 'Dietary' })).toBeNull();
  });
});

import type { Product, ProductFacets, ProductList } from '@storefront/contract/catalog';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { listCategories, listFacets, listProducts } from '../api';
import { ProductListPage } from './product-list-page';

vi.mock('../api');

const FACETS: ProductFacets = {
  brands: [
    { brand: 'Harbourside', count: 5 },
    { brand: 'Vegemite', count: 1 },
  ],
  dietary: [
    { mark: 'vegetarian', count: 6 },
    { mark: 'vegan', count: 5 },
    { mark: 'gluten_free', count: 3 },
  ],
};

function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    productID: 1,
    sku: 'PT-001',
    name: 'Jasmine Rice 5kg',
    description: 'Fragrant long-grain rice.',
    imageUrl: '/products/rice.svg',
    thumbnailUrl: '/products/rice.svg',
    price: 1350,
    stock: 25,
    weightGrams: 5000,
    category: 'pantry',
    isActive: true,
    available: true,
    unitPrice: { cents: 270, per: '1kg' },
    wasPrice: null,
    isOnSpecial: false,
    specialEndsAt: null,
    brand: 'Harbourside',
    ingredients: null,
    allergensContains: [],
    allergensMayContain: [],
    originStatement: null,
    dietary: ['vegetarian', 'vegan', 'gluten_free'],
    ...overrides,
  };
}

function page(list: Product[], extra: Partial<ProductList> = {}): ProductList {
  return { list, total: list.length, page: 1, pageSize: 12, ...extra };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.search}</p>;
}

function showShop(path: string) {
  render(
    <Provider store={createAppStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/shop"
            element={
              <>
                <ProductListPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

beforeEach(() => {
  vi.resetAllMocks();
  localStorage.clear();
  vi.mocked(listCategories).mockResolvedValue([{ category: 'pantry', label: 'Pantry', productCount: 7 }]);
  vi.mocked(listProducts).mockResolvedValue(page([makeProduct()]));
  vi.mocked(listFacets).mockResolvedValue(FACETS);
});

describe('the shop’s brand and dietary filters', () => {
  it('offer the aisle’s brands and marks with their counts, and a tick goes into the address', async () => {
    const user = userEvent.setup();
    showShop('/shop?category=pantry');
    await screen.findByTestId('shop-products');
    const brands = screen.getByTestId('shop-brand');
    await user.click(within(brands).getByText('Brand'));
    expect(
      within(brands)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual(['Harbourside (5)', 'Vegemite (1)']);
    await user.click(within(brands).getByLabelText(/Harbourside/));
    expect(screen.getByTestId('where').textContent).toBe('?category=pantry&brand=Harbourside');

    const dietary = screen.getByTestId('shop-dietary');
    await user.click(within(dietary).getByText('Dietary'));
    await user.click(within(dietary).getByLabelText(/Vegan/));
    expect(screen.getByTestId('where').textContent).toBe('?category=pantry&brand=Harbourside&dietary=vegan');
    expect(listProducts).toHaveBeenLastCalledWith(
      expect.objectContaining({ category: 'pantry', brand: ['Harbourside'], dietary: ['vegan'] }),
    );
    // The facets are of the aisle: ticking read them no more.
    expect(listFacets).toHaveBeenCalledTimes(1);
    expect(listFacets).toHaveBeenCalledWith({ category: 'pantry' });
  });

  it('keep a brand ticked in the address that the aisle lacks, so it can be unticked', async () => {
    showShop('/shop?category=pantry&brand=Oaty');
    await screen.findByTestId('shop-products');
    const brands = screen.getByTestId('shop-brand');
    expect(brands.querySelector('summary')?.textContent).toBe('Brand (1)');
    expect(within(brands).getByLabelText<HTMLInputElement>(/Oaty/).checked).toBe(true);
    expect(within(brands).getByLabelText(/Oaty/).parentElement?.textContent).toBe('Oaty (0)');
  });

  it('say when the brands could not be loaded, and load them again on request', async () => {
    vi.mocked(listFacets).mockRejectedValueOnce(new Error('offline'));
    const user = userEvent.setup();
    showShop('/shop?category=pantry');
    expect((await screen.findByTestId('shop-brand-error')).textContent).toMatch(
      /^The brands could not be loaded/,
    );
    await user.click(
      within(screen.getByTestId('shop-brand-error')).getByRole('button', { name: 'Try again' }),
    );
    expect(await screen.findByLabelText(/Harbourside/)).toBeTruthy();
  });

  it('say so when the aisle has no brands', async () => {
    vi.mocked(listFacets).mockResolvedValue({ brands: [], dietary: FACETS.dietary });
    showShop('/shop?category=pantry');
    expect((await screen.findByTestId('shop-brand-empty')).textContent).toBe(
      'No brands to choose from here.',
    );
  });
});

describe('the unit price sort', () => {
  it('says the units differ above the list, and nothing when they do not', async () => {
    vi.mocked(listProducts).mockResolvedValue(
      page([makeProduct()], {
        unitPriceOrder: {
          groups: [
            { per: 'kg', count: 4 },
            { per: 'L', count: 2 },
          ],
          withoutUnitPrice: 1,
          unitsDiffer: true,
        },
      }),
    );
    showShop('/shop?sort=unit-price-asc');
    expect((await screen.findByTestId('shop-unit-note')).textContent).toBe(
      'Units differ here, so unit prices are compared within each kind: per kg (4), then per L (2). Products without a unit price (1) come last.',
    );
  });

  it('says nothing of units for one kind', async () => {
    vi.mocked(listProducts).mockResolvedValue(
      page([makeProduct()], {
        unitPriceOrder: { groups: [{ per: 'kg', count: 1 }], withoutUnitPrice: 0, unitsDiffer: false },
      }),
    );
    showShop('/shop?sort=unit-price-asc');
    await screen.findByTestId('shop-products');
    expect(screen.queryByTestId('shop-unit-note')).toBeNull();
  });
});

import type { Product } from '@storefront/contract/catalog';
import type { AfterpayTerms } from '@storefront/contract/payment';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { fetchAfterpayTerms } from '../../payment/api';
import { listRelatedProducts, retrieveProduct } from '../api';
import { ProductDetailPage } from './product-detail-page';

vi.mock('../api');
vi.mock('../../payment/api');
vi.mock('../../shipping/api');
vi.mock('../../suburb/api');

beforeEach(() => {
  vi.resetAllMocks();
  localStorage.clear();
  vi.mocked(listRelatedProducts).mockResolvedValue([]);
  vi.mocked(fetchAfterpayTerms).mockResolvedValue(null);
});

function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    productID: 7,
    sku: 'SN-001',
    name: 'Sea Salt Potato Chips 175g',
    description: 'Crisp and salty.',
    imageUrl: '/products/chips.svg',
    price: 450,
    stock: 20,
    weightGrams: 175,
    category: 'snacks',
    isActive: true,
    available: true,
    unitPrice: null,
    wasPrice: null,
    isOnSpecial: false,
    specialEndsAt: null,
    thumbnailUrl: '/products/chips.svg',
    brand: null,
    ingredients: null,
    allergensContains: [],
    allergensMayContain: [],
    originStatement: null,
    ...overrides,
  };
}

async function showProduct(product: Product) {
  vi.mocked(retrieveProduct).mockResolvedValue(product);
  render(
    <Provider store={createAppStore()}>
      <MemoryRouter initialEntries={[`/product/${product.productID}`]}>
        <Routes>
          <Route path="/product/:productID" element={<ProductDetailPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  await screen.findByTestId('product-page');
}

describe('the delivery estimate on a product page', () => {
  it('a product that can be bought offers a delivery estimate', async () => {
    await showProduct(makeProduct());
    expect(screen.getByTestId('product-shipping')).toBeTruthy();
  });

  it('a sold-out product offers no delivery estimate and still says it is out of stock', async () => {
    await showProduct(makeProduct({ stock: 0, available: false }));
    expect(screen.getByTestId('product-stock').textContent).toBe('Out of stock');
    expect(screen.queryByTestId('product-shipping')).toBeNull();
    expect(screen.queryByText(/deliver/i)).toBeNull();
  });

  it('a product no longer sold offers no delivery estimate and still says so', async () => {
    await showProduct(makeProduct({ isActive: false, available: false }));
    expect(screen.getByTestId('product-stock').textContent).toBe('No longer sold');
    expect(screen.queryByTestId('product-shipping')).toBeNull();
  });
});

describe('Afterpay on a product page', () => {
  const terms: AfterpayTerms = { available: true, minimumCents: 100, maximumCents: 200_000, instalments: 4 };

  it('a product that can be bought offers its Afterpay instalments', async () => {
    vi.mocked(fetchAfterpayTerms).mockResolvedValue(terms);
    await showProduct(makeProduct());
    expect((await screen.findByTestId('afterpay-instalments')).textContent).toContain(
      'interest-free payments',
    );
  });

  it('a sold-out product offers no Afterpay instalments', async () => {
    vi.mocked(fetchAfterpayTerms).mockResolvedValue(terms);
    await showProduct(makeProduct({ stock: 0, available: false }));
    // The terms, were they asked for, answer at once: a turn of the event loop lets them be drawn.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('afterpay-instalments')).toBeNull();
  });
});

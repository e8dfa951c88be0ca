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
    dietary: [],
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

describe('the dietary marks on a product page', () => {
  it('shows the label’s marks as text badges, and nothing for a product without any', async () => {
    await showProduct(makeProduct({ dietary: ['vegetarian', 'gluten_free'] }));
    expect(screen.getByRole('list', { name: 'Dietary' }).textContent).toBe('VegetarianGluten free');
  });

  it('says nothing of diet for a product without marks', async () => {
    await showProduct(makeProduct({ dietary: [] }));
    expect(screen.queryByTestId('product-dietary')).toBeNull();
  });
});

describe('the brand and the special on a product page', () => {
  it('shows the brand above the name, and no brand line for a product without one', async () => {
    await showProduct(makeProduct({ brand: "Smith's" }));
    const brand = screen.getByTestId('product-brand');
    expect(brand.textContent).toBe("Smith's");
    const name = screen.getByRole('heading', { level: 1 });
    expect(brand.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('a product without a brand has no brand line', async () => {
    await showProduct(makeProduct());
    expect(screen.queryByTestId('product-brand')).toBeNull();
  });

  it("says the last day of a special by the store's clock", async () => {
    // Midnight starting Wednesday 3 June in Sydney: the special's last day is the Tuesday.
    await showProduct(
      makeProduct({
        price: 350,
        wasPrice: 450,
        isOnSpecial: true,
        specialEndsAt: '2026-06-02T14:00:00.000Z',
      }),
    );
    expect(screen.getByTestId('product-special-ends').textContent).toBe('Special ends Tuesday 2 June');
  });

  it('says nothing of an end for a product not on special', async () => {
    await showProduct(makeProduct());
    expect(screen.queryByTestId('product-special-ends')).toBeNull();
  });

  it('keeps the size of its picture, so nothing moves as it loads', async () => {
    await showProduct(makeProduct({ imageUrl: '/images/products/abc-800.webp' }));
    const img = screen.getByTestId('product-page').querySelector('.product-detail__image img');
    expect(img?.getAttribute('src')).toBe('/images/products/abc-800.webp');
    expect([img?.getAttribute('width'), img?.getAttribute('height')]).toEqual(['480', '480']);
  });
});

describe('food information on a product page', () => {
  const biscuits = {
    name: 'Chocolate Chip Cookies 200g',
    ingredients:
      'Wheat flour, sugar, chocolate chips (20%) (sugar, cocoa butter, milk solids, emulsifier (soy lecithin)), butter (milk).',
    allergensContains: ['milk', 'wheat', 'soy'],
    allergensMayContain: ['peanut'],
    originStatement: 'Made in Australia from at least 90% Australian ingredients',
  };

  it('shows the ingredients, the allergens in bold as a label does, and the origin, under one heading', async () => {
    await showProduct(makeProduct(biscuits));
    const section = screen.getByTestId('product-food-information');
    expect(screen.getByRole('heading', { level: 2, name: 'Food information' })).toBeTruthy();
    expect(section.getAttribute('aria-labelledby')).toBe('food-information-title');
    expect(screen.getByTestId('product-ingredients').textContent).toBe(biscuits.ingredients);
    const contains = screen.getByTestId('product-allergens-contains');
    expect(contains.textContent).toBe('Contains: milk, wheat, soy.');
    expect([...contains.querySelectorAll('strong')].map((s) => s.textContent)).toEqual([
      'milk',
      'wheat',
      'soy',
    ]);
    const mayContain = screen.getByTestId('product-allergens-may-contain');
    expect(mayContain.textContent).toBe('May contain: peanut.');
    expect([...mayContain.querySelectorAll('strong')].map((s) => s.textContent)).toEqual(['peanut']);
    expect(screen.getByTestId('product-origin').textContent).toBe(biscuits.originStatement);
    // The declared allergens stand out in the ingredient list too.
    expect(
      [...screen.getByTestId('product-ingredients').querySelectorAll('strong')].map((s) => s.textContent),
    ).toEqual(['Wheat', 'milk', 'soy', 'milk']);
  });

  it('keeps the headings in order: the name, the sections, then the parts of Food information', async () => {
    await showProduct(makeProduct(biscuits));
    const headings = [...screen.getByTestId('product-page').querySelectorAll('h1, h2, h3')].map(
      (h) => `${h.tagName} ${h.textContent}`,
    );
    expect(headings).toEqual([
      `H1 ${biscuits.name}`,
      'H2 Delivery estimate',
      'H2 Food information',
      'H3 Ingredients',
      'H3 Allergens',
      'H3 Country of origin',
    ]);
  });

  it('shows only the parts a product has: fresh fruit has its origin alone', async () => {
    await showProduct(makeProduct({ name: 'Bananas 1kg', originStatement: 'Product of Australia' }));
    expect(screen.getByTestId('product-origin').textContent).toBe('Product of Australia');
    expect(screen.queryByRole('heading', { name: 'Ingredients' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Allergens' })).toBeNull();
    expect(screen.queryByTestId('product-allergens-contains')).toBeNull();
  });

  it('a product that may contain an allergen but declares none it contains says only that', async () => {
    await showProduct(makeProduct({ allergensMayContain: ['sesame'] }));
    expect(screen.getByTestId('product-allergens-may-contain').textContent).toBe('May contain: sesame.');
    expect(screen.queryByTestId('product-allergens-contains')).toBeNull();
    expect(screen.queryByTestId('product-origin')).toBeNull();
  });

  it('a product with no food information has no such section', async () => {
    await showProduct(makeProduct());
    expect(screen.queryByTestId('product-food-information')).toBeNull();
    expect(screen.queryByText('Food information')).toBeNull();
  });
});

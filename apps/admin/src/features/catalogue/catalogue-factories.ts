import type { AdminProduct, AdminProductList, StockMovement } from '@storefront/contract/catalogue-admin';

/** Test data: a product as staff read it, a page of them, a stock movement. */
export function makeAdminProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    productID: 12,
    sku: 'MILK-2L',
    name: 'Full cream milk 2L',
    brand: 'Harbour Dairy',
    description: 'Fresh from the south coast.',
    category: 'dairy',
    price: 450,
    gstFree: true,
    packSize: 2000,
    packUnit: 'ml',
    unitPrice: { cents: 225, per: '1L' },
    weightGrams: 2100,
    stock: 40,
    isActive: true,
    ingredients: 'Milk.',
    allergensContains: ['milk'],
    allergensMayContain: [],
    originStatement: 'Product of Australia',
    dietary: ['vegetarian', 'gluten_free'],
    special: null,
    imageUrl: '/products/milk.jpg',
    thumbnailUrl: '/products/milk-thumb.jpg',
    version: 3,
    updatedAt: '2026-11-20T00:00:00.000Z',
    ...overrides,
  };
}

export function makeProductList(
  list: AdminProduct[],
  overrides: Partial<AdminProductList> = {},
): AdminProductList {
  return { list, total: list.length, page: 1, pageSize: 25, ...overrides };
}

export function makeStockMovement(overrides: Partial<StockMovement> = {}): StockMovement {
  return {
    movementID: 1,
    at: '2026-11-20T00:00:00.000Z',
    delta: 10,
    stockAfter: 40,
    reason: 'received',
    staffName: 'Olive Owner',
    note: null,
    ...overrides,
  };
}

import type { ProductRow } from '../src/modules/catalog/catalog.repo.js';
import type { CouponRow, CustomerCoupon } from '../src/modules/coupon/coupon.repo.js';

/** Rows for the pure pricing rules, built in memory: no database. */
export const NOW = new Date('2025-06-01T00:00:00Z');
export const DAY = 24 * 3600 * 1000;

export function product(overrides: Partial<ProductRow> = {}): ProductRow {
  return {
    id: 1,
    sku: 'SKU-1',
    name: 'Rice',
    description: '',
    imageUrl: '/rice.svg',
    priceCents: 500,
    stock: 10,
    weightGrams: 500,
    category: 'pantry',
    isActive: true,
    createdAt: NOW,
    packSize: null,
    packUnit: null,
    regularPriceCents: overrides.priceCents ?? 500,
    specialPriceCents: null,
    specialStartsAt: null,
    specialEndsAt: null,
    brand: null,
    ingredients: null,
    allergensContains: [],
    allergensMayContain: [],
    originStatement: null,
    dietary: [],
    imageKey: null,
    version: 1,
    updatedAt: NOW,
    gstFree: false,
    ...overrides,
  };
}

export function coupon(
  overrides: Partial<CouponRow> = {},
  customerUses: number | null = null,
): CustomerCoupon {
  return {
    coupon: {
      id: 1,
      code: 'TEN',
      description: '10% off',
      kind: 'percent',
      value: 10,
      minSpendCents: 0,
      startsAt: new Date(NOW.getTime() - DAY),
      endsAt: new Date(NOW.getTime() + DAY),
      usageLimit: null,
      usedCount: 0,
      perCustomerLimit: 1,
      isPersonal: false,
      ...overrides,
    },
    customerUses,
  };
}

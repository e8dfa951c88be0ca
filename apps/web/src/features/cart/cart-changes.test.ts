import { describe, expect, it } from 'vitest';
import type { CartCompareLine } from '@storefront/contract/cart';
import { describeCartChange } from './cart-changes';

function makeChange(overrides: Partial<CartCompareLine> = {}): CartCompareLine {
  return {
    productID: 1,
    name: 'Bananas',
    changes: [],
    oldPrice: null,
    newPrice: null,
    oldQuantity: null,
    newQuantity: null,
    stock: null,
    ...overrides,
  };
}

describe('describeCartChange', () => {
  it('names the old and new price', () => {
    const text = describeCartChange(makeChange({ changes: ['price_changed'], oldPrice: 450, newPrice: 500 }));
    expect(text).toBe('Bananas: price changed from $4.50 to $5.00.');
  });

  it('joins several changes of one line', () => {
    const text = describeCartChange(
      makeChange({ changes: ['quantity_changed', 'stock_low'], newQuantity: 3, stock: 2 }),
    );
    expect(text).toBe('Bananas: quantity is now 3, only 2 left in stock.');
  });

  it('speaks of a product that no longer exists', () => {
    expect(describeCartChange(makeChange({ name: null, changes: ['removed'] }))).toBe(
      'A product: was removed from your cart.',
    );
  });
});

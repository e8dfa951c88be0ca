import { describe, expect, it } from 'vitest';
import { emptyShopText, isNarrowed } from './empty-shop';

const scope = { keyword: '', isSpecial: false, isInStock: false };

describe('what an empty shop page says', () => {
  it('names the search, and the aisle and filters that narrowed it', () => {
    expect(emptyShopText({ ...scope, keyword: 'caviar' })).toBe('Nothing matches “caviar”.');
    expect(emptyShopText({ ...scope, keyword: 'bread', aisle: 'Dairy & eggs' })).toBe(
      'Nothing in Dairy & eggs matches “bread”.',
    );
    expect(
      emptyShopText({ ...scope, keyword: 'bread', aisle: 'Bakery', isSpecial: true, isInStock: true }),
    ).toBe('Nothing on special and in stock in Bakery matches “bread”.');
    expect(emptyShopText({ ...scope, keyword: 'bread', freeFrom: ['milk', 'egg', 'sesame'] })).toBe(
      'Nothing free from milk, egg and sesame matches “bread”.',
    );
    expect(
      emptyShopText({
        ...scope,
        keyword: 'pie',
        dietary: ['vegan'],
        brands: ['Oaty', 'Dairy Co'],
        aisle: 'Bakery',
      }),
    ).toBe('Nothing vegan and from Oaty or Dairy Co in Bakery matches “pie”.');
  });

  it('without a search, says which filters left nothing', () => {
    expect(emptyShopText(scope)).toBe('No products here yet.');
    expect(emptyShopText({ ...scope, aisle: 'Bakery', isSpecial: true })).toBe(
      'Nothing on special in Bakery right now.',
    );
    expect(emptyShopText({ ...scope, isInStock: true, freeFrom: ['milk', 'egg'] })).toBe(
      'Nothing free from milk and egg and in stock right now.',
    );
  });

  it('a search narrowed by an aisle or a filter can be run on the whole shop', () => {
    expect(isNarrowed({ ...scope, keyword: 'bread' })).toBe(false);
    expect(isNarrowed({ ...scope, keyword: 'bread', aisle: 'Bakery' })).toBe(true);
    expect(isNarrowed({ ...scope, keyword: 'bread', isInStock: true })).toBe(true);
    expect(isNarrowed({ ...scope, keyword: 'bread', freeFrom: ['milk'] })).toBe(true);
    expect(isNarrowed({ ...scope, keyword: 'bread', brands: ['Oaty'] })).toBe(true);
    expect(isNarrowed({ ...scope, keyword: 'bread', dietary: ['vegan'] })).toBe(true);
  });
});

import { KEYWORD_MAX } from '@storefront/contract/limits';
import { describe, expect, it } from 'vitest';
import {
  readShopQuery,
  toFacetsQuery,
  toFacetsSearch,
  toProductListQuery,
  toShopSearch,
  withTicked,
} from './shop-query';

describe("the shop's address", () => {
  it('a search longer than the API takes is cut to it, so a pasted address still searches', () => {
    const long = `${'tomato '.repeat(20)}`;
    const query = readShopQuery(new URLSearchParams({ keyword: long }));
    expect(query.keyword).toHaveLength(KEYWORD_MAX);
    expect(toProductListQuery(query).keyword).toBe(long.trim().slice(0, KEYWORD_MAX));
    expect(readShopQuery(new URLSearchParams({ keyword: '  tea  ' })).keyword).toBe('tea');
  });

  it('keeps the free-from allergens in the address, each once, in the list order, and leaves out unknown words', () => {
    const query = readShopQuery(
      new URLSearchParams('freeFrom=peanut&freeFrom=milk,nuts&freeFrom=milk&inStock=true'),
    );
    expect(query.freeFrom).toEqual(['milk', 'peanut']);
    expect(toShopSearch(query)).toBe('?inStock=true&freeFrom=milk&freeFrom=peanut');
    expect(toProductListQuery(query)).toMatchObject({ inStock: true, freeFrom: ['milk', 'peanut'] });
    expect(readShopQuery(new URLSearchParams('freeFrom=tree%20nuts')).freeFrom).toEqual(['tree nuts']);
    const none = readShopQuery(new URLSearchParams('freeFrom=nuts'));
    expect(none.freeFrom).toEqual([]);
    expect(toProductListQuery(none)).not.toHaveProperty('freeFrom');
    expect(toShopSearch(none)).toBe('');
  });

  it('keeps brands and dietary marks in the address: brands each once whatever their case, marks in the list order', () => {
    const query = readShopQuery(
      new URLSearchParams(
        'brand=Oaty&brand=%20Dairy%20Co%20&brand=oaty&brand=&dietary=vegan,keto&dietary=vegetarian',
      ),
    );
    expect(query.brands).toEqual(['Dairy Co', 'Oaty']);
    expect(query.dietary).toEqual(['vegetarian', 'vegan']);
    expect(toShopSearch(query)).toBe('?brand=Dairy+Co&brand=Oaty&dietary=vegetarian&dietary=vegan');
    expect(toProductListQuery(query)).toMatchObject({
      brand: ['Dairy Co', 'Oaty'],
      dietary: ['vegetarian', 'vegan'],
    });
  });

  it('reads the facets of the aisle or search alone: the same whatever brand, mark, sort or page', () => {
    const ticked = readShopQuery(
      new URLSearchParams(
        'category=dairy&keyword=milk&brand=Oaty&dietary=vegan&sort=price-asc&page=3&inStock=true',
      ),
    );
    const plain = readShopQuery(new URLSearchParams('category=dairy&keyword=milk&inStock=true'));
    expect(toFacetsSearch(ticked)).toBe(toFacetsSearch(plain));
    expect(toFacetsQuery(ticked)).toEqual({ category: 'dairy', keyword: 'milk', inStock: true });
  });
});

describe('a box of a filter ticked or cleared', () => {
  const marks = ['vegetarian', 'vegan', 'gluten free'] as const;

  it("adds the box in the list's own order, whatever the order of the ones ticked before", () => {
    expect(withTicked(marks, ['gluten free'], 'vegetarian', true)).toEqual(['vegetarian', 'gluten free']);
  });

  it('clears the box and keeps the others', () => {
    expect(withTicked(marks, ['vegetarian', 'vegan'], 'vegan', false)).toEqual(['vegetarian']);
  });
});

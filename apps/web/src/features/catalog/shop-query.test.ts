import { KEYWORD_MAX } from '@storefront/contract/limits';
import { describe, expect, it } from 'vitest';
import { readShopQuery, toProductListQuery, toShopSearch } from './shop-query';

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
});

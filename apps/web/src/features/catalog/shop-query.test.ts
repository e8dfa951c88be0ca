import { KEYWORD_MAX } from '@storefront/contract/limits';
import { describe, expect, it } from 'vitest';
import { readShopQuery, toProductListQuery } from './shop-query';

describe("the shop's address", () => {
  it('a search longer than the API takes is cut to it, so a pasted address still searches', () => {
    const long = `${'tomato '.repeat(20)}`;
    const query = readShopQuery(new URLSearchParams({ keyword: long }));
    expect(query.keyword).toHaveLength(KEYWORD_MAX);
    expect(toProductListQuery(query).keyword).toBe(long.trim().slice(0, KEYWORD_MAX));
    expect(readShopQuery(new URLSearchParams({ keyword: '  tea  ' })).keyword).toBe('tea');
  });
});

import type { ProductListQuery } from '@storefront/contract/catalog';
import { KEYWORD_MAX, productSorts, type ProductSort } from '@storefront/contract/limits';

export const ALL_CATEGORIES = 'all';
export const PAGE_SIZE = 12;
export const RELATED_COUNT = 4;

/** What the shop's address asks for: a category, a search, a sort, the specials and in-stock filters and a page. */
export type ShopQuery = {
  category: string;
  keyword: string;
  sort: ProductSort | null;
  isSpecial: boolean;
  isInStock: boolean;
  page: number;
};

function readSort(value: string | null): ProductSort | null {
  return productSorts.find((s) => s === value) ?? null;
}

export function readShopQuery(params: URLSearchParams): ShopQuery {
  const page = Number(params.get('page'));
  return {
    category: params.get('category') ?? ALL_CATEGORIES,
    // An address pasted with a longer search is cut to what the API takes: a search, not a page that cannot load.
    keyword: (params.get('keyword') ?? '').trim().slice(0, KEYWORD_MAX),
    sort: readSort(params.get('sort')),
    isSpecial: params.get('special') === 'true',
    isInStock: params.get('inStock') === 'true',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function toShopSearch({ category, keyword, sort, isSpecial, isInStock, page }: ShopQuery): string {
  const search = new URLSearchParams();
  if (category !== ALL_CATEGORIES) search.set('category', category);
  if (keyword) search.set('keyword', keyword);
  if (sort) search.set('sort', sort);
  if (isSpecial) search.set('special', 'true');
  if (isInStock) search.set('inStock', 'true');
  if (page > 1) search.set('page', String(page));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function toProductListQuery(query: ShopQuery): Partial<ProductListQuery> {
  return {
    page: query.page,
    pageSize: PAGE_SIZE,
    ...(query.category !== ALL_CATEGORIES ? { category: query.category } : {}),
    ...(query.keyword ? { keyword: query.keyword } : {}),
    ...(query.sort ? { sort: query.sort } : {}),
    ...(query.isSpecial ? { special: true } : {}),
    ...(query.isInStock ? { inStock: true } : {}),
  };
}

export function readProductID(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

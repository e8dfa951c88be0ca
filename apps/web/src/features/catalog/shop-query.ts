import type { ProductListQuery } from '@storefront/contract/catalog';

export const ALL_CATEGORIES = 'all';
export const PAGE_SIZE = 12;
export const RELATED_COUNT = 4;

/** What the shop's address asks for: a category, a search and a page. */
export type ShopQuery = { category: string; keyword: string; page: number };

export function readShopQuery(params: URLSearchParams): ShopQuery {
  const page = Number(params.get('page'));
  return {
    category: params.get('category') ?? ALL_CATEGORIES,
    keyword: params.get('keyword') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function toShopSearch({ category, keyword, page }: ShopQuery): string {
  const search = new URLSearchParams();
  if (category !== ALL_CATEGORIES) search.set('category', category);
  if (keyword) search.set('keyword', keyword);
  if (page > 1) search.set('page', String(page));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function toProductListQuery({ category, keyword, page }: ShopQuery): Partial<ProductListQuery> {
  return {
    page,
    pageSize: PAGE_SIZE,
    ...(category !== ALL_CATEGORIES ? { category } : {}),
    ...(keyword ? { keyword } : {}),
  };
}

export function readProductID(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

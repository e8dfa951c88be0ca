import type { ProductListQuery } from '@storefront/contract/catalog';
import type { Allergen } from '@storefront/contract/catalogue-admin';
import { allergens, KEYWORD_MAX, productSorts, type ProductSort } from '@storefront/contract/limits';

export const ALL_CATEGORIES = 'all';
export const PAGE_SIZE = 12;
export const RELATED_COUNT = 4;

/**
 * What the shop's address asks for: a category, a search, a sort, the specials, in-stock and free-from filters and a
 * page.
 */
export type ShopQuery = {
  category: string;
  keyword: string;
  sort: ProductSort | null;
  isSpecial: boolean;
  isInStock: boolean;
  /** Allergens the products listed declare neither as contained nor as may be present, in the allergen list's order. */
  freeFrom: Allergen[];
  page: number;
};

/**
 * The allergens of `freeFrom=milk&freeFrom=peanut` (or `freeFrom=milk,peanut`, as the API also takes), each once, in
 * the list's order so one filter is one address; a word that is not an allergen is left out, as an unknown sort is.
 */
function readFreeFrom(params: URLSearchParams): Allergen[] {
  const named = new Set(params.getAll('freeFrom').flatMap((v) => v.split(',').map((a) => a.trim())));
  return allergens.filter((a) => named.has(a));
}

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
    freeFrom: readFreeFrom(params),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function toShopSearch({
  category,
  keyword,
  sort,
  isSpecial,
  isInStock,
  freeFrom,
  page,
}: ShopQuery): string {
  const search = new URLSearchParams();
  if (category !== ALL_CATEGORIES) search.set('category', category);
  if (keyword) search.set('keyword', keyword);
  if (sort) search.set('sort', sort);
  if (isSpecial) search.set('special', 'true');
  if (isInStock) search.set('inStock', 'true');
  for (const allergen of freeFrom) search.append('freeFrom', allergen);
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
    ...(query.freeFrom.length > 0 ? { freeFrom: query.freeFrom } : {}),
  };
}

export function readProductID(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

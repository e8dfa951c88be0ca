import type { ProductFacetsQuery, ProductListQuery } from '@storefront/contract/catalog';
import type { Allergen } from '@storefront/contract/catalogue-admin';
import {
  allergens,
  BRAND_FILTER_MAX,
  dietaryMarks,
  KEYWORD_MAX,
  productSorts,
  type DietaryMark,
  type ProductSort,
} from '@storefront/contract/limits';

export const ALL_CATEGORIES = 'all';
export const PAGE_SIZE = 12;
export const RELATED_COUNT = 4;

/**
 * What the shop's address asks for: a category, a search, a sort, the specials, in-stock, free-from, brand and dietary
 * filters and a page.
 */
export type ShopQuery = {
  category: string;
  keyword: string;
  sort: ProductSort | null;
  isSpecial: boolean;
  isInStock: boolean;
  /** Allergens the products listed declare neither as contained nor as may be present, in the allergen list's order. */
  freeFrom: Allergen[];
  /** Brands as the address names them (any of them), each once whatever its letter case, sorted. */
  brands: string[];
  /** Dietary marks every product listed carries, in the list's order. */
  dietary: DietaryMark[];
  page: number;
};

const BRAND_MAX = 80;

/**
 * The allergens of `freeFrom=milk&freeFrom=peanut` (or `freeFrom=milk,peanut`, as the API also takes), each once, in
 * the list's order so one filter is one address; a word that is not an allergen is left out, as an unknown sort is.
 */
function readFreeFrom(params: URLSearchParams): Allergen[] {
  const named = new Set(params.getAll('freeFrom').flatMap((v) => v.split(',').map((a) => a.trim())));
  return allergens.filter((a) => named.has(a));
}

/** `brand=Oaty&brand=Dairy%20Co`: each once (letter case aside), at most as many and as long as the API takes. */
function readBrands(params: URLSearchParams): string[] {
  const seen = new Map<string, string>();
  for (const value of params.getAll('brand')) {
    const brand = value.trim();
    if (brand && brand.length <= BRAND_MAX && !seen.has(brand.toLowerCase()))
      seen.set(brand.toLowerCase(), brand);
  }
  return [...seen.values()]
    .sort((a, b) => a.localeCompare(b, 'en-AU', { sensitivity: 'base' }))
    .slice(0, BRAND_FILTER_MAX);
}

function readDietary(params: URLSearchParams): DietaryMark[] {
  const named = new Set(params.getAll('dietary').flatMap((v) => v.split(',').map((m) => m.trim())));
  return dietaryMarks.filter((m) => named.has(m));
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
    brands: readBrands(params),
    dietary: readDietary(params),
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
  brands,
  dietary,
  page,
}: ShopQuery): string {
  const search = new URLSearchParams();
  if (category !== ALL_CATEGORIES) search.set('category', category);
  if (keyword) search.set('keyword', keyword);
  if (sort) search.set('sort', sort);
  if (isSpecial) search.set('special', 'true');
  if (isInStock) search.set('inStock', 'true');
  for (const allergen of freeFrom) search.append('freeFrom', allergen);
  for (const brand of brands) search.append('brand', brand);
  for (const mark of dietary) search.append('dietary', mark);
  if (page > 1) search.set('page', String(page));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The aisle or search the shop shows, without what the brand and dietary filters and the sort and page do to it. */
export function toFacetsQuery(query: ShopQuery): Partial<ProductFacetsQuery> {
  return {
    ...(query.category !== ALL_CATEGORIES ? { category: query.category } : {}),
    ...(query.keyword ? { keyword: query.keyword } : {}),
    ...(query.isSpecial ? { special: true } : {}),
    ...(query.isInStock ? { inStock: true } : {}),
    ...(query.freeFrom.length > 0 ? { freeFrom: query.freeFrom } : {}),
  };
}

/** The facets' part of the shop's address: one key per aisle or search, whatever is ticked or sorted. */
export function toFacetsSearch(query: ShopQuery): string {
  return toShopSearch({ ...query, sort: null, brands: [], dietary: [], page: 1 });
}

export function toProductListQuery(query: ShopQuery): Partial<ProductListQuery> {
  return {
    page: query.page,
    pageSize: PAGE_SIZE,
    ...toFacetsQuery(query),
    ...(query.sort ? { sort: query.sort } : {}),
    ...(query.brands.length > 0 ? { brand: query.brands } : {}),
    ...(query.dietary.length > 0 ? { dietary: query.dietary } : {}),
  };
}

export function readProductID(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The boxes of `all` ticked once `box` is ticked or cleared, in `all`'s order. */
export function withTicked<T>(all: readonly T[], ticked: readonly T[], box: T, isTicked: boolean): T[] {
  return all.filter((item) => (item === box ? isTicked : ticked.includes(item)));
}

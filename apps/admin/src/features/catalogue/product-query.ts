import { aisles, type AdminProductListParams } from '@storefront/contract/catalogue-admin';

export const PAGE_SIZES = [25, 50] as const;
const DEFAULT_PAGE_SIZE = 25;
const statuses = ['active', 'inactive', 'all'] as const;
export type ProductStatusFilter = (typeof statuses)[number];

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

/** The product list's filters and page as the page's address carries them (so a filtered view can be shared). */
export function readProductQuery(params: URLSearchParams): AdminProductListParams {
  const q = params.get('q')?.trim().slice(0, 100);
  const pageSize = positiveInt(params.get('pageSize'));
  return {
    q: q ? q : undefined,
    category: aisles.find((a) => a === params.get('category')),
    status: statuses.find((s) => s === params.get('status')) ?? 'all',
    lowStock: params.get('lowStock') === 'true',
    page: Math.min(positiveInt(params.get('page')) ?? 1, 10_000),
    pageSize: PAGE_SIZES.find((size) => size === pageSize) ?? DEFAULT_PAGE_SIZE,
  };
}

/** The address's query for a view of the list; the defaults are left out. */
export function writeProductQuery(query: AdminProductListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.category) params.set('category', query.category);
  if (query.status !== 'all') params.set('status', query.status);
  if (query.lowStock) params.set('lowStock', 'true');
  if (query.page > 1) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  return params;
}

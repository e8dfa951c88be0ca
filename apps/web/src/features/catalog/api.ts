import type {
  Product,
  ProductCategoryList,
  ProductFacets,
  ProductFacetsQuery,
  ProductList,
  ProductListQuery,
  ProductSuggestions,
  RelatedBody,
  RelatedProducts,
} from '@storefront/contract/catalog';
import { callApi } from '../../lib/http/client';

export function listProducts(query: Partial<ProductListQuery>): Promise<ProductList> {
  return callApi<ProductList>({ method: 'GET', url: '/api/v1/product/list', params: query });
}

export function retrieveProduct(productID: number): Promise<Product> {
  return callApi<Product>({ method: 'GET', url: '/api/v1/product/detail', params: { productID } });
}

export function listCategories(): Promise<ProductCategoryList> {
  return callApi<ProductCategoryList>({ method: 'GET', url: '/api/v1/product/categories' });
}

export function listRelatedProducts(body: RelatedBody): Promise<RelatedProducts> {
  return callApi<RelatedProducts>({ method: 'POST', url: '/api/v1/mooncake/related', data: body });
}

export function listFacets(query: Partial<ProductFacetsQuery>): Promise<ProductFacets> {
  return callApi<ProductFacets>({ method: 'GET', url: '/api/v1/product/facets', params: query });
}

/** Suggestions for what is typed; `signal` cancels a call a later keystroke made stale. */
export function suggestProducts(keyword: string, signal?: AbortSignal): Promise<ProductSuggestions> {
  return callApi<ProductSuggestions>({
    method: 'GET',
    url: '/api/v1/product/suggest',
    params: { keyword },
    ...(signal ? { signal } : {}),
  });
}

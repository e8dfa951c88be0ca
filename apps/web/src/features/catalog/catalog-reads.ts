import { prefetch, takePrefetched } from '../../lib/prefetch';
import { listCategories, listFacets, listProducts, listRelatedProducts, retrieveProduct } from './api';
import {
  RELATED_COUNT,
  readShopQuery,
  toFacetsQuery,
  toFacetsSearch,
  toProductListQuery,
  toShopSearch,
  type ShopQuery,
} from './shop-query';

/** The catalogue pages' reads, each startable before its page's code has loaded (app/router.tsx). */
export function loadProducts(query: ShopQuery) {
  return takePrefetched(`products${toShopSearch(query)}`, () => listProducts(toProductListQuery(query)));
}

/** The brands and dietary marks the shop's filters offer for its aisle or search. */
export function loadFacets(query: ShopQuery) {
  return takePrefetched(`facets${toFacetsSearch(query)}`, () => listFacets(toFacetsQuery(query)));
}

export function loadCategories() {
  return takePrefetched('categories', listCategories);
}

export function loadProduct(productID: number) {
  return takePrefetched(`product/${productID}`, () => retrieveProduct(productID));
}

export function loadRelatedProducts(productID: number) {
  return takePrefetched(`related/${productID}`, () =>
    listRelatedProducts({ productIDs: [productID], limit: RELATED_COUNT }),
  );
}

export function prefetchShop(search: string): void {
  const query = readShopQuery(new URLSearchParams(search));
  prefetch(`products${toShopSearch(query)}`, () => listProducts(toProductListQuery(query)));
  prefetch(`facets${toFacetsSearch(query)}`, () => listFacets(toFacetsQuery(query)));
  prefetch('categories', listCategories);
}

export function prefetchProduct(productID: number): void {
  prefetch(`product/${productID}`, () => retrieveProduct(productID));
  prefetch(`related/${productID}`, () =>
    listRelatedProducts({ productIDs: [productID], limit: RELATED_COUNT }),
  );
}

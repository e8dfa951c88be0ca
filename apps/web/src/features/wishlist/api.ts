import type { WishlistList, WishlistMoveResult } from '@storefront/contract/wishlist';
import { callApi } from '../../lib/http/client';

export function listWishlist(): Promise<WishlistList> {
  return callApi<WishlistList>({ method: 'GET', url: '/api/v1/wishlist/list' });
}

export function addProductsToWishlist(productIDs: number[]): Promise<WishlistList> {
  return callApi<WishlistList>({ method: 'POST', url: '/api/v1/wishlist/batch/add', data: { productIDs } });
}

export function removeWishlistItem(id: number): Promise<WishlistList> {
  return callApi<WishlistList>({ method: 'DELETE', url: `/api/v1/wishlist/${id}` });
}

export function moveWishlistItemsToCart(ids: number[]): Promise<WishlistMoveResult> {
  return callApi<WishlistMoveResult>({ method: 'POST', url: '/api/v1/wishlist/move-to-cart', data: { ids } });
}

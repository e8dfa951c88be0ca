import type {
  ApplyDiscountBody,
  CartAddBatchBody,
  CartAddBody,
  CartAdded,
  CartCompareBody,
  CartCompareResult,
  CartList,
  CartMergeBody,
  CartMergeResult,
  CartUpdateBody,
} from '@storefront/contract/cart';
import { callApi } from '../../lib/http/client';

export function listCart(): Promise<CartList> {
  return callApi<CartList>({ method: 'GET', url: '/api/v1/cart/list' });
}

export function addCartItem(body: CartAddBody): Promise<CartAdded> {
  return callApi<CartAdded>({ method: 'POST', url: '/api/v1/cart/add', data: body });
}

/** Several products at once (`cart/add/batch`): every one goes in, or none does; answers the whole cart. */
export function addCartItems(items: CartAddBatchBody['items']): Promise<CartList> {
  return callApi<CartList>({ method: 'POST', url: '/api/v1/cart/add/batch', data: { items } });
}

export function updateCartLine(body: CartUpdateBody): Promise<CartList> {
  return callApi<CartList>({ method: 'PUT', url: '/api/v1/cart/update', data: body });
}

export function deleteCartLines(productIDs: number[]): Promise<CartList> {
  return callApi<CartList>({ method: 'DELETE', url: '/api/v1/cart/delete', data: { productIDs } });
}

export function selectAllCartLines(selected: boolean): Promise<CartList> {
  return callApi<CartList>({ method: 'PUT', url: '/api/v1/cart/select-all', data: { selected } });
}

export function compareCart(body: CartCompareBody): Promise<CartCompareResult> {
  return callApi<CartCompareResult>({ method: 'POST', url: '/api/v1/cart/compare', data: body });
}

export function applyCartDiscount(body: ApplyDiscountBody): Promise<CartList> {
  return callApi<CartList>({ method: 'POST', url: '/api/v1/cart/apply-discount', data: body });
}

/** Merges a guest cart into the account's; the same key from a second tab adds nothing more. */
export function mergeGuestCart(body: CartMergeBody, idempotencyKey: string): Promise<CartMergeResult> {
  return callApi<CartMergeResult>({
    method: 'POST',
    url: '/api/v1/cart/merge',
    data: body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

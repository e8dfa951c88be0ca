import type { CartMergeResult } from '@storefront/contract/cart';
import type {
  ShoppingListDetail,
  ShoppingListItemAdded,
  ShoppingListOrderAdded,
  ShoppingLists,
  ShoppingListSummary,
} from '@storefront/contract/shopping-list';
import { callApi } from '../../lib/http/client';

export function listShoppingLists(): Promise<ShoppingLists> {
  return callApi<ShoppingLists>({ method: 'GET', url: '/api/v1/list/list' });
}

export function createShoppingList(name: string): Promise<ShoppingListSummary> {
  return callApi<ShoppingListSummary>({ method: 'POST', url: '/api/v1/list/create', data: { name } });
}

export function retrieveShoppingList(listID: number): Promise<ShoppingListDetail> {
  return callApi<ShoppingListDetail>({ method: 'GET', url: '/api/v1/list/detail', params: { listID } });
}

export function renameShoppingList(listID: number, name: string): Promise<ShoppingListSummary> {
  return callApi<ShoppingListSummary>({ method: 'PUT', url: `/api/v1/list/${listID}`, data: { name } });
}

export function deleteShoppingList(listID: number): Promise<ShoppingLists> {
  return callApi<ShoppingLists>({ method: 'DELETE', url: `/api/v1/list/${listID}` });
}

export function addShoppingListItem(
  listID: number,
  productID: number,
  quantity: number,
): Promise<ShoppingListItemAdded> {
  return callApi<ShoppingListItemAdded>({
    method: 'POST',
    url: '/api/v1/list/item/add',
    data: { listID, productID, quantity },
  });
}

export function updateShoppingListItem(
  listID: number,
  productID: number,
  quantity: number,
): Promise<ShoppingListDetail> {
  return callApi<ShoppingListDetail>({
    method: 'PUT',
    url: '/api/v1/list/item/update',
    data: { listID, productID, quantity },
  });
}

export function removeShoppingListItems(listID: number, productIDs: number[]): Promise<ShoppingListDetail> {
  return callApi<ShoppingListDetail>({
    method: 'DELETE',
    url: '/api/v1/list/item/delete',
    data: { listID, productIDs },
  });
}

export function addOrderToShoppingList(listID: number, orderID: number): Promise<ShoppingListOrderAdded> {
  return callApi<ShoppingListOrderAdded>({
    method: 'POST',
    url: '/api/v1/list/add-order',
    data: { listID, orderID },
  });
}

export function addShoppingListToCart(listID: number): Promise<CartMergeResult> {
  return callApi<CartMergeResult>({ method: 'POST', url: '/api/v1/list/add-to-cart', data: { listID } });
}

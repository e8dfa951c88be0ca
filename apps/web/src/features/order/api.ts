import type { AddressList } from '@storefront/contract/address';
import type {
  OrderAddressBody,
  OrderCreateBody,
  OrderDetail,
  OrderList,
  OrderListQuery,
  OrderStat,
} from '@storefront/contract/order';
import type { ShippingQuote } from '@storefront/contract/shipping';
import type { Credits } from '@storefront/contract/wallet';
import { callApi } from '../../lib/http/client';

export function createOrder(body: OrderCreateBody): Promise<OrderDetail> {
  return callApi<OrderDetail>({ method: 'POST', url: '/api/v1/order/create', data: body });
}

export function listOrders(query: OrderListQuery): Promise<OrderList> {
  return callApi<OrderList>({ method: 'GET', url: '/api/v1/order/list', params: query });
}

export function fetchOrderStat(): Promise<OrderStat> {
  return callApi<OrderStat>({ method: 'GET', url: '/api/v1/order/stat' });
}

export function fetchOrderDetail(orderID: number): Promise<OrderDetail> {
  return callApi<OrderDetail>({ method: 'GET', url: '/api/v1/order/detail', params: { orderID } });
}

export function changeOrderAddress(body: OrderAddressBody): Promise<OrderDetail> {
  return callApi<OrderDetail>({ method: 'PUT', url: '/api/v1/order/address', data: body });
}

export function cancelOrder(orderID: number): Promise<OrderDetail> {
  return callApi<OrderDetail>({ method: 'PUT', url: '/api/v1/order/cancel', data: { orderID } });
}

export function listDeliveryAddresses(): Promise<AddressList> {
  return callApi<AddressList>({ method: 'GET', url: '/api/v1/address/list' });
}

export function quoteCheckoutShipping(addressID: number): Promise<ShippingQuote> {
  return callApi<ShippingQuote>({
    method: 'GET',
    url: '/api/v1/shipping/calc-selected',
    params: { addressID },
  });
}

/** The store-credit balance, or null when the store has no credit (the call answers 404). */
export async function fetchCreditBalance(): Promise<number | null> {
  try {
    const credits = await callApi<Credits>({
      method: 'GET',
      url: '/api/v1/customer/credits',
      params: { page: 1, pageSize: 1 },
    });
    return credits.balance;
  } catch {
    return null;
  }
}

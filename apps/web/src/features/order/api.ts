import type {
  OrderAddressBody,
  OrderAddressOptions,
  OrderCreateBody,
  OrderDeliveryNotesBody,
  OrderSubstitutesBody,
  OrderDetail,
  OrderList,
  OrderListQuery,
  OrderReorderBody,
  OrderStat,
  ReorderResult,
} from '@storefront/contract/order';
import { callApi } from '../../lib/http/client';

export function createOrder(body: OrderCreateBody, idempotencyKey: string): Promise<OrderDetail> {
  return callApi<OrderDetail>({
    method: 'POST',
    url: '/api/v1/order/create',
    data: body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function listOrders(query: OrderListQuery): Promise<OrderList> {
  return callApi<OrderList>({ method: 'GET', url: '/api/v1/order/list', params: query });
}

export function fetchOrderStat(): Promise<OrderStat> {
  return callApi<OrderStat>({ method: 'GET', url: '/api/v1/order/stat' });
}

// Written in the payment feature's api.ts, which reads it too (payment may not import order).
export { fetchOrderDetail } from '../payment/api';

export function changeOrderAddress(body: OrderAddressBody): Promise<OrderDetail> {
  return callApi<OrderDetail>({ method: 'PUT', url: '/api/v1/order/address', data: body });
}

export function fetchOrderAddressOptions(orderID: number): Promise<OrderAddressOptions> {
  return callApi<OrderAddressOptions>({
    method: 'GET',
    url: '/api/v1/order/address-options',
    params: { orderID },
  });
}

export function changeSubstitutes(body: OrderSubstitutesBody): Promise<OrderDetail> {
  return callApi<OrderDetail>({ method: 'PUT', url: '/api/v1/order/substitutes', data: body });
}

export function changeDeliveryNotes(body: OrderDeliveryNotesBody): Promise<OrderDetail> {
  return callApi<OrderDetail>({ method: 'PUT', url: '/api/v1/order/delivery-notes', data: body });
}

export function cancelOrder(orderID: number): Promise<OrderDetail> {
  return callApi<OrderDetail>({ method: 'PUT', url: '/api/v1/order/cancel', data: { orderID } });
}

export function reorder(body: OrderReorderBody): Promise<ReorderResult> {
  return callApi<ReorderResult>({ method: 'POST', url: '/api/v1/order/reorder', data: body });
}

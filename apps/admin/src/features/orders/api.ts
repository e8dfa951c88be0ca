import type {
  DispatchBody,
  PackBody,
  StaffCancelBody,
  StaffOrderDetail,
  StaffOrderList,
  StaffOrderListQuery,
  StaffRefundBody,
} from '@storefront/contract/fulfilment';
import { getData, postData } from '../../lib/http/client';

export function listOrders(query: StaffOrderListQuery): Promise<StaffOrderList> {
  return getData<StaffOrderList>('/orders', {
    status: query.status?.[0],
    date: query.date,
    q: query.q,
    windowID: query.windowID,
    page: query.page,
    pageSize: query.pageSize,
  });
}

export function readOrder(orderID: number): Promise<StaffOrderDetail> {
  return getData<StaffOrderDetail>(`/orders/${orderID}`);
}

export function startPicking(orderID: number): Promise<StaffOrderDetail> {
  return postData<StaffOrderDetail>(`/orders/${orderID}/start-picking`, {});
}

/** Packs the order; the lines left out were packed in full. What was not sent is refunded at once. */
export function packOrder(orderID: number, body: PackBody): Promise<StaffOrderDetail> {
  return postData<StaffOrderDetail>(`/orders/${orderID}/pack`, body);
}

export function dispatchOrder(orderID: number, body: DispatchBody): Promise<StaffOrderDetail> {
  return postData<StaffOrderDetail>(`/orders/${orderID}/dispatch`, body);
}

export function deliverOrder(orderID: number): Promise<StaffOrderDetail> {
  return postData<StaffOrderDetail>(`/orders/${orderID}/deliver`, {});
}

export function cancelOrder(orderID: number, body: StaffCancelBody): Promise<StaffOrderDetail> {
  return postData<StaffOrderDetail>(`/orders/${orderID}/cancel`, body);
}

export function refundOrder(orderID: number, body: StaffRefundBody): Promise<StaffOrderDetail> {
  return postData<StaffOrderDetail>(`/orders/${orderID}/refund`, body);
}

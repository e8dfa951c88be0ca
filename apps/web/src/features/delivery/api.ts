import type { DeliveryWindows, OrderDeliveryWindowBody } from '@storefront/contract/delivery';
import type { OrderDetail } from '@storefront/contract/order';
import { callApi } from '../../lib/http/client';

export function fetchDeliveryWindows(addressID: number): Promise<DeliveryWindows> {
  return callApi<DeliveryWindows>({ method: 'GET', url: '/api/v1/delivery/windows', params: { addressID } });
}

export function changeDeliveryWindow(body: OrderDeliveryWindowBody): Promise<OrderDetail> {
  return callApi<OrderDetail>({ method: 'PUT', url: '/api/v1/order/delivery-window', data: body });
}

import type {
  Address,
  AddressBody,
  AddressIdBody,
  AddressList,
  CartAddress,
} from '@storefront/contract/address';
import { callApi } from '../../lib/http/client';

export function listAddresses(): Promise<AddressList> {
  return callApi<AddressList>({ method: 'GET', url: '/api/v1/address/list' });
}

export function addAddress(body: AddressBody): Promise<Address> {
  return callApi<Address>({ method: 'POST', url: '/api/v1/address/add', data: body });
}

export function editAddress(addressID: number, body: AddressBody): Promise<Address> {
  return callApi<Address>({ method: 'PUT', url: `/api/v1/address/${addressID}`, data: body });
}

export function deleteAddress(addressID: number): Promise<null> {
  return callApi<null>({ method: 'DELETE', url: `/api/v1/address/${addressID}` });
}

export function setDefaultShippingAddress(addressID: number): Promise<Address> {
  return callApi<Address>({ method: 'POST', url: '/api/v1/address/set-default', data: { addressID } });
}

export function setDefaultBillingAddress(addressID: number): Promise<Address> {
  return callApi<Address>({ method: 'POST', url: '/api/v1/address/set-billing', data: { addressID } });
}

/** The address the cart is delivered to. */
export function chooseCartAddress(body: AddressIdBody): Promise<CartAddress> {
  return callApi<CartAddress>({ method: 'POST', url: '/api/v1/address/change', data: body });
}

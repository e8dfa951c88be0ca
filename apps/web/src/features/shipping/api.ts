import type { AddressIdBody, AddressList, CartAddress } from '@storefront/contract/address';
import type { CalcSingleBody, ShippingQuote } from '@storefront/contract/shipping';
import type { Suburb } from '@storefront/contract/suburb';
import { callApi } from '../../lib/http/client';

export function quoteSelectedLines(addressID?: number): Promise<ShippingQuote> {
  return callApi<ShippingQuote>({
    method: 'GET',
    url: '/api/v1/shipping/calc-selected',
    params: addressID ? { addressID } : {},
  });
}

export function quoteSingleProduct(body: CalcSingleBody): Promise<ShippingQuote> {
  return callApi<ShippingQuote>({ method: 'POST', url: '/api/v1/shipping/calc-single', data: body });
}

export function searchSuburbs(keyword: string): Promise<Suburb[]> {
  return callApi<Suburb[]>({ method: 'GET', url: '/api/v1/shipping/search/suburb', params: { keyword } });
}

export function listAddresses(): Promise<AddressList> {
  return callApi<AddressList>({ method: 'GET', url: '/api/v1/address/list' });
}

export function chooseCartAddress(body: AddressIdBody): Promise<CartAddress> {
  return callApi<CartAddress>({ method: 'POST', url: '/api/v1/address/change', data: body });
}

import type { CalcSingleBody, ShippingQuote } from '@storefront/contract/shipping';
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

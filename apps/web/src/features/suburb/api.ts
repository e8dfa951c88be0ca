import type { Suburb } from '@storefront/contract/suburb';
import { callApi } from '../../lib/http/client';

export function searchSuburbs(keyword: string): Promise<Suburb[]> {
  return callApi<Suburb[]>({ method: 'GET', url: '/api/v1/shipping/search/suburb', params: { keyword } });
}

import type { Suburb } from '@storefront/contract/suburb';
import { callApi } from '../../lib/http/client';

export function searchSuburbs(keyword: string): Promise<Suburb[]> {
  return callApi<Suburb[]>({ method: 'GET', url: '/api/v1/shipping/search/suburb', params: { keyword } });
}

/** Every locality of one postcode (`address/suburb-state`), as a whole postcode typed in a suburb field asks. */
export function suburbsOfPostcode(postcode: string): Promise<Suburb[]> {
  return callApi<Suburb[]>({ method: 'GET', url: '/api/v1/address/suburb-state', params: { postcode } });
}

/** One locality by its id (`shipping/search/suburbID/{id}`), for a suburb remembered by id. */
export function findSuburb(suburbID: number): Promise<Suburb> {
  return callApi<Suburb>({ method: 'GET', url: `/api/v1/shipping/search/suburbID/${suburbID}` });
}

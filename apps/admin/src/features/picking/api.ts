import type { Product, ProductList } from '@storefront/contract/catalog';
import type { PickList, PickListQuery } from '@storefront/contract/fulfilment';
import { getData, getOpenData } from '../../lib/http/client';

export function readPickList(query: PickListQuery): Promise<PickList> {
  return getData<PickList>('/pick-list', { date: query.date, windowID: query.windowID });
}

/** Products to send instead of one that ran out: the customer API's open catalogue, sent without the staff token. */
export async function searchProducts(keyword: string): Promise<Product[]> {
  const found = await getOpenData<ProductList>('/product/list', { keyword, pageSize: 10 });
  return found.list;
}

import type { UsualProducts } from '@storefront/contract/usuals';
import { callApi } from '../../lib/http/client';

export function listUsualProducts(): Promise<UsualProducts> {
  return callApi<UsualProducts>({ method: 'GET', url: '/api/v1/product/usuals' });
}

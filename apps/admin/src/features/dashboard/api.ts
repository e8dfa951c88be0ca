import type { Dashboard } from '@storefront/contract/staff';
import { getData } from '../../lib/http/client';

export function readDashboard(): Promise<Dashboard> {
  return getData<Dashboard>('/dashboard');
}

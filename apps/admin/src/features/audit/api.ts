import type { AuditList, AuditQuery } from '@storefront/contract/staff';
import { getData } from '../../lib/http/client';

export function listAudit(query: AuditQuery): Promise<AuditList> {
  return getData<AuditList>('/audit', query);
}

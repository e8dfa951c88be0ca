import type { AuditList, AuditQuery, StaffRole } from '@storefront/contract/staff';
import type { Db, Executor } from '../../db/client.js';
import { insertAuditEntry, listAuditEntries } from './audit.repo.js';

/** Who makes a change, as every audit entry names them. */
export type Actor = { staffId: number; role: StaffRole; requestId: string; ip: string };

/** One change: what, to which record, and its fields before and after (never a secret). */
export type Change = {
  action: string;
  targetType: string;
  targetId: string | number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** Records a staff member's change; call it in the transaction that makes the change. */
export async function recordAudit(tx: Executor, actor: Actor, change: Change, at: Date): Promise<void> {
  await insertAuditEntry(tx, {
    at,
    staffId: actor.staffId,
    staffRole: actor.role,
    action: change.action,
    targetType: change.targetType,
    targetId: String(change.targetId),
    before: change.before ?? null,
    after: change.after ?? null,
    requestId: actor.requestId,
    ip: actor.ip,
  });
}

export async function listAudit(db: Db, query: AuditQuery): Promise<AuditList> {
  const { rows, total } = await listAuditEntries(db, query, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    list: rows.map((r) => ({
      auditID: r.id,
      at: r.at.toISOString(),
      staffID: r.staffId,
      staffName: r.staffName,
      staffRole: r.staffRole,
      action: r.action,
      targetType: r.targetType,
      targetID: r.targetId,
      before: r.before,
      after: r.after,
      requestID: r.requestId,
      ip: r.ip,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

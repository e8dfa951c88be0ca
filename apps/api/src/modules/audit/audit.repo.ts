import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AuditQuery } from '@storefront/contract/staff';
import type { Executor } from '../../db/client.js';
import { auditLog, staff, type AuditRow } from '../../db/schema/index.js';

export type NewAuditEntry = Omit<AuditRow, 'id'>;

/** Appends an entry in the caller's transaction: it exists only if the change it records commits. */
export async function insertAuditEntry(exec: Executor, entry: NewAuditEntry): Promise<void> {
  await exec.insert(auditLog).values(entry);
}

export async function listAuditEntries(
  exec: Executor,
  query: Pick<AuditQuery, 'staffID' | 'targetType' | 'targetID'>,
  page: { limit: number; offset: number },
): Promise<{ rows: (AuditRow & { staffName: string })[]; total: number }> {
  const filters: SQL[] = [];
  if (query.staffID !== undefined) filters.push(eq(auditLog.staffId, query.staffID));
  if (query.targetType !== undefined) filters.push(eq(auditLog.targetType, query.targetType));
  if (query.targetID !== undefined) filters.push(eq(auditLog.targetId, query.targetID));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [counted]] = await Promise.all([
    exec
      .select({ entry: auditLog, staffName: staff.name })
      .from(auditLog)
      .innerJoin(staff, eq(staff.id, auditLog.staffId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    exec.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.entry, staffName: r.staffName })), total: counted?.n ?? 0 };
}

import { and, asc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { StaffRole } from '@storefront/contract/staff';
import type { Executor } from '../../db/client.js';
import {
  staff,
  staffPasswordLinks,
  staffRecoveryCodes,
  staffSessions,
  type StaffRow,
  type StaffSessionRow,
} from '../../db/schema/index.js';

export type { StaffRow, StaffSessionRow };

export async function findStaffByEmail(exec: Executor, email: string): Promise<StaffRow | undefined> {
  const [row] = await exec
    .select()
    .from(staff)
    .where(sql`lower(${staff.email}) = lower(${email})`);
  return row;
}

export async function findStaff(
  exec: Executor,
  id: number,
  { lock = false } = {},
): Promise<StaffRow | undefined> {
  const query = exec.select().from(staff).where(eq(staff.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function listStaff(exec: Executor): Promise<StaffRow[]> {
  return exec.select().from(staff).orderBy(asc(staff.id));
}

/** Null when the email is taken (any case). */
export async function insertStaff(
  exec: Executor,
  values: { email: string; name: string; role: StaffRole; passwordHash?: string },
  now: Date,
): Promise<StaffRow | null> {
  const [row] = await exec
    .insert(staff)
    .values({ ...values, createdAt: now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function updateStaff(
  exec: Executor,
  id: number,
  values: Partial<
    Pick<
      StaffRow,
      'role' | 'name' | 'disabledAt' | 'passwordHash' | 'mfaSecret' | 'mfaPendingSecret' | 'lastSignInAt'
    >
  >,
): Promise<StaffRow | undefined> {
  const [row] = await exec.update(staff).set(values).where(eq(staff.id, id)).returning();
  return row;
}

/** Active owners other than `exceptId`, locked so two demotions at once cannot leave the shop without one. */
export async function countOtherActiveOwners(exec: Executor, exceptId: number): Promise<number> {
  const rows = await exec
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'owner'), isNull(staff.disabledAt), ne(staff.id, exceptId)))
    .for('update');
  return rows.length;
}

/**
 * Takes a TOTP time step as used, only if it is later than the last one taken: of two sign-ins with one code at
 * once, one wins.
 */
export async function takeTotpStep(exec: Executor, staffId: number, step: number): Promise<boolean> {
  const rows = await exec
    .update(staff)
    .set({ mfaLastStep: step })
    .where(and(eq(staff.id, staffId), or(isNull(staff.mfaLastStep), lt(staff.mfaLastStep, step))))
    .returning({ id: staff.id });
  return rows.length > 0;
}

export async function insertSession(
  exec: Executor,
  values: { staffId: number; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await exec.insert(staffSessions).values({ ...values, lastSeenAt: values.createdAt });
}

/** A live session by its token's hash, with its member: not revoked, not past its end, not idle too long. */
export async function findLiveSession(
  exec: Executor,
  tokenHash: string,
  now: Date,
  idleSince: Date,
): Promise<{ session: StaffSessionRow; member: StaffRow } | undefined> {
  const [row] = await exec
    .select({ session: staffSessions, member: staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, idleSince),
        isNull(staff.disabledAt),
      ),
    );
  return row;
}

export async function touchSession(exec: Executor, sessionId: number, now: Date): Promise<void> {
  await exec.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, sessionId));
}

export async function revokeSession(exec: Executor, sessionId: number, now: Date): Promise<void> {
  await exec
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}

/** Every session of the member, but `keepId` when given. */
export async function revokeSessionsOf(
  exec: Executor,
  staffId: number,
  now: Date,
  keepId?: number,
): Promise<void> {
  await exec
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.revokedAt),
        keepId === undefined ? undefined : ne(staffSessions.id, keepId),
      ),
    );
}

export async function replaceRecoveryCodes(
  exec: Executor,
  staffId: number,
  codeHashes: string[],
): Promise<void> {
  await exec.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  await exec.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ staffId, codeHash })));
}

/** Uses a recovery code once; false when it is not one of the member's or was used already. */
export async function useRecoveryCode(
  exec: Executor,
  staffId: number,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await exec
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, codeHash),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return rows.length > 0;
}

/** A new link replaces the member's unused ones. */
export async function insertPasswordLink(
  exec: Executor,
  values: { staffId: number; tokenHash: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await exec
    .update(staffPasswordLinks)
    .set({ usedAt: now })
    .where(and(eq(staffPasswordLinks.staffId, values.staffId), isNull(staffPasswordLinks.usedAt)));
  await exec.insert(staffPasswordLinks).values(values);
}

/** Takes a live link once: its member's id, or null when it is unknown, used or expired. */
export async function takePasswordLink(exec: Executor, tokenHash: string, now: Date): Promise<number | null> {
  const [row] = await exec
    .update(staffPasswordLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffPasswordLinks.tokenHash, tokenHash),
        isNull(staffPasswordLinks.usedAt),
        gt(staffPasswordLinks.expiresAt, now),
      ),
    )
    .returning({ staffId: staffPasswordLinks.staffId });
  return row?.staffId ?? null;
}

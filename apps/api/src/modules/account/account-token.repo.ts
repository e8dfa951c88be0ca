import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accountTokens, type AccountTokenRow } from '../../db/schema/index.js';

export type AccountTokenPurpose = AccountTokenRow['purpose'];

export async function insertAccountToken(
  exec: Executor,
  values: {
    customerId: number;
    purpose: AccountTokenPurpose;
    tokenHash: string;
    email: string;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<void> {
  await exec.insert(accountTokens).values(values);
}

/**
 * Uses a link once: marks it used if it is unused and unexpired, and answers it; undefined for an unknown, used or
 * expired link. One conditional update, so two clicks at once use it once.
 */
export async function useAccountToken(
  exec: Executor,
  purpose: AccountTokenPurpose,
  tokenHash: string,
  now: Date,
): Promise<AccountTokenRow | undefined> {
  const [row] = await exec
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** A link as stored, used, expired or not: what it was for, once it no longer works. */
export async function findAccountToken(
  exec: Executor,
  purpose: AccountTokenPurpose,
  tokenHash: string,
): Promise<AccountTokenRow | undefined> {
  const [row] = await exec
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose)));
  return row;
}

/** Ends the customer's other open links of a kind (a newer one was sent, or one of them was used). */
export async function endAccountTokens(
  exec: Executor,
  customerId: number,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<void> {
  await exec
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.customerId, customerId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
      ),
    );
}

/** Used and expired links are of no further use; pruning drops them after a day. */
export async function deleteAccountTokensEndedBefore(exec: Executor, before: Date): Promise<void> {
  await exec
    .delete(accountTokens)
    .where(or(lt(accountTokens.expiresAt, before), lt(accountTokens.usedAt, before)));
}

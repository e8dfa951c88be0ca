import type { UserInfo } from '@storefront/contract/account';
import type { Db, Executor } from '../../db/client.js';
import { hashToken, newToken, TOKEN_PATTERN } from '../../lib/tokens.js';
import type { AuthContext, Authenticated } from '../../plugins/auth.js';
import { claimRenewal, findLiveSession, insertSession, revokeSession } from './account.repo.js';

export type SessionSettings = { ttlMs: number; graceMs: number; now: () => Date };

export function createSessionService(db: Db, settings: SessionSettings) {
  async function issue(
    exec: Executor,
    customerId: number,
  ): Promise<{ token: string; sessionId: number; expiresAt: Date }> {
    const now = settings.now();
    const token = newToken();
    const row = await insertSession(exec, {
      customerId,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + settings.ttlMs),
    });
    return { token, sessionId: row.id, expiresAt: row.expiresAt };
  }

  /**
   * Resolves a bearer token to its session. Past half its life, the first request swaps it for a fresh token;
   * the old one then lives only for the grace period so requests already in flight still succeed.
   */
  async function authenticate(token: string): Promise<Authenticated | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const now = settings.now();
    const session = await findLiveSession(db, hashToken(token), now);
    if (!session) return null;
    const customer: UserInfo = { customerID: session.customerId, ...session.customer };
    const auth: AuthContext = {
      customerId: session.customerId,
      sessionId: session.id,
      expiresAt: session.expiresAt,
      customer,
    };
    const halfLife = session.createdAt.getTime() + settings.ttlMs / 2;
    if (session.replacedAt !== null || now.getTime() < halfLife) return { auth };

    return db.transaction(async (tx) => {
      const won = await claimRenewal(tx, session.id, now, new Date(now.getTime() + settings.graceMs));
      if (!won) return { auth };
      const fresh = await issue(tx, session.customerId);
      return {
        auth: { ...auth, sessionId: fresh.sessionId, expiresAt: fresh.expiresAt },
        renewedToken: fresh.token,
      };
    });
  }

  async function revoke(sessionId: number): Promise<void> {
    await revokeSession(db, sessionId, settings.now());
  }

  return { issue, authenticate, revoke };
}

export type SessionService = ReturnType<typeof createSessionService>;

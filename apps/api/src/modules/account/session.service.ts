import type { UserInfo } from '@storefront/contract/account';
import type { Db, Executor } from '../../db/client.js';
import { hashToken, newToken, TOKEN_PATTERN } from '../../lib/tokens.js';
import type { AuthContext, Authenticated } from '../../plugins/auth.js';
import {
  claimRenewal,
  findLiveSession,
  findSignedInAt,
  insertSession,
  revokeSession,
} from './account.repo.js';
import type { SessionCache } from './session-cache.js';
import { emailRefusalOf } from './email-refusal.js';

export type SessionSettings = {
  ttlMs: number;
  /** The longest a session lives after sign-in, however often it is renewed. */
  maxMs: number;
  graceMs: number;
  now: () => Date;
  /** Sessions resolved lately, trusted while the database's change notifications are heard (session-cache.ts). */
  cache: SessionCache;
};

export function createSessionService(db: Db, settings: SessionSettings) {
  const { cache } = settings;

  /**
   * A new session: at a sign-in (`signedInAt` now), or in place of one being renewed (its sign-in carried over, so
   * renewals never take a session past `maxMs` after it: whoever holds a token signs in again at least that often).
   */
  async function issue(
    exec: Executor,
    customerId: number,
    signedInAt?: Date,
  ): Promise<{ token: string; sessionId: number; expiresAt: Date }> {
    const now = settings.now();
    const since = signedInAt ?? now;
    const token = newToken();
    const row = await insertSession(exec, {
      customerId,
      tokenHash: hashToken(token),
      createdAt: now,
      signedInAt: since,
      expiresAt: new Date(Math.min(now.getTime() + settings.ttlMs, since.getTime() + settings.maxMs)),
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
    const tokenHash = hashToken(token);
    let session = cache.get(tokenHash);
    if (!session || session.expiresAt <= now) {
      const mark = cache.mark();
      session = await findLiveSession(db, tokenHash, now);
      if (!session) return null;
      cache.put(tokenHash, session, mark);
    }
    const { emailRefusedAt, emailRefusedReason, ...shown } = session.customer;
    const customer: UserInfo = {
      customerID: session.customerId,
      ...shown,
      emailRefused: emailRefusalOf({ emailRefusedAt, emailRefusedReason }),
    };
    const auth: AuthContext = {
      customerId: session.customerId,
      sessionId: session.id,
      expiresAt: session.expiresAt,
      customer,
    };
    const halfLife = session.createdAt.getTime() + settings.ttlMs / 2;
    if (session.replacedAt !== null || now.getTime() < halfLife) return { auth };

    const { id, customerId } = session;
    const renewed = await db.transaction(async (tx) => {
      const signedInAt = await claimRenewal(tx, id, now, new Date(now.getTime() + settings.graceMs));
      if (!signedInAt) return { auth };
      const fresh = await issue(tx, customerId, signedInAt);
      return {
        auth: { ...auth, sessionId: fresh.sessionId, expiresAt: fresh.expiresAt },
        renewedToken: fresh.token,
      };
    });
    // Replaced now (here or by a request beside this one): its cached copy would offer the renewal again.
    cache.forgetSession(id);
    return renewed;
  }

  /**
   * A fresh token in place of the session's own, as after a renewal: the old one lives on only for the grace
   * period. A session replaced already (a retry whose first answer, with the new token, was lost) gets a token of
   * its own, since its caller has nothing else once the grace period ends.
   */
  async function replace(sessionId: number, customerId: number): Promise<string> {
    const now = settings.now();
    const token = await db.transaction(async (tx) => {
      const signedInAt =
        (await claimRenewal(tx, sessionId, now, new Date(now.getTime() + settings.graceMs))) ??
        (await findSignedInAt(tx, sessionId));
      return (await issue(tx, customerId, signedInAt)).token;
    });
    cache.forgetSession(sessionId);
    return token;
  }

  async function revoke(sessionId: number): Promise<void> {
    await revokeSession(db, sessionId, settings.now());
    cache.forgetSession(sessionId);
  }

  return {
    issue,
    authenticate,
    replace,
    revoke,
    /** After a committed change to the customer or their sessions: this process stops answering them from memory. */
    forgetCustomer: (customerId: number) => cache.forgetCustomer(customerId),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

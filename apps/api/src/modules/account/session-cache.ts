import type { LiveSession } from './account.repo.js';

/** The channel the database's triggers tell of changed sessions and customers on (migration 0006_auth_notify). */
export const AUTH_CHANNEL = 'storefront_auth';

export type SessionCacheSettings = {
  /** How long a resolved session is answered from memory at most; 0 turns the cache off. */
  ttlMs: number;
  maxEntries: number;
  now: () => number;
};

type Entry = { session: LiveSession; storedAt: number };

/**
 * The sessions this process resolved lately, by token hash, so a signed-in request need not ask the database who
 * it is. It is trusted only while the database's change notifications are heard (`setLive`): a session revoked,
 * renewed or deleted, or a customer changed or disabled, in any process, is dropped as that transaction commits;
 * while the listening connection is down nothing is answered from here. `forgetSession`/`forgetCustomer` drop
 * entries at once after this process's own changes, so its next request never waits for the notification.
 */
export function createSessionCache(settings: SessionCacheSettings) {
  const byHash = new Map<string, Entry>();
  const hashBySession = new Map<number, string>();
  const hashesByCustomer = new Map<number, Set<string>>();
  let live = false;
  // Bumped by every invalidation: a lookup that began before one may have read what it invalidated.
  let epoch = 0;

  function remove(hash: string): void {
    const entry = byHash.get(hash);
    if (!entry) return;
    byHash.delete(hash);
    hashBySession.delete(entry.session.id);
    const hashes = hashesByCustomer.get(entry.session.customerId);
    hashes?.delete(hash);
    if (hashes?.size === 0) hashesByCustomer.delete(entry.session.customerId);
  }

  function clear(): void {
    epoch += 1;
    byHash.clear();
    hashBySession.clear();
    hashesByCustomer.clear();
  }

  function forgetSession(sessionId: number): void {
    epoch += 1;
    const hash = hashBySession.get(sessionId);
    if (hash !== undefined) remove(hash);
  }

  function forgetCustomer(customerId: number): void {
    epoch += 1;
    for (const hash of [...(hashesByCustomer.get(customerId) ?? [])]) remove(hash);
  }

  return {
    /** A session resolved from memory, or undefined when the database must be asked. */
    get(tokenHash: string): LiveSession | undefined {
      if (!live) return undefined;
      const entry = byHash.get(tokenHash);
      if (!entry) return undefined;
      if (settings.now() - entry.storedAt >= settings.ttlMs) {
        remove(tokenHash);
        return undefined;
      }
      return entry.session;
    },
    /** Taken before the database is asked; `put` keeps the answer only if nothing was invalidated since. */
    mark: (): number => epoch,
    put(tokenHash: string, session: LiveSession, mark: number): void {
      if (!live || mark !== epoch || settings.ttlMs === 0) return;
      if (byHash.size >= settings.maxEntries) {
        const oldest = byHash.keys().next().value;
        if (oldest !== undefined) remove(oldest);
      }
      byHash.set(tokenHash, { session, storedAt: settings.now() });
      hashBySession.set(session.id, tokenHash);
      let hashes = hashesByCustomer.get(session.customerId);
      if (!hashes) hashesByCustomer.set(session.customerId, (hashes = new Set()));
      hashes.add(tokenHash);
    },
    forgetSession,
    forgetCustomer,
    /** A payload of the auth channel: 's<session id>', 'c<customer id>' or '*'. */
    onNotification(payload: string): void {
      const id = Number(payload.slice(1));
      if (payload[0] === 's' && Number.isSafeInteger(id)) forgetSession(id);
      else if (payload[0] === 'c' && Number.isSafeInteger(id)) forgetCustomer(id);
      else clear();
    },
    /** Whether notifications are heard; each change empties the cache (some may have been missed). */
    setLive(value: boolean): void {
      clear();
      live = value;
    },
    get size(): number {
      return byHash.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;

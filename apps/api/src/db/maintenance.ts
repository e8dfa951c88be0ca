import { lt, or } from 'drizzle-orm';
import type { Executor } from './client.js';
import { rateLimitHits, sessions } from './schema/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes what can no longer matter: throttle windows older than a day and sessions that ended (expired or
 * revoked) over a week ago. Kept a while so "recent sign-ins" and support questions still have them.
 */
export async function pruneExpired(db: Executor, now: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, new Date(now.getTime() - DAY_MS)));
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  await db.delete(sessions).where(or(lt(sessions.expiresAt, weekAgo), lt(sessions.revokedAt, weekAgo)));
}

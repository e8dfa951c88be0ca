import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rateLimitHits } from '../../db/schema/index.js';

/**
 * Counts one hit against a fixed window and returns the count so far. One atomic upsert, so API processes
 * sharing the database count together.
 */
export async function countHit(db: Executor, key: string, now: Date, windowMs: number): Promise<number> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs).toISOString();
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStart: sql`${windowStart}::timestamptz`, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${rateLimitHits.windowStart} = excluded.window_start then ${rateLimitHits.hits} + 1 else 1 end`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ hits: rateLimitHits.hits });
  return row?.hits ?? 1;
}

/** Hits so far in the current window, without counting one. */
export async function peekHits(db: Executor, key: string, now: Date, windowMs: number): Promise<number> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .select({ hits: rateLimitHits.hits })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, windowStart)));
  return row?.hits ?? 0;
}

export async function clearHits(db: Executor, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
}

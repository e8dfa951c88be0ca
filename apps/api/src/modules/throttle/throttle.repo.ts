import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rateLimitHits } from '../../db/schema/index.js';

/**
 * Counts one hit against the window starting at `windowStart` and returns the count so far with the window it was
 * counted in. One atomic upsert, so parallel requests and API processes sharing the database count together. A hit
 * stamped with an earlier window than the key's (a process whose clock lags another's across a window's edge) counts
 * into the later window rather than starting it again at 1.
 */
export async function countHit(
  db: Executor,
  key: string,
  windowStart: Date,
): Promise<{ hits: number; windowStart: Date }> {
  const start = windowStart.toISOString();
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStart: sql`${start}::timestamptz`, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${rateLimitHits.windowStart} >= excluded.window_start then ${rateLimitHits.hits} + 1 else 1 end`,
        windowStart: sql`greatest(${rateLimitHits.windowStart}, excluded.window_start)`,
      },
    })
    .returning({ hits: rateLimitHits.hits, windowStart: rateLimitHits.windowStart });
  if (!row) throw new Error('the hit was not counted');
  return row;
}

/** Gives back one hit of the window starting at `windowStart`; a key that has moved on to a later window keeps its count. */
export async function releaseHit(db: Executor, key: string, windowStart: Date): Promise<void> {
  await db
    .update(rateLimitHits)
    .set({ hits: sql`greatest(${rateLimitHits.hits} - 1, 0)` })
    .where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, windowStart)));
}

export async function deleteWindowsBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, before));
}

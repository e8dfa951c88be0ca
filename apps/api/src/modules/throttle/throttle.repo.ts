import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rateLimitHits } from '../../db/schema/index.js';

/**
 * Counts one hit against the window starting at `windowStart` (`windowMs` long) and returns the count so far with
 * the window it was counted in. One atomic upsert, so parallel requests and API processes sharing the database count
 * together. A hit stamped with the window just before the key's (a process whose clock lags another's across a
 * window's edge) counts into the key's window rather than starting it again at 1; a key's window further ahead than
 * that (a clock wrong by more than a window) is replaced, so it cannot hold everyone's count until its time comes.
 */
export async function countHit(
  db: Executor,
  key: string,
  windowStart: Date,
  windowMs: number,
): Promise<{ hits: number; windowStart: Date }> {
  const start = windowStart.toISOString();
  const isLateForKeysWindow = sql`${rateLimitHits.windowStart} > excluded.window_start and ${rateLimitHits.windowStart} <= excluded.window_start + ${`${windowMs} milliseconds`}::interval`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStart: sql`${start}::timestamptz`, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${rateLimitHits.windowStart} = excluded.window_start or (${isLateForKeysWindow}) then ${rateLimitHits.hits} + 1 else 1 end`,
        windowStart: sql`case when ${isLateForKeysWindow} then ${rateLimitHits.windowStart} else excluded.window_start end`,
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

import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rateLimitHits } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

/** A 429 that knows when its window ends, so the reply can say when to try again. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED');
  }
}

function windowStartOf(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/**
 * Counts one hit against a fixed window and returns the count so far. One atomic upsert, so parallel requests
 * and API processes sharing the database count together.
 */
export async function countHit(db: Executor, key: string, now: Date, windowMs: number): Promise<number> {
  const windowStart = windowStartOf(now, windowMs).toISOString();
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

/** Gives back a hit counted at `now`, unless its window has already ended. */
export async function releaseHit(db: Executor, key: string, now: Date, windowMs: number): Promise<void> {
  await db
    .update(rateLimitHits)
    .set({ hits: sql`greatest(${rateLimitHits.hits} - 1, 0)` })
    .where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, windowStartOf(now, windowMs))));
}

export type Reservation = { key: string; at: Date };

/**
 * Reserves one attempt under `limit` before the attempt's expensive or guessable work. The count is taken and
 * compared in one step, so N parallel attempts get at most `limit` reservations between them.
 */
export async function reserveHit(
  db: Executor,
  key: string,
  limit: number,
  now: Date,
  windowMs: number,
): Promise<Reservation> {
  if ((await countHit(db, key, now, windowMs)) > limit) {
    const windowEnds = windowStartOf(now, windowMs).getTime() + windowMs;
    throw new RateLimitedError(Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)));
  }
  return { key, at: now };
}

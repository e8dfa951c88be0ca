import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testClock, type TestClock } from '../../../test/test-app.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { createThrottle, type Throttle } from './throttle.service.js';

const WINDOW_MS = 15 * 60_000;
const LIMIT = 3;
const limits = { perIp: LIMIT, perAccount: LIMIT, untrustedPerAccount: LIMIT, perDevice: LIMIT };

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

let keyCounter = 0;
const freshKey = () => `throttle-test:${(keyCounter += 1)}`;

/** An API process on the test database whose clock starts at `start`. */
function processAt(start: Date): Throttle & { clock: TestClock } {
  const clock = testClock(start);
  return { ...createThrottle(database.db, { limits, windowMs: WINDOW_MS, now: clock.now }), clock };
}

/** Whether a reservation was refused with RATE_LIMITED. */
async function isRefused(throttle: Throttle, key: string): Promise<boolean> {
  try {
    await throttle.reserve('perAccount', key);
    return false;
  } catch (err) {
    if (err instanceof AppError && err.name === 'RATE_LIMITED') return true;
    throw err;
  }
}

describe('fixed-window attempt counters', () => {
  it('a window allows the limit and refuses the next attempt; the next window starts again', async () => {
    const edge = new Date(Math.ceil(Date.now() / WINDOW_MS) * WINDOW_MS);
    const one = processAt(new Date(edge.getTime() - 60_000));
    const key = freshKey();
    for (let i = 0; i < LIMIT; i++) expect(await isRefused(one, key)).toBe(false);
    expect(await isRefused(one, key)).toBe(true);
    one.clock.set(edge);
    expect(await isRefused(one, key)).toBe(false);
  });

  it('a process whose clock lags across a window edge counts into the newer window instead of starting it again', async () => {
    const edge = new Date(Math.ceil(Date.now() / WINDOW_MS) * WINDOW_MS);
    // One process is a second past the edge, the other a second short of it.
    const ahead = processAt(new Date(edge.getTime() + 1_000));
    const behind = processAt(new Date(edge.getTime() - 1_000));
    const key = freshKey();
    const answers: boolean[] = [];
    for (let i = 0; i < 2 * LIMIT; i++) answers.push(await isRefused(i % 2 ? behind : ahead, key));
    expect(answers).toEqual([false, false, false, true, true, true]);
  });

  it('an attempt given back in a lagging process frees a place in the window it was counted in', async () => {
    const edge = new Date(Math.ceil(Date.now() / WINDOW_MS) * WINDOW_MS);
    const ahead = processAt(new Date(edge.getTime() + 1_000));
    const behind = processAt(new Date(edge.getTime() - 1_000));
    const key = freshKey();
    await ahead.reserve('perAccount', key);
    await ahead.reserve('perAccount', key);
    const late = await behind.reserve('perAccount', key);
    await behind.release([late]);
    expect(await isRefused(ahead, key)).toBe(false);
    expect(await isRefused(ahead, key)).toBe(true);
  });

  it('a refusal in a lagging process says when the window it was counted in ends', async () => {
    const edge = new Date(Math.ceil(Date.now() / WINDOW_MS) * WINDOW_MS);
    const ahead = processAt(new Date(edge.getTime() + 1_000));
    const behind = processAt(new Date(edge.getTime() - 1_000));
    const key = freshKey();
    for (let i = 0; i < LIMIT; i++) await ahead.reserve('perAccount', key);
    const refusal = await behind.reserve('perAccount', key).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(AppError);
    // The newer window ends a whole window after the edge, seen from a clock a second short of the edge.
    expect((refusal as AppError).retryAfterSeconds).toBe(WINDOW_MS / 1000 + 1);
  });

  it("a clock wrong by more than a window does not hold everyone else's count in its window", async () => {
    const edge = new Date(Math.ceil(Date.now() / WINDOW_MS) * WINDOW_MS);
    // One process an hour ahead, the other on time.
    const ahead = processAt(new Date(edge.getTime() + 60 * 60_000));
    const onTime = processAt(edge);
    const key = freshKey();
    for (let i = 0; i < LIMIT + 1; i++) await isRefused(ahead, key);
    expect(await isRefused(onTime, key)).toBe(false);
  });
});

import { isDatabaseUnavailable } from './client.js';

export type DatabaseWait = {
  /** Longest time to keep trying, from the first attempt. */
  limitMs: number;
  /** Told before each wait: why the last attempt failed, and how long until the next. */
  onWait: (err: Error, retryInMs: number) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
};

/** Thrown when the database did not answer within the limit; its message is for the operator. */
export class DatabaseNeverAnswered extends Error {}

const FIRST_WAIT_MS = 250;
const LONGEST_WAIT_MS = 5000;

/**
 * Runs `attempt` until the database answers: a store started before its database (a machine booting, containers
 * started together, PostgreSQL restarting) comes up when the database does, instead of exiting. Waits 250 ms,
 * doubling to 5 s, between tries; any failure other than the database being unreachable is thrown at once.
 */
export async function untilDatabaseAnswers<T>(
  attempt: () => Promise<T>,
  {
    limitMs,
    onWait,
    sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now = Date.now,
  }: DatabaseWait,
): Promise<T> {
  const startedAt = now();
  for (let wait = FIRST_WAIT_MS; ; wait = Math.min(wait * 2, LONGEST_WAIT_MS)) {
    try {
      return await attempt();
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      const reason = err instanceof Error ? err : new Error(String(err));
      const left = startedAt + limitMs - now();
      if (left <= 0) {
        throw new DatabaseNeverAnswered(
          `The database did not answer within ${Math.round(limitMs / 1000)} s (DATABASE_WAIT_SECONDS): ${reason.message}`,
          { cause: err },
        );
      }
      onWait(reason, Math.min(wait, left));
      await sleep(Math.min(wait, left));
    }
  }
}

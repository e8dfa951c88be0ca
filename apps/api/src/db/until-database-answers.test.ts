import { describe, expect, it } from 'vitest';
import { DatabaseNeverAnswered, untilDatabaseAnswers } from './until-database-answers.js';

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** A clock that moves only when the code under test sleeps. */
function pretendTime() {
  let at = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => at,
    sleep: async (ms: number) => {
      waits.push(ms);
      at += ms;
    },
  };
}

describe('waiting for the database at start', () => {
  it('a database that answers on the fourth try is waited for, longer each time', async () => {
    const time = pretendTime();
    const told: string[] = [];
    let tries = 0;
    const answer = await untilDatabaseAnswers(
      async () => {
        tries += 1;
        if (tries < 4) throw refused();
        return 'migrated';
      },
      { limitMs: 60_000, onWait: (err, ms) => told.push(`${err.message} ${ms}`), ...time },
    );
    expect(answer).toBe('migrated');
    expect(time.waits).toEqual([250, 500, 1000]);
    expect(told).toEqual([
      'connect ECONNREFUSED 127.0.0.1:5432 250',
      'connect ECONNREFUSED 127.0.0.1:5432 500',
      'connect ECONNREFUSED 127.0.0.1:5432 1000',
    ]);
  });

  it('waits at most five seconds between tries', async () => {
    const time = pretendTime();
    let tries = 0;
    await untilDatabaseAnswers(
      async () => {
        tries += 1;
        if (tries < 9) throw refused();
      },
      { limitMs: 60_000, onWait: () => undefined, ...time },
    );
    expect(time.waits).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000, 5000]);
  });

  it('a failure other than the database being unreachable is thrown at once', async () => {
    const time = pretendTime();
    const broken = Object.assign(new Error('relation "customers" does not exist'), { code: '42P01' });
    await expect(
      untilDatabaseAnswers(
        async () => {
          throw broken;
        },
        { limitMs: 60_000, onWait: () => undefined, ...time },
      ),
    ).rejects.toBe(broken);
    expect(time.waits).toEqual([]);
  });

  it('gives up once the limit has passed, saying how long it waited and why', async () => {
    const time = pretendTime();
    const failure = untilDatabaseAnswers(
      async () => {
        throw refused();
      },
      { limitMs: 3000, onWait: () => undefined, ...time },
    );
    await expect(failure).rejects.toBeInstanceOf(DatabaseNeverAnswered);
    await expect(failure).rejects.toThrow(
      'The database did not answer within 3 s (DATABASE_WAIT_SECONDS): connect ECONNREFUSED 127.0.0.1:5432',
    );
    // The last wait is cut to the time left, so the limit is kept to the millisecond.
    expect(time.waits).toEqual([250, 500, 1000, 1250]);
  });
});

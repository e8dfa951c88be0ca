import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPglite, queryRows, type Database } from './client.js';

// A number where the statement wants an int[]: PGlite's array serialiser answers it as a number, not text.
const wrongType = sql`select ${sql.param(5)}::int[] as ids`;
// A value that cannot be made text at all: it fails in JavaScript with the statement half sent.
const unwritable = {
  toString() {
    throw new Error('no text for this');
  },
};
const unsendable = sql`select ${sql.param(unwritable)}::text as t`;

// About the embedded database alone: run once, in the PGlite project, not again in the PostgreSQL one.
const describeEmbedded = describe.runIf(process.env.TEST_DB === 'pglite');

// A database of each test's own: one left out of step must not pass or fail the next test.
let database: Database;
beforeEach(async () => {
  database = await openPglite();
});
// One test closes its database itself.
afterEach(() => database.close().catch(() => undefined));

const select = (n: number) => queryRows<{ n: number }>(database.db, sql`select ${n}::int as n`);

async function answersNormally(): Promise<void> {
  for (const n of [1, 2, 3]) expect(await select(n)).toEqual([{ n }]);
}

describeEmbedded('the embedded database given a parameter it cannot serialise', () => {
  it('has the database refuse it, as PostgreSQL would, and answers the statement sent with it', async () => {
    const [refused, beside] = await Promise.allSettled([database.db.execute(wrongType), select(7)]);
    expect(
      refused.status === 'rejected' && (refused.reason as { cause?: { code?: string } }).cause?.code,
    ).toBe('22P02');
    expect(beside).toEqual({ status: 'fulfilled', value: [{ n: 7 }] });
    await answersNormally();
  });

  it('rolls back the transaction it failed, with the database’s own reason, and the store goes on', async () => {
    const failed = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await tx.execute(wrongType);
    });
    await expect(failed).rejects.toMatchObject({ cause: { code: '22P02' } });
    await answersNormally();
  });
});

describeEmbedded('the embedded database after a statement that failed before it was sent', () => {
  it('fails that statement alone: the statements after it get their own answers', async () => {
    await expect(database.db.execute(unsendable)).rejects.toThrow();
    await answersNormally();
  });

  it('rolls back the transaction it failed, and the store goes on', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(unsendable);
      }),
    ).rejects.toThrow();
    await answersNormally();
    const committed = await database.db.transaction(async (tx) =>
      queryRows<{ n: number }>(tx, sql`select 7 as n`),
    );
    expect(committed).toEqual([{ n: 7 }]);
  });

  it('answers a statement or a transaction sent once the store has closed with that, not a failure of its own', async () => {
    await database.close();
    // Drizzle wraps a statement's error in its own (the cause); a transaction's it passes on as it is.
    const reason = (err: unknown) => {
      const { message, cause } = err as Error & { cause?: Error };
      return cause?.message ?? message;
    };
    expect(await select(1).catch(reason)).toBe('PGlite is closed');
    expect(await database.db.transaction((tx) => tx.execute(sql`select 1`)).catch(reason)).toBe(
      'PGlite is closed',
    );
  });
});

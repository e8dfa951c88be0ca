import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPglite, queryRows, type Database } from './client.js';

// A number where the statement wants an int[]: PGlite cannot serialise it and throws with the statement half sent.
const unsendable = sql`select ${sql.param(5)}::int[] as ids`;

// A database of each test's own: one left out of step must not pass or fail the next test.
let database: Database;
beforeEach(async () => {
  database = await openPglite();
});
afterEach(() => database.close());

async function answersNormally(): Promise<void> {
  for (const n of [1, 2, 3]) {
    const rows = await queryRows<{ n: number }>(database.db, sql`select ${n}::int as n`);
    expect(rows).toEqual([{ n }]);
  }
}

describe('the embedded database after a statement it could not send', () => {
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
});

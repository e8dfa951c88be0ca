import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../test/catalog-factories.js';
import { openTestDatabase } from '../../test/test-app.js';
import { STOCK_NON_NEGATIVE, takeStock } from '../modules/catalog/catalog.repo.js';
import {
  commitWithWrites,
  openPostgres,
  queryRows,
  violatedConstraint,
  type Database,
  type Executor,
} from './client.js';
import { products } from './schema/index.js';
import { together } from './together.js';

const stockOf = async (db: Executor, id: number) =>
  (await queryRows<{ stock: number }>(db, sql`select stock from products where id = ${id}`))[0]?.stock;

describe('COMMIT sent with the last writes', () => {
  let shared: Database & { url?: string };
  let db: Database;
  let writes = 0;

  beforeAll(async () => {
    shared = await openTestDatabase();
    db = shared.url
      ? await openPostgres(shared.url, { poolSize: 2, onTransactionWrite: () => (writes += 1) })
      : shared;
  });
  afterAll(async () => {
    if (db !== shared) await db?.close();
    await shared?.close();
  });

  it('commits what was written, in the same round trip on PostgreSQL', async () => {
    const a = await createProduct(shared.db, { stock: 10 });
    const b = await createProduct(shared.db, { stock: 10 });
    writes = 0;
    await db.db.transaction(async (tx) => {
      await stockOf(tx, a.id);
      const before = writes;
      await together([
        takeStock(tx, [{ productId: a.id, quantity: 3 }]),
        tx.update(products).set({ stock: 4 }).where(eq(products.id, b.id)),
        commitWithWrites(tx),
      ]);
      if (shared.url) expect(writes - before).toBe(1);
    });
    if (shared.url) expect(writes).toBe(2);
    expect([await stockOf(shared.db, a.id), await stockOf(shared.db, b.id)]).toEqual([7, 4]);
  });

  it('a write the database refuses rolls back every write that left with it', async () => {
    const a = await createProduct(shared.db, { stock: 10 });
    const b = await createProduct(shared.db, { stock: 2 });
    const failed = await db.db
      .transaction(async (tx) => {
        await stockOf(tx, a.id);
        await together([
          tx.update(products).set({ stock: 1 }).where(eq(products.id, a.id)),
          takeStock(tx, [
            { productId: a.id, quantity: 1 },
            { productId: b.id, quantity: 3 },
          ]),
          commitWithWrites(tx),
        ]);
      })
      .catch((err: unknown) => err);
    expect(violatedConstraint(failed)).toBe(STOCK_NON_NEGATIVE);
    expect([await stockOf(shared.db, a.id), await stockOf(shared.db, b.id)]).toEqual([10, 2]);
  });

  it('a transaction that fails before its COMMIT leaves is rolled back', async () => {
    const a = await createProduct(shared.db, { stock: 10 });
    const failed = await db.db
      .transaction(async (tx) => {
        await stockOf(tx, a.id);
        void tx
          .update(products)
          .set({ stock: 1 })
          .where(eq(products.id, a.id))
          .catch(() => undefined);
        void commitWithWrites(tx);
        throw new Error('refused in code');
      })
      .catch((err: unknown) => err);
    expect((failed as Error).message).toBe('refused in code');
    expect(await stockOf(shared.db, a.id)).toBe(10);
    // The connection is fit for the next transaction.
    await db.db.transaction(async (tx) => {
      await tx.update(products).set({ stock: 9 }).where(eq(products.id, a.id));
    });
    expect(await stockOf(shared.db, a.id)).toBe(9);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'a statement after the COMMIT is refused instead of running outside the transaction',
    async () => {
      const a = await createProduct(shared.db, { stock: 10 });
      const late = await db.db
        .transaction(async (tx) => {
          await together([
            tx.update(products).set({ stock: 5 }).where(eq(products.id, a.id)),
            commitWithWrites(tx),
          ]);
          await tx.update(products).set({ stock: 0 }).where(eq(products.id, a.id));
        })
        .catch((err: unknown) => err);
      expect(String((late as { cause?: unknown }).cause)).toMatch(/after the transaction's COMMIT/);
      expect(await stockOf(shared.db, a.id)).toBe(5);
    },
  );
});

import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inOrder, isDatabaseUnavailable, openPostgres, queryRows, type Database } from './client.js';
import { together } from './together.js';
import { PIPELINE_APPLICATION_NAME } from './pipeline.js';
import { products } from './schema/index.js';
import { createProduct } from '../../test/catalog-factories.js';
import { openTestDatabase } from '../../test/test-app.js';

const applicationNameOf = async (exec: Database['db']) =>
  (await queryRows<{ name: string }>(exec, sql`select current_setting('application_name') as name`))[0]?.name;

describe.runIf(process.env.TEST_DB === 'postgres')('statements down a pipeline', () => {
  let shared: Database & { url?: string };
  let one: Database;

  beforeAll(async () => {
    shared = await openTestDatabase();
    if (!shared.url) throw new Error('no database url');
    one = await openPostgres(shared.url, { poolSize: 2, pipelines: 1 });
  });
  afterAll(async () => {
    await one?.close();
    await shared?.close();
  });

  it("a statement on its own goes down a pipeline; a transaction's stay on its pooled connection", async () => {
    expect(one.pipelinesUp?.()).toBe(1);
    expect(await applicationNameOf(one.db)).toBe(PIPELINE_APPLICATION_NAME);
    const inTransaction = await one.db.transaction((tx) =>
      queryRows<{ name: string }>(tx, sql`select current_setting('application_name') as name`),
    );
    expect(inTransaction[0]?.name).not.toBe(PIPELINE_APPLICATION_NAME);
  });

  it('a statement held up by a row lock leaves the pipeline for the pool, and the statements behind it go on', async () => {
    const product = await createProduct(shared.db, { stock: 5 });
    const locker = new pg.Client({ connectionString: shared.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('update products set stock = stock where id = $1', [product.id]);
      let updated = false;
      const update = one.db
        .update(products)
        .set({ stock: 7 })
        .where(eq(products.id, product.id))
        .then(() => {
          updated = true;
        });
      // Sent after the update, down the same (only) pipeline: answered only once the update has left it.
      expect(await applicationNameOf(one.db)).toBe(PIPELINE_APPLICATION_NAME);
      expect(updated).toBe(false);
      await locker.query('commit');
      await update;
    } finally {
      await locker.end();
    }
    const [row] = await queryRows<{ stock: number }>(
      shared.db,
      sql`select stock from products where id = ${product.id}`,
    );
    expect(row?.stock).toBe(7);
  });

  it('a pipelined connection the server drops is replaced, and statements are answered meanwhile', async () => {
    const terminated = await queryRows<{ ok: boolean }>(
      shared.db,
      sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
          where application_name = ${PIPELINE_APPLICATION_NAME} and datname = current_database()
            and pid <> pg_backend_pid()`,
    );
    expect(terminated.length).toBeGreaterThan(0);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        applicationNameOf(one.db).then(
          () => 'answered',
          (err: unknown) => (isDatabaseUnavailable(err) ? 'unavailable' : err),
        ),
      ),
    );
    for (const outcome of outcomes) expect(['answered', 'unavailable']).toContain(outcome);
    await vi.waitFor(
      async () => {
        expect(one.pipelinesUp?.()).toBe(1);
        expect(await applicationNameOf(one.db)).toBe(PIPELINE_APPLICATION_NAME);
      },
      { timeout: 10_000, interval: 50 },
    );
  });
  it('statements asked for in order go down one pipeline together and run in that order', async () => {
    const two = await openPostgres(shared.url ?? '', { poolSize: 2, pipelines: 2 });
    try {
      expect(two.pipelinesUp?.()).toBe(2);
      const product = await createProduct(shared.db, { stock: 0 });
      const seen: number[] = [];
      for (let i = 1; i <= 20; i++) {
        const [, rows] = await inOrder(two.db, (exec) =>
          together([
            exec.update(products).set({ stock: i }).where(eq(products.id, product.id)).execute(),
            queryRows<{ stock: number }>(exec, sql`select stock from products where id = ${product.id}`),
          ]),
        );
        seen.push(rows[0]?.stock ?? -1);
      }
      expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    } finally {
      await two.close();
    }
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.js';
import { saveAnswers } from '../modules/idempotency/idempotency.repo.js';
import { openPostgres, queryRows, type Database, type Executor } from './client.js';
import { planAsUsual, planEachStatement } from './plan-each-statement.js';

// PostgreSQL only: the test holds one server connection, to find there the statement its earlier runs prepared.

describe.runIf(process.env.TEST_DB === 'postgres')('planning each statement for its values', () => {
  let shared: Database & { url?: string };
  // One connection, so every transaction finds the statement prepared by the ones before it.
  let one: Database;
  let customerId: number;

  // Answers for twenty keys at once, as a batch of checkouts saves them.
  const answersFor = (run: number) =>
    Array.from({ length: 20 }, (_, i) => ({
      scope: { customerId, route: 'order/create', key: `none-${run}-${i}` },
      answer: { status: 200, body: { orderID: 1 } },
    }));
  const planOfSavingAnswers = async (tx: Executor) =>
    (
      await queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql.raw(
          `explain execute save_idempotency_answers('{${customerId}}', '{order/create}', '{key-1}', '{200}', '{"{}"}')`,
        ),
      )
    )
      .map((row) => row['QUERY PLAN'])
      .join('\n');

  beforeAll(async () => {
    shared = await openTestDatabase();
    if (!shared.url) throw new Error('no database url');
    one = await openPostgres(shared.url, { poolSize: 1, pipelines: 0 });
    const [customer] = await queryRows<{ id: number }>(
      shared.db,
      sql`insert into customers (email, password_hash, first_name, last_name)
          values ('plans@example.com', 'x', 'Plan', 'Ner') returning id`,
    );
    customerId = customer?.id ?? 0;
    // Run more than five times while the table is empty: PostgreSQL settles on a plan for any values, made for it.
    for (let i = 0; i < 8; i += 1) await one.db.transaction((tx) => saveAnswers(tx, answersFor(i)));
    await queryRows(
      shared.db,
      sql`insert into idempotency_keys (customer_id, route, key, request_hash, created_at)
          select ${customerId}, 'order/create', 'key-' || n, 'hash', now() from generate_series(1, 20000) as n`,
    );
  });
  afterAll(async () => {
    await one?.close();
    await shared?.close();
  });

  it('a statement prepared on an empty table goes on scanning all of it once the table has grown', async () => {
    const plan = await one.db.transaction(planOfSavingAnswers);
    expect(plan).toMatch(/Seq Scan on idempotency_keys/);
  });

  it('after planEachStatement, the same statement finds its row by the index', async () => {
    const plan = await one.db.transaction(async (tx) => {
      await planEachStatement(tx);
      return planOfSavingAnswers(tx);
    });
    expect(plan).toMatch(/Index Scan using idempotency_keys_\w+ on idempotency_keys/);
    expect(plan).not.toMatch(/Seq Scan on idempotency_keys/);
  });

  it('planAsUsual gives the rest of the transaction back the generic plan', async () => {
    const [before, after] = await one.db.transaction(async (tx) => {
      await planEachStatement(tx);
      const custom = await planOfSavingAnswers(tx);
      await planAsUsual(tx);
      return [custom, await planOfSavingAnswers(tx)];
    });
    expect(before).not.toMatch(/Seq Scan on idempotency_keys/);
    expect(after).toMatch(/Seq Scan on idempotency_keys/);
  });

  it('lasts only for its transaction', async () => {
    await one.db.transaction(planEachStatement);
    const [mode] = await queryRows<{ mode: string }>(
      one.db,
      sql`select current_setting('plan_cache_mode') as mode`,
    );
    expect(mode?.mode).toBe('auto');
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.js';
import { openPostgres, queryRows, type Database, type Executor } from './client.js';
import { planAsUsual, planEachStatement } from './plan-each-statement.js';

// PostgreSQL only: the test holds one server connection, to find there the statement its earlier runs prepared.

describe.runIf(process.env.TEST_DB === 'postgres')('planning each statement for its values', () => {
  let shared: Database & { url?: string };
  // One connection, so every transaction finds the statement prepared by the ones before it.
  let one: Database;
  let customerId: number;

  // Answers for twenty keys at once (a prepared statement on a table that grows with every order).
  const saveAnswers = (run: number) => {
    const keys = Array.from({ length: 20 }, (_, i) => `none-${run}-${i}`);
    const many = (value: string) => `{${keys.map(() => value).join(',')}}`;
    return sql.raw(
      `execute save_answers('${many(String(customerId))}', '${many('order/create')}', '{${keys.join(',')}}', '${many('200')}', '${many('"{}"')}')`,
    );
  };
  const planOfSavingAnswers = async (tx: Executor) =>
    (
      await queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql.raw(
          `explain execute save_answers('{${customerId}}', '{order/create}', '{key-1}', '{200}', '{"{}"}')`,
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
    await queryRows(
      one.db,
      sql.raw(`prepare save_answers(int[], text[], text[], int[], text[]) as
        update idempotency_keys set response_status = answer.status, response_body = answer.body::jsonb
        from unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::text[]) as answer(customer_id, route, key, status, body)
        where idempotency_keys.customer_id = answer.customer_id and idempotency_keys.route = answer.route
          and idempotency_keys.key = answer.key`),
    );
    for (let i = 0; i < 8; i += 1) await one.db.transaction((tx) => queryRows(tx, saveAnswers(i)));
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

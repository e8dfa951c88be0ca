import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.js';
import { openPostgres, queryRows, type Database } from '../../db/client.js';
import { addToCartsAtOnce, loadCartRows } from './cart.repo.js';

// PostgreSQL only: the test holds one server connection, to find there the statement its earlier runs prepared.

describe.runIf(process.env.TEST_DB === 'postgres')('the plans cart reads keep', () => {
  let shared: Database & { url?: string };
  let one: Database;
  let customerIds: number[];

  beforeAll(async () => {
    shared = await openTestDatabase();
    if (!shared.url) throw new Error('no database url');
    one = await openPostgres(shared.url, { poolSize: 1, pipelines: 0 });
    customerIds = (
      await queryRows<{ id: number }>(
        shared.db,
        sql`insert into customers (email, password_hash, first_name, last_name)
            select 'plans-' || n || '@example.com', 'x', 'Plan', 'Ner' from generate_series(1, 20) as n returning id`,
      )
    ).map((c) => c.id);
    // A shop of two thousand products whose carts have been filled and checked out many times, never vacuumed.
    const productIds = (
      await queryRows<{ id: number }>(
        shared.db,
        sql`insert into products (sku, name, description, image_url, price_cents, stock, weight_grams, category)
            select 'PLAN-' || n, 'Plan ' || n, 'd', '/p.svg', 100, 1000, 100, 'pantry'
            from generate_series(1, 2000) as n returning id`,
      )
    ).map((p) => p.id);
    await queryRows(
      shared.db,
      sql`insert into cart_lines (customer_id, product_id, quantity)
          select c.id, p.id, 1 from customers c,
            (select id from products where sku like 'PLAN-%' order by id limit 99) as p
          where c.email like 'plans-%'`,
    );
    await queryRows(shared.db, sql`delete from cart_lines`);
    // More than five runs: PostgreSQL settles on a plan for any values.
    for (let i = 0; i < 8; i += 1) {
      await addToCartsAtOnce(
        one.db,
        customerIds.map((customerId, n) => ({ customerId, productId: productIds[n] ?? 0, quantity: 1 })),
        99,
      );
    }
    for (let i = 0; i < 8; i += 1) await loadCartRows(one.db, customerIds[0] ?? 0);
  });
  afterAll(async () => {
    await one?.close();
    await shared?.close();
  });

  it("reads the carts' lines looking each product up by its key, not hashing every product", async () => {
    const [counts] = await queryRows<{ generic: number }>(
      one.db,
      sql`select generic_plans::int as generic from pg_prepared_statements
          where name = 'list_cart_line_stock_of_many'`,
    );
    expect(counts?.generic).toBeGreaterThan(0);
    const plan = (
      await queryRows<{ 'QUERY PLAN': string }>(
        one.db,
        sql.raw(`explain execute list_cart_line_stock_of_many('{${customerIds.join(',')}}')`),
      )
    )
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    expect(plan).toMatch(/Index Scan using products_pkey on products/);
    expect(plan).not.toMatch(/Seq Scan on products/);
  });

  it("reads a cart's lines looking each product up by its key, not hashing every product", async () => {
    const [counts] = await queryRows<{ generic: number }>(
      one.db,
      sql`select generic_plans::int as generic from pg_prepared_statements where name = 'load_whole_cart'`,
    );
    expect(counts?.generic).toBeGreaterThan(0);
    const plan = (
      await queryRows<{ 'QUERY PLAN': string }>(
        one.db,
        sql.raw(`explain execute load_whole_cart(${customerIds[0] ?? 0})`),
      )
    )
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    expect(plan).toMatch(/Index Scan using products_pkey on products/);
    expect(plan).not.toMatch(/Seq Scan on products/);
  });
});

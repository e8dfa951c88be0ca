import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
type Journal = { entries: { idx: number; tag: string }[] };

/** A copy of the migrations folder that stops before `tag`: a database as a release before it left it. */
async function migrationsBefore(tag: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
  await cp(migrationsFolder, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as Journal;
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

// Each builds an embedded database of its own, whatever the project: run once, in the PGlite project.
const describeOnce = describe.runIf(process.env.TEST_DB === 'pglite');

describeOnce('migration 0009_payment_provider_key', () => {
  // Started in the test, not as the file is collected: a project that skips the test starts no database.
  let client: PGlite | undefined;
  let olderFolder = '';
  afterAll(async () => {
    await client?.close();
    if (olderFolder) await rm(olderFolder, { recursive: true, force: true });
  });

  it('payments recorded before it keep their id as their provider key; later ones get a key of their own', async () => {
    client = new PGlite();
    const db = drizzle(client);
    olderFolder = await migrationsBefore('0009_payment_provider_key');
    await migrate(db, { migrationsFolder: olderFolder });
    // Foreign keys off for this session: the rows stand for payments of orders this test does not need.
    await client.exec(`
      SET session_replication_role = replica;
      INSERT INTO payments (id, order_id, provider, provider_ref, amount_cents, status)
      VALUES (41, 1, 'paypal', 'P-1', 1000, 'captured'), (42, 2, 'afterpay', 'A-2', 2000, 'started');
      SELECT setval('payments_id_seq', 42);
    `);

    await migrate(db, { migrationsFolder });
    await client.exec(`
      INSERT INTO payments (order_id, provider, provider_ref, amount_cents, status)
      VALUES (3, 'paypal', 'P-3', 3000, 'started'), (4, 'paypal', 'P-4', 4000, 'started');
    `);

    const { rows } = await client.query<{ id: number; provider_key: string }>(
      'SELECT id::int, provider_key FROM payments ORDER BY id',
    );
    expect(rows.slice(0, 2)).toEqual([
      { id: 41, provider_key: '41' },
      { id: 42, provider_key: '42' },
    ]);
    const [third, fourth] = rows.slice(2).map((r) => r.provider_key);
    expect(third).toMatch(/^[0-9a-f-]{36}$/);
    expect(fourth).toMatch(/^[0-9a-f-]{36}$/);
    expect(third).not.toBe(fourth);
    // Every migration before 0009 runs first, the postcode data among them: near 30 s on a loaded machine.
  }, 120_000);
});

describeOnce('migration 0020_search_sizes_plurals_compounds', () => {
  // Started in the test, not as the file loads, so it does not start beside the first test's database.
  let client: PGlite | undefined;
  let olderFolder = '';
  afterAll(async () => {
    await client?.close();
    if (olderFolder) await rm(olderFolder, { recursive: true, force: true });
  });

  it('folds the stored search words of products written before it, and indexes them again', async () => {
    client = new PGlite();
    const db = drizzle(client);
    olderFolder = await migrationsBefore('0020_search_sizes_plurals_compounds');
    await migrate(db, { migrationsFolder: olderFolder });
    await client.exec(`
      INSERT INTO products (sku, name, description, image_url, price_cents, stock, weight_grams, category)
      VALUES ('OLD-1', 'Glutenfree Bay Leaves 2 L', '', '/products/old.svg', 500, 1, 10, 'pantry');
    `);

    await migrate(db, { migrationsFolder });
    const { rows } = await client.query<{ words: string; stems: string }>(
      'SELECT search_words::text AS words, search_stems::text AS stems FROM products',
    );
    expect(rows).toEqual([
      {
        words: "'2l':5A 'bay':3A 'free':2A 'gluten':1A 'leaf':4A",
        stems: "'2l':5A 'bay':3A 'free':2A 'gluten':1A 'leaf':4A",
      },
    ]);
    const indexes = await client.query<{ indexdef: string }>(
      "SELECT indexdef FROM pg_indexes WHERE tablename = 'products' AND indexdef LIKE '%gin%' ORDER BY indexname",
    );
    expect(indexes.rows.map((r) => r.indexdef)).toEqual([
      'CREATE INDEX products_search_idx ON public.products USING gin (search_words)',
      'CREATE INDEX products_search_stemmed_idx ON public.products USING gin (search_stems)',
    ]);
    // Every migration twice on a database of its own: past 30 s on a loaded 2-core machine.
  }, 120_000);
});

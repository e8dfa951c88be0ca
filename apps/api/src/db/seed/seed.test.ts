import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../client.js';
import { customers, suburbs } from '../schema/index.js';
import { openTestDatabase } from '../../../test/test-app.js';
import { seed } from './index.js';

/** The rows of every table the app has (drizzle's own bookkeeping is in another schema), by table. */
async function counts(database: Database): Promise<Record<string, number>> {
  const tables = await database.db
    .select({ name: sql<string>`table_name` })
    .from(sql`information_schema.tables`)
    .where(sql`table_schema = 'public' and table_type = 'BASE TABLE'`);
  const found: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await database.db.select({ n: count() }).from(sql`${sql.identifier(name)}`);
    found[name] = row?.n ?? 0;
  }
  return found;
}

describe('seeding', () => {
  it('loads real Australian localities without post office boxes or Australia Post facilities', async () => {
    const database = await openTestDatabase();
    try {
      const { suburbs: n } = await counts(database);
      expect(n).toBeGreaterThan(15000);
      const rows = await database.db.select().from(suburbs).limit(20000);
      const sydney = rows.filter((r) => r.postcode === '2000').map((r) => r.locality);
      expect(sydney).toEqual(expect.arrayContaining(['Sydney', 'The Rocks', 'Haymarket']));
      expect(rows.some((r) => r.locality === 'Melbourne' && r.postcode === '3000' && r.state === 'VIC')).toBe(
        true,
      );
      expect(rows.filter((r) => r.postcode === '6000').map((r) => r.locality)).toEqual(['Perth']);
      expect(rows.filter((r) => /\b(?:Dc|Mc|Bc|Gpo|Delivery Centre)$/.test(r.locality))).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('running the demo seed twice adds nothing the second time', async () => {
    const database = await openTestDatabase();
    try {
      await seed(database.db, { demo: true, scryptLogN: 10 });
      const once = await counts(database);
      await seed(database.db, { demo: true, scryptLogN: 10 });
      expect(await counts(database)).toEqual(once);
      // The demo's every kind of row is there to be counted, not only its customer.
      expect(once).toMatchObject({ customers: 1 });
      for (const table of ['products', 'coupons', 'vouchers', 'orders', 'addresses', 'credit_ledger'])
        expect(once[table], table).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });

  it.runIf(process.env.TEST_DB === 'pglite')(
    'a restarted embedded store keeps its data and does not duplicate the demo data',
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'sf-restart-'));
      try {
        const first = await openPglite({ dataDir: dir });
        await first.migrate((db) => seed(db, { demo: true, scryptLogN: 10 }));
        await first.db.insert(customers).values({ email: 'kept@example.com', firstName: 'K', lastName: 'P' });
        const before = await counts(first);
        await first.close();

        const second = await openPglite({ dataDir: dir });
        await second.migrate((db) => seed(db, { demo: true, scryptLogN: 10 }));
        expect(await counts(second)).toEqual(before);
        expect(before.customers).toBe(2);
        await second.close();
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

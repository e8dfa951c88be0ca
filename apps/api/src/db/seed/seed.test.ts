import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../client.js';
import {
  coupons,
  customers,
  orderLines,
  orders as ordersTable,
  products,
  shippingZones,
  suburbs,
  vouchers,
} from '../schema/index.js';
import { openTestDatabase } from '../../../test/test-app.js';
import { seed } from './index.js';
import { DEMO_LOGIN } from './demo.js';
import { DEMO_METRO_MINIMUM_CENTS } from './delivery-windows.js';
import { seedDemoCoupons } from './products.js';
import { seedDemoWallet } from './wallet.js';

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

  it('the demo customer is not asked to confirm an address nobody reads', async () => {
    const database = await openTestDatabase();
    try {
      await seed(database.db, { demo: true, scryptLogN: 10 });
      const [demo] = await database.db
        .select({ verifiedAt: customers.emailVerifiedAt })
        .from(customers)
        .where(eq(customers.email, DEMO_LOGIN.email));
      expect(demo?.verifiedAt).toBeInstanceOf(Date);
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

  it("demo orders charged standard delivery to Sydney at the store's rates, as checkout would have", async () => {
    const database = await openTestDatabase();
    try {
      await seed(database.db, { demo: true, scryptLogN: 10 });
      const orders = await database.db
        .select({
          subtotal: ordersTable.subtotalCents,
          shipping: ordersTable.shippingCents,
          total: ordersTable.totalCents,
          grams: sql<number>`sum(${products.weightGrams} * ${orderLines.quantity})::int`,
        })
        .from(ordersTable)
        .innerJoin(orderLines, eq(orderLines.orderId, ordersTable.id))
        .innerJoin(products, eq(products.id, orderLines.productId))
        .groupBy(ordersTable.id);
      expect(orders.length).toBeGreaterThan(0);
      // Metro standard: $7.95 for the first kilogram, 50c for each one started after it, free from $100.
      for (const o of orders) {
        const charged = o.subtotal >= 10_000 ? 0 : 795 + 50 * Math.ceil(Math.max(0, o.grams - 1000) / 1000);
        expect(o.shipping).toBe(charged);
        expect(o.total).toBe(o.subtotal + charged);
      }
    } finally {
      await database.close();
    }
  });

  it('the demo sets a minimum order for Sydney once: a restart keeps the one staff set since', async () => {
    const database = await openTestDatabase();
    const minimums = async () =>
      Object.fromEntries(
        (await database.db.select().from(shippingZones)).map((z) => [z.zone, z.minimumOrderCents]),
      );
    try {
      await seed(database.db, { demo: true, scryptLogN: 10 });
      expect(await minimums()).toEqual({
        metro: DEMO_METRO_MINIMUM_CENTS,
        regional: 0,
        interstate: 0,
        remote: 0,
      });
      await database.db
        .update(shippingZones)
        .set({ minimumOrderCents: 4500 })
        .where(eq(shippingZones.zone, 'metro'));
      await seed(database.db, { demo: true, scryptLogN: 10 });
      expect((await minimums()).metro).toBe(4500);
    } finally {
      await database.close();
    }
  });

  it('demo coupons and vouchers start and end as a Sydney day starts, whatever time the seed ran', async () => {
    const database = await openTestDatabase();
    try {
      // Friday 27 November 2026, 2:17 pm in Sydney (AEDT).
      const now = new Date('2026-11-27T03:17:42.123Z');
      await seedDemoCoupons(database.db, now);
      await seedDemoWallet(database.db, now);
      const sydney = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'Australia/Sydney',
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        fractionalSecondDigits: 3,
      });
      const read = (at: Date) => sydney.format(at).replace(',', '');
      const rows = await database.db.select().from(coupons);
      const byCode = Object.fromEntries(rows.map((r) => [r.code, [read(r.startsAt), read(r.endsAt)]]));
      // A coupon works until just before its end: WELCOME10's last day is Saturday 27 November 2027, a year on.
      expect(byCode).toMatchObject({
        WELCOME10: ['2026-11-26 00:00:00.000', '2027-11-28 00:00:00.000'],
        FREESHIP: ['2026-11-26 00:00:00.000', '2027-11-28 00:00:00.000'],
        EXPIRED20: ['2026-09-28 00:00:00.000', '2026-10-28 00:00:00.000'],
      });
      const gifts = await database.db.select().from(vouchers);
      expect(Object.fromEntries(gifts.map((v) => [v.code, read(v.expiresAt)]))).toEqual({
        'GIFT-2500': '2027-11-28 00:00:00.000',
        'GIFT-EXPIRED': '2026-10-28 00:00:00.000',
      });
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

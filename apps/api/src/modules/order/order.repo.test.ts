import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../db/client.js';
import { createProduct } from '../../../test/catalog-factories.js';
import { addAddress, addToCart, placeOrder, registerCustomer } from '../../../test/factories.js';
import { createTestApp, openTestDatabase } from '../../../test/test-app.js';
import { compareOrderLines, countUnpaidOrdersOf, type OrderLineRow } from './order.repo.js';

// Names where a dictionary, JavaScript's own UTF-16 order and code-point order disagree: case, an accent, a
// character above U+FFFF and one just below it.
const names = ['apple pie', 'Banana bread', 'Éclair', 'banana', '\u{1F34E} apple', '\uFFEE melon', 'Apple'];

const line = (name: string, productId = 1): OrderLineRow => ({
  orderId: 1,
  productId,
  sku: 'SKU',
  name,
  imageUrl: '/x.svg',
  unitPriceCents: 100,
  quantity: 1,
  gstFree: true,
  allowSubstitute: true,
});

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('the order of an order’s lines', () => {
  it('is the database’s code-point ("C") order, so lines just written list as they read back', async () => {
    const rows = await queryRows<{ name: string }>(
      database.db,
      sql`select name from unnest(${sql.param(names)}::text[]) as name order by name collate "C"`,
    );
    const sorted = names.map((n) => line(n)).sort(compareOrderLines);
    expect(sorted.map((l) => l.name)).toEqual(rows.map((r) => r.name));
    // Not JavaScript's own string order, which puts U+FFEE after the astral apple.
    expect(sorted.map((l) => l.name)).not.toEqual([...names].sort());
  });

  it('puts lines of one name in product order', () => {
    expect([line('Milk', 9), line('Milk', 3)].sort(compareOrderLines).map((l) => l.productId)).toEqual([
      3, 9,
    ]);
  });
});

describe('counting the orders that await payment', () => {
  it('counts each customer’s own, and stops at the number asked for', async () => {
    const t = await createTestApp({ database, env: { UNPAID_ORDERS_MAX: '5' } });
    try {
      const product = await createProduct(database.db, { stock: 50 });
      const [many, one, none] = await Promise.all([1, 2, 3].map(() => registerCustomer(t.app)));
      if (!many || !one || !none) throw new Error('no customers');
      const order = async (c: typeof many, times: number) => {
        const addressID = await addAddress(t.app, c);
        for (let i = 0; i < times; i += 1) {
          await addToCart(t.app, c, product.id);
          await placeOrder(t.app, c, { addressID });
        }
      };
      await order(many, 4);
      await order(one, 1);
      const ids = [many, one, none].map((c) => c.user.customerID);
      const counted = async (upTo: number) => {
        const counts = await countUnpaidOrdersOf(database.db, ids, upTo);
        return ids.map((id) => counts.get(id));
      };
      expect(await counted(10)).toEqual([4, 1, 0]);
      expect(await counted(3)).toEqual([3, 1, 0]);
    } finally {
      await t.close();
    }
  });
});

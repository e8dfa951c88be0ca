import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../db/client.js';
import { createProduct } from '../../../test/catalog-factories.js';
import { addAddress, addToCart, bearer, placeOrder, registerCustomer } from '../../../test/factories.js';
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
  packedQuantity: null,
  substituteProductId: null,
  substituteName: null,
  substitutePriceCents: null,
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
  it('follows orders placed, paid, cancelled, deleted and reopened, as a count of them would', async () => {
    const t = await createTestApp({ database, env: { UNPAID_ORDERS_MAX: '10' } });
    try {
      const product = await createProduct(database.db, { stock: 50 });
      const [many, one, none] = await Promise.all([1, 2, 3].map(() => registerCustomer(t.app)));
      if (!many || !one || !none) throw new Error('no customers');
      const order = async (c: typeof many, times: number) => {
        const addressID = await addAddress(t.app, c);
        const ids: number[] = [];
        for (let i = 0; i < times; i += 1) {
          await addToCart(t.app, c, product.id);
          ids.push((await placeOrder(t.app, c, { addressID })).orderID);
        }
        return ids;
      };
      const [first, second, third] = await order(many, 5);
      await order(one, 1);
      const ids = [many, one, none].map((c) => c.user.customerID);
      const kept = async () => {
        const counts = await countUnpaidOrdersOf(database.db, ids);
        return ids.map((id) => counts.get(id) ?? 0);
      };
      const counted = async () => {
        const rows = await queryRows<{ customerId: number; n: number }>(
          database.db,
          sql`select customer_id as "customerId", count(*)::int as n from orders
              where status = 'pending_payment' and customer_id = any(${sql.param(ids)}::int[]) group by 1`,
        );
        return ids.map((id) => rows.find((r) => r.customerId === id)?.n ?? 0);
      };
      expect(await kept()).toEqual([5, 1, 0]);

      const cancel = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/order/cancel',
        headers: bearer(many.token),
        payload: { orderID: first },
      });
      expect(cancel.json().code).toBe(0);
      await queryRows(database.db, sql`update orders set status = 'paid' where id = ${second}`);
      // A change that keeps the order unpaid, and one between two other states, count nothing.
      await queryRows(database.db, sql`update orders set updated_at = now() where id = ${third}`);
      await queryRows(database.db, sql`update orders set status = 'picking' where id = ${second}`);
      expect(await kept()).toEqual([3, 1, 0]);
      await queryRows(database.db, sql`delete from orders where id = ${third}`);
      await queryRows(database.db, sql`update orders set status = 'pending_payment' where id = ${second}`);
      expect(await kept()).toEqual([3, 1, 0]);
      expect(await kept()).toEqual(await counted());
    } finally {
      await t.close();
    }
  });
});

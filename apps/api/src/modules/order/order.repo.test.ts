import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../db/client.js';
import { openTestDatabase } from '../../../test/test-app.js';
import { compareOrderLines, type OrderLineRow } from './order.repo.js';

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

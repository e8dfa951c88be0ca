import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines } from './schema/index.js';
import { openPostgres, type Database } from './client.js';
import { listCartItems, lockCart } from '../modules/cart/cart.repo.js';
import { createProduct } from '../../test/catalog-factories.js';
import { registerCustomer } from '../../test/factories.js';
import { createTestApp, openTestDatabase, type TestApp } from '../../test/test-app.js';

/**
 * A query prepared inside one transaction is kept for the connection and reused by later transactions on it; it
 * must then run inside those transactions. One connection only, so a query sent outside would wait for ever.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('queries prepared per connection', () => {
  let shared: Database & { url?: string };
  let single: Database;
  let t: TestApp;

  beforeAll(async () => {
    shared = await openTestDatabase();
    if (!shared.url) throw new Error('no database url');
    single = await openPostgres(shared.url, { poolSize: 1, pipelines: 0 });
    t = await createTestApp({ database: shared });
  });
  afterAll(async () => {
    await t?.close();
    await single?.close();
    await shared?.close();
  });

  it("a later transaction's prepared read sees its own uncommitted writes, and a rollback keeps none", async () => {
    const c = await registerCustomer(t.app);
    const customerId = c.user.customerID;
    const product = await createProduct(shared.db, { stock: 5 });
    await single.db.transaction(async (tx) => {
      await lockCart(tx, customerId);
      expect(await listCartItems(tx, customerId)).toEqual([]);
    });
    const rolledBack = new Error('roll back');
    const seen = await single.db
      .transaction(async (tx) => {
        await lockCart(tx, customerId);
        await tx.insert(cartLines).values({ customerId, productId: product.id, quantity: 2 });
        const inside = await listCartItems(tx, customerId);
        expect(inside.map((i) => i.line.quantity)).toEqual([2]);
        throw rolledBack;
      })
      .catch((err: unknown) => err);
    expect(seen).toBe(rolledBack);
    expect(await listCartItems(single.db, customerId)).toEqual([]);
  });
});

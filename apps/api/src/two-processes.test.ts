import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from './db/client.js';
import { cartLines, orders, orderStatusHistory } from './db/schema/index.js';
import { createProduct } from '../test/catalog-factories.js';
import {
  addAddress,
  addToCart,
  bearer,
  placeOrder,
  registerCustomer,
  uniqueEmail,
} from '../test/factories.js';
import { createTestApp, openTestDatabase, type TestApp } from '../test/test-app.js';
import { addStaff, staffCall, staffSession } from '../test/staff-factories.js';

/**
 * Two API instances with their own connection pools on one PostgreSQL database, as two processes behind a load
 * balancer would run. PGlite is single-process by design, so this runs on PostgreSQL only.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('two API processes on one PostgreSQL', () => {
  let shared: Database & { url?: string };
  let second: Database;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    shared = await openTestDatabase();
    if (!shared.url) throw new Error('no database url');
    second = await openPostgres(shared.url, { poolSize: 10 });
    a = await createTestApp({ database: shared });
    b = await createTestApp({ database: second });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.close();
    await shared?.close();
  });

  it('a session issued by one is honoured by the other, and a logout on one ends it on both', async () => {
    const c = await registerCustomer(a.app);
    expect((await b.app.inject({ url: '/api/v1/customer/me', headers: bearer(c.token) })).statusCode).toBe(
      200,
    );
    await b.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(c.token) });
    expect((await a.app.inject({ url: '/api/v1/customer/me', headers: bearer(c.token) })).statusCode).toBe(
      401,
    );
  });

  it('a staff member disabled through one process, or changing their password there, is signed out on the other at once', async () => {
    const owner = await addStaff(a.database.db, 'owner');
    const picker = await addStaff(a.database.db, 'picker');
    const ownerToken = await staffSession(a, owner.id);
    const pickerHere = await staffSession(a, picker.id);
    const pickerThere = await staffSession(a, picker.id);
    expect((await staffCall(b, pickerThere, 'GET', '/me')).statusCode).toBe(200);
    const changed = await staffCall(a, pickerHere, 'PUT', '/me/password', {
      oldPassword: picker.password,
      newPassword: 'another pass 2001',
    });
    expect(changed.json().code).toBe(0);
    expect((await staffCall(b, pickerThere, 'GET', '/me')).statusCode).toBe(401);
    expect((await staffCall(b, pickerHere, 'GET', '/me')).statusCode).toBe(200);
    await staffCall(a, ownerToken, 'PUT', `/staff/${picker.id}`, { disabled: true });
    expect((await staffCall(b, pickerHere, 'GET', '/me')).statusCode).toBe(401);
  });

  it('20 identical order moves sent at once through both make one move and one history entry', async () => {
    const c = await registerCustomer(a.app);
    const product = await createProduct(a.database.db, { stock: 5, priceCents: 500 });
    const addressID = await addAddress(a.app, c);
    await addToCart(a.app, c, product.id, 1);
    const order = await placeOrder(a.app, c, { addressID });
    await a.database.db
      .update(orders)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(orders.id, order.orderID));
    const owner = await addStaff(a.database.db, 'owner');
    const [tokenA, tokenB] = [await staffSession(a, owner.id), await staffSession(b, owner.id)];
    const moves = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? staffCall(a, tokenA, 'POST', `/orders/${order.orderID}/start-picking`, {})
          : staffCall(b, tokenB, 'POST', `/orders/${order.orderID}/start-picking`, {}),
      ),
    );
    expect(moves.map((m) => m.json().code)).toEqual(moves.map(() => 0));
    const history = await a.database.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, order.orderID), eq(orderStatusHistory.status, 'picking')));
    expect(history).toHaveLength(1);
  });

  it('one email registered at once through both: exactly one account', async () => {
    const email = uniqueEmail('two');
    const payload = { email, password: 'long enough pw', firstName: 'T', lastName: 'P' };
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? a : b).app.inject({ method: 'POST', url: '/api/v1/register', payload }),
      ),
    );
    expect(results.filter((r) => r.json().code === 0)).toHaveLength(1);
  });

  it('parallel adds of one product through both instances all count and never pass stock', async () => {
    const c = await registerCustomer(a.app);
    const product = await createProduct(shared.db, { stock: 15 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).app.inject({
          method: 'POST',
          url: '/api/v1/cart/add',
          headers: bearer(c.token),
          payload: { productID: product.id, quantity: 1 },
        }),
      ),
    );
    const won = results.filter((r) => r.json().code === 0).length;
    expect(won).toBe(15);
    expect(results.filter((r) => r.json().code === 100401)).toHaveLength(5);
    const [line] = await shared.db
      .select()
      .from(cartLines)
      .where(and(eq(cartLines.customerId, c.user.customerID), eq(cartLines.productId, product.id)));
    expect(line?.quantity).toBe(15);
  });
});

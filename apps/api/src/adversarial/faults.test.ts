import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, queryRows, type Database } from '../db/client.js';
import { creditLedger } from '../db/schema/index.js';
import { createProduct } from '../../test/catalog-factories.js';
import { bearer, registerCustomer, sydneyAddress, type Customer } from '../../test/factories.js';
import { startServer } from '../../test/server-process.js';
import { createTestApp, openTestDatabase, type TestApp } from '../../test/test-app.js';

/**
 * The database going away is not a crash: requests answer 503 with the envelope while it is away, and the same
 * process serves again once it is back. A killed API process leaves nothing half-written. PostgreSQL only: the
 * embedded database lives inside the process and cannot go away on its own.
 */

type Answer = { status: number; code: number | undefined };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every envelope the store sent back: a success, a business answer, or 503 while the database was away. */
function isAcceptable(a: Answer): boolean {
  if (a.status === 503) return a.code === 100503;
  return a.status === 200 && typeof a.code === 'number';
}

/** Polls until the answer is a success, for at most `ms`; returns how long it took, or null if it never was. */
async function waitUntilServing(call: () => Promise<Answer>, ms: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    const a = await call();
    if (a.status === 200 && a.code === 0) return Date.now() - started;
    await sleep(100);
  }
  return null;
}

const rows = queryRows;

/** Stock and sold units add up to what the product started with; no order lacks lines; no balance is negative. */
async function checkInvariants(db: Database['db'], productId: number, initialStock: number) {
  const [row] = await rows<{ stock: number; sold: number; bare: number; negative: number }>(
    db,
    sql`
      select
        (select stock from products where id = ${productId})::int as stock,
        (select coalesce(sum(l.quantity), 0) from order_lines l join orders o on o.id = l.order_id
           where l.product_id = ${productId} and o.status <> 'cancelled')::int as sold,
        (select count(*) from orders o where not exists (select 1 from order_lines l where l.order_id = o.id))::int
          as bare,
        (select count(*) from (select customer_id from credit_ledger group by customer_id
           having sum(amount_cents) < 0) n)::int as negative`,
  );
  if (!row) throw new Error('no invariant row');
  const { stock, sold, bare, negative } = row;
  expect(stock + sold).toBe(initialStock);
  expect(bare).toBe(0);
  expect(negative).toBe(0);
  return { stock, sold };
}

describe.runIf(process.env.TEST_DB === 'postgres')('the database going away', () => {
  let shared: Database & { url?: string };

  beforeAll(async () => {
    shared = await openTestDatabase();
  });
  afterAll(async () => {
    await shared?.close();
  });

  async function shop(t: TestApp, customers: number, stock: number) {
    const product = await createProduct(t.database.db, { stock, priceCents: 250 });
    const list: { c: Customer; addressID: number }[] = [];
    for (let i = 0; i < customers; i++) {
      const c = await registerCustomer(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/address/add',
        headers: bearer(c.token),
        payload: sydneyAddress,
      });
      list.push({ c, addressID: res.json<{ data: { addressID: number } }>().data.addressID });
    }
    return { product, customers: list };
  }

  /** One shopper's round: look at the account, put one in the cart, check out with store credit. */
  async function round(
    t: TestApp,
    s: { c: Customer; addressID: number },
    productID: number,
  ): Promise<Answer[]> {
    const calls = [
      { method: 'GET' as const, url: '/api/v1/customer/me' },
      { method: 'POST' as const, url: '/api/v1/cart/add', payload: { productID, quantity: 1 } },
      {
        method: 'POST' as const,
        url: '/api/v1/order/create',
        payload: { addressID: s.addressID, shippingService: 'standard', useCredit: true },
      },
    ];
    const answers: Answer[] = [];
    for (const c of calls) {
      const res = await t.app.inject({ ...c, headers: bearer(s.c.token) });
      let code: number | undefined;
      try {
        code = res.json<{ code: number }>().code;
      } catch {
        code = undefined;
      }
      answers.push({ status: res.statusCode, code });
    }
    return answers;
  }

  it('connections terminated under load: every answer is an envelope, and the same process serves again', async () => {
    if (!shared.url) throw new Error('no database url');
    const database = await openPostgres(shared.url, { poolSize: 6 });
    const t = await createTestApp({ database });
    try {
      const initialStock = 100_000;
      const { product, customers } = await shop(t, 12, initialStock);
      for (const { c } of customers) {
        await database.db.insert(creditLedger).values({
          customerId: c.user.customerID,
          amountCents: 100_000,
          reason: 'goodwill',
        });
      }
      const dbName = new URL(shared.url).pathname.slice(1);
      const answers: Answer[] = [];
      let terminated = 0;
      let loading = true;
      const shoppers = customers.map(async (s) => {
        while (loading) answers.push(...(await round(t, s, product.id)));
      });
      for (let i = 0; i < 8; i++) {
        await sleep(150);
        const [killed] = await rows<{ n: number }>(
          shared.db,
          sql`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
              where datname = ${dbName} and pid <> pg_backend_pid()`,
        );
        terminated += killed?.n ?? 0;
      }
      loading = false;
      await Promise.all(shoppers);

      expect(terminated).toBeGreaterThan(0);
      expect(answers.filter((a) => !isAcceptable(a))).toEqual([]);
      expect(answers.some((a) => a.status === 503)).toBe(true);
      expect(answers.some((a) => a.status === 200 && a.code === 0)).toBe(true);

      const [first, second] = customers;
      if (!first || !second) throw new Error('no shoppers');
      const me = async () => {
        const res = await t.app.inject({ url: '/api/v1/customer/me', headers: bearer(first.c.token) });
        return { status: res.statusCode, code: res.json<{ code: number }>().code };
      };
      expect(await waitUntilServing(me, 5_000)).not.toBeNull();
      const after = await round(t, second, product.id);
      expect(after.map((a) => a.code)).toEqual([0, 0, 0]);
      await checkInvariants(database.db, product.id, initialStock);
    } finally {
      await t.close();
      await database.close();
    }
  });

  it('the server unreachable for seconds: 503 while away, serving again within seconds of its return', async () => {
    if (!shared.url) throw new Error('no database url');
    const target = new URL(shared.url);
    const proxy = await startTcpProxy(Number(target.port || 5432), target.hostname);
    const viaProxy = new URL(shared.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const database = await openPostgres(viaProxy.toString(), { poolSize: 4 });
    const t = await createTestApp({ database });
    try {
      const c = await registerCustomer(t.app);
      // The cart is read from the database on every request (a known session may be answered from memory).
      const cart = async (): Promise<Answer> => {
        const res = await t.app.inject({ url: '/api/v1/cart/list', headers: bearer(c.token) });
        return { status: res.statusCode, code: res.json<{ code: number }>().code };
      };
      expect(await cart()).toEqual({ status: 200, code: 0 });
      const ready = async () => (await t.app.inject({ url: '/api/v1/health/ready' })).statusCode;
      expect(await ready()).toBe(200);

      await proxy.stop();
      // Readiness says so (a balancer stops sending here), while the process itself stays live.
      await expect.poll(ready, { timeout: 15_000 }).toBe(503);
      expect((await t.app.inject({ url: '/api/v1/health/live' })).statusCode).toBe(200);
      const away = await Promise.all(Array.from({ length: 5 }, cart));
      expect(away).toEqual(Array.from({ length: 5 }, () => ({ status: 503, code: 100503 })));
      const res = await t.app.inject({ url: '/api/v1/cart/list', headers: bearer(c.token) });
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        code: 100503,
        msg: 'The store is temporarily unavailable. Please try again in a moment.',
        data: null,
      });

      await proxy.start();
      expect(await waitUntilServing(cart, 5_000)).not.toBeNull();
      // Ready again once the database answers and the notification listener has reconnected.
      await expect.poll(ready, { timeout: 20_000 }).toBe(200);
    } finally {
      await t.close();
      await database.close();
      await proxy.stop();
    }
  });

  it('a process started while the database is unreachable waits for it and serves once it answers', async () => {
    if (!shared.url) throw new Error('no database url');
    const target = new URL(shared.url);
    const proxy = await startTcpProxy(Number(target.port || 5432), target.hostname);
    await proxy.stop();
    const viaProxy = new URL(shared.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const starting = startServer(viaProxy.toString());
    try {
      await sleep(2_000);
      await proxy.start();
      const server = await starting;
      try {
        const res = await fetch(`${server.url}/api/v1/product/list?pageSize=1`);
        expect(res.status).toBe(200);
        expect((await res.json()) as { code: number }).toMatchObject({ code: 0 });
      } finally {
        server.process.kill('SIGTERM');
        await server.exited;
      }
    } finally {
      await starting.catch(() => undefined);
      await proxy.stop();
    }
  }, 90_000);

  it('a process whose database never answers exits within DATABASE_WAIT_SECONDS, saying why', async () => {
    const proxy = await startTcpProxy(1, '127.0.0.1');
    await proxy.stop();
    const started = startServer(`postgres://postgres@127.0.0.1:${proxy.port}/test`, {
      DATABASE_WAIT_SECONDS: '1',
    });
    await expect(started).rejects.toThrow(/exited with 1:[\s\S]*The database did not answer within 1 s/);
  }, 30_000);

  it('an API process killed with SIGKILL under checkout load leaves stock, credit and orders consistent', async () => {
    if (!shared.url) throw new Error('no database url');
    const t = await createTestApp({ database: shared });
    const initialStock = 100_000;
    const { product, customers } = await shop(t, 10, initialStock);
    for (const { c } of customers) {
      await shared.db.insert(creditLedger).values({
        customerId: c.user.customerID,
        amountCents: 5_000,
        reason: 'goodwill',
      });
    }
    await t.close();

    const first = await startServer(shared.url);
    let stop = false;
    // Half spend store credit (each checkout alone), half do not (checkouts together, while others are at the
    // database).
    const load = customers.map(async (s, i) => {
      while (!stop) {
        try {
          await fetch(`${first.url}/api/v1/cart/add`, {
            method: 'POST',
            headers: { ...bearer(s.c.token), 'content-type': 'application/json' },
            body: JSON.stringify({ productID: product.id, quantity: 2 }),
          });
          await fetch(`${first.url}/api/v1/order/create`, {
            method: 'POST',
            headers: { ...bearer(s.c.token), 'content-type': 'application/json' },
            body: JSON.stringify({
              addressID: s.addressID,
              shippingService: 'standard',
              useCredit: i % 2 === 0,
            }),
          });
        } catch {
          return; // the process is gone
        }
      }
    });
    const ordersBefore = await countOrders(shared);
    // Killed once orders are being placed (a fixed wait placed none on a loaded machine), mid-load.
    for (let waited = 0; (await countOrders(shared)) <= ordersBefore && waited < 30_000; waited += 100) {
      await sleep(100);
    }
    await sleep(300);
    first.process.kill('SIGKILL');
    stop = true;
    await Promise.all(load);
    await first.exited;

    const ordersAfter = await countOrders(shared);
    expect(ordersAfter).toBeGreaterThan(ordersBefore);
    await checkInvariants(shared.db, product.id, initialStock);

    const second = await startServer(shared.url);
    try {
      const res = await fetch(`${second.url}/api/v1/customer/me`, {
        headers: bearer(customers[0]?.c.token ?? ''),
      });
      expect(res.status).toBe(200);
    } finally {
      second.process.kill('SIGTERM');
      await second.exited;
    }
  }, 90_000);
});

async function countOrders(database: Database): Promise<number> {
  const [row] = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from orders`);
  return row?.n ?? 0;
}

/** A TCP relay in front of PostgreSQL that the test can take down (refusing and cutting connections) and bring back. */
async function startTcpProxy(targetPort: number, targetHost: string) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address();
        if (address && typeof address === 'object') port = address.port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  await start();
  return { port, start, stop };
}

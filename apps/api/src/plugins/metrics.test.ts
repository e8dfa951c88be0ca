import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../test/catalog-factories.js';
import { addAddress, addToCart, bearer, placeOrder, registerCustomer } from '../../test/factories.js';
import { createTestApp, openTestDatabase, type TestApp } from '../../test/test-app.js';
import type { Database } from '../db/client.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The value of one series in Prometheus text (`name{labels}`), or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function withApp(env: Record<string, string>, run: (t: TestApp) => Promise<void>) {
  const t = await createTestApp({ env, database });
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

describe('GET /metrics', () => {
  it('is not served when neither METRICS_PORT nor METRICS_TOKEN is set', async () => {
    await withApp({}, async (t) => {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await t.app.inject({ url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('http_requests_total');
      }
      expect(t.app.metricsAddress()).toBeNull();
    });
  });

  describe('behind METRICS_TOKEN on the main port', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, database });
    });
    afterAll(async () => {
      await t.close();
    });
    const scrape = async () => {
      const res = await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.body;
    };

    it('asks for the bearer token: 401 without it, with a wrong one or another scheme', async () => {
      for (const authorization of [undefined, `Bearer ${TOKEN}x`, 'Bearer wrong', `Basic ${TOKEN}`, TOKEN]) {
        const res = await t.app.inject({
          url: '/metrics',
          headers: authorization === undefined ? {} : { authorization },
        });
        expect(res.statusCode).toBe(401);
        expect(res.body).not.toContain('storefront_');
      }
    });

    it("answers the shop's figures from the database, which a checkout and a sign-out move", async () => {
      const before = await scrape();
      for (const series of [
        'storefront_orders{status="paid"}',
        'storefront_payments{status="declined"}',
        'storefront_mails{status="failed"}',
        'storefront_refunds_owed{state="unsettled"}',
        'storefront_refunds_owed_cents{state="owed"}',
        'storefront_sessions_revoked{kind="staff"}',
      ]) {
        expect(sample(before, series), series).toBeGreaterThanOrEqual(0);
      }
      expect(before).toContain('nodejs_eventloop_lag_seconds');
      const pending = 'storefront_orders{status="pending_payment"}';
      const pendingMails = 'storefront_mails{status="pending"}';
      const revoked = 'storefront_sessions_revoked{kind="customer"}';

      const product = await createProduct(t.database.db, { stock: 5 });
      const c = await registerCustomer(t.app);
      await addToCart(t.app, c, product.id, 1);
      await placeOrder(t.app, c, { addressID: await addAddress(t.app, c) });
      await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(c.token), payload: {} });

      const after = await scrape();
      expect(sample(after, pending)).toBe((sample(before, pending) ?? NaN) + 1);
      // The welcome (verification) mail and the order's "awaits payment" mail wait in the outbox.
      expect(sample(after, pendingMails)).toBeGreaterThan(sample(before, pendingMails) ?? NaN);
      expect(sample(after, revoked)).toBe((sample(before, revoked) ?? NaN) + 1);
    });

    it('counts requests by route pattern, never by the address asked for', async () => {
      const c = await registerCustomer(t.app);
      const detail = '/api/v1/order/detail';
      const series = `http_requests_total{method="GET",route="${detail}",status_code="404"}`;
      const before = sample(await scrape(), series) ?? 0;
      for (const orderID of [987654321, 987654322]) {
        await t.app.inject({ url: `${detail}?orderID=${orderID}`, headers: bearer(c.token) });
      }
      await t.app.inject({ url: '/api/v1/nothing-here/private-word' });

      const text = await scrape();
      expect(sample(text, series)).toBe(before + 2);
      expect(text).toContain(
        `http_request_duration_seconds_count{method="GET",route="${detail}",status_code="404"}`,
      );
      expect(
        sample(text, 'http_requests_total{method="GET",route="unmatched",status_code="404"}'),
      ).toBeGreaterThan(0);
      for (const raw of ['orderID', '987654321', 'private-word']) expect(text).not.toContain(raw);
    });

    it('reports the PostgreSQL pool; the embedded database has none', async () => {
      const text = await scrape();
      if (t.database.kind === 'postgres') {
        expect(sample(text, 'storefront_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
        expect(sample(text, 'storefront_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
        expect(sample(text, 'storefront_db_pool_waiting')).toBe(0);
      } else {
        expect(text).not.toContain('storefront_db_pool');
      }
    });
  });

  describe('on METRICS_PORT', () => {
    const urlOf = (t: TestApp, path = '/metrics') => {
      const address = t.app.metricsAddress();
      if (!address) throw new Error('the metrics port is not listening');
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      return `http://${host}:${address.port}${path}`;
    };

    it('is served on its own port, and not on the main one', async () => {
      await withApp({ METRICS_PORT: '0', HOST: '127.0.0.1' }, async (t) => {
        expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
        await t.app.inject({ url: '/api/v1/health' });

        const res = await fetch(urlOf(t));
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
        const text = await res.text();
        expect(
          sample(text, 'http_requests_total{method="GET",route="/api/v1/health",status_code="200"}'),
        ).toBe(1);
        expect(sample(text, 'storefront_orders{status="pending_payment"}')).toBeGreaterThanOrEqual(0);
        expect((await fetch(urlOf(t, '/other'))).status).toBe(404);
      });
    });

    it('asks for METRICS_TOKEN there too when both are set', async () => {
      await withApp({ METRICS_PORT: '0', METRICS_TOKEN: TOKEN, HOST: '127.0.0.1' }, async (t) => {
        expect((await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) })).statusCode).toBe(404);
        expect((await fetch(urlOf(t))).status).toBe(401);
        expect((await fetch(urlOf(t), { headers: bearer('wrong') })).status).toBe(401);
        expect((await fetch(urlOf(t), { headers: bearer(TOKEN) })).status).toBe(200);
      });
    });

    it('stops listening when the app closes', async () => {
      const t = await createTestApp({ env: { METRICS_PORT: '0', HOST: '127.0.0.1' }, database });
      const url = urlOf(t);
      await t.close();
      await expect(fetch(url)).rejects.toThrow();
    });
  });
});

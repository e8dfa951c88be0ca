import { request } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { createTestApp, testConfig, type TestApp } from '../test/test-app.js';
import { bearer, registerCustomer } from '../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the server', () => {
  it('answers health with the envelope', async () => {
    const res = await t.app.inject({ url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'ok', data: { status: 'ok', database: t.database.kind } });
  });

  it('answers an unknown API route with a 404 envelope', async () => {
    const res = await t.app.inject({ url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 100004, data: null });
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'a@example.com', password: 'x'.repeat(100_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 100013, data: null });
  });

  it('answers malformed JSON with a 400 naming the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 100001,
      msg: 'body: is not valid JSON',
      data: { fields: [{ field: 'body', message: 'is not valid JSON' }] },
    });
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a',
    });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toMatchObject({ code: 100001, data: { fields: [{ field: 'body' }] } });
  });

  it("gives documents helmet's headers and JSON answers the API's own: never rendered, framed or cached", async () => {
    const page = await t.app.inject({ url: '/config.js' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const api = await t.app.inject({ url: '/api/v1/health' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(api.headers['x-dns-prefetch-control']).toBeUndefined();
    // A request without an Origin is not cross-origin: no CORS headers to weigh every answer down.
    expect(api.headers['access-control-allow-credentials']).toBeUndefined();
    expect(api.headers['access-control-expose-headers']).toBeUndefined();
  });

  it('serves the runtime config for the browser', async () => {
    const res = await t.app.inject({ url: '/config.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('window.__STOREFRONT_CONFIG__ = {"apiBaseUrl":""');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("tells the browser the shop's contact address: the one its mails come from (MAIL_FROM)", async () => {
    const res = await t.app.inject({ url: '/config.json' });
    expect(res.json<{ contactEmail: string }>().contactEmail).toBe('hello@harbourgrocer.test');
  });

  it('publishes an OpenAPI document with request and response schemas of every route', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    type Operation = { requestBody?: unknown; parameters?: unknown[]; responses: Record<string, unknown> };
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, Operation>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    // Every call of spec section 7, plus the routes DESIGN.md adds.
    const routes: [string, string, 'body' | 'query' | 'none'][] = [
      ['post', '/register', 'body'],
      ['post', '/login', 'body'],
      ['post', '/google-auth', 'body'],
      ['post', '/logout', 'none'],
      ['get', '/customer/me', 'none'],
      ['get', '/customer/status', 'none'],
      ['get', '/customer/info', 'none'],
      ['put', '/customer/update', 'body'],
      ['get', '/customer/login-detail', 'none'],
      ['put', '/customer/update-password', 'body'],
      ['get', '/newsletters/front-subscribe', 'none'],
      ['post', '/newsletters/front-subscribe', 'body'],
      ['post', '/newsletters/front-unsubscribe', 'body'],
      ['get', '/newsletters/info', 'none'],
      ['get', '/newsletters/front-success', 'none'],
      ['post', '/newsletters/check-subscribe', 'body'],
      ['get', '/address/list', 'none'],
      ['post', '/address/add', 'body'],
      ['put', '/address/{addressID}', 'body'],
      ['delete', '/address/{addressID}', 'none'],
      ['get', '/address/suburb-state', 'query'],
      ['post', '/address/set-default', 'body'],
      ['post', '/address/set-billing', 'body'],
      ['post', '/address/change', 'body'],
      ['get', '/wishlist/list', 'none'],
      ['delete', '/wishlist/{id}', 'none'],
      ['post', '/wishlist/batch/add', 'body'],
      ['get', '/cart/list', 'none'],
      ['post', '/cart/add', 'body'],
      ['post', '/cart/add/batch', 'body'],
      ['delete', '/cart/delete', 'body'],
      ['post', '/cart/compare', 'body'],
      ['put', '/cart/update', 'body'],
      ['put', '/cart/select-all', 'body'],
      ['post', '/cart/apply-discount', 'body'],
      ['get', '/shipping/calc-selected', 'none'],
      ['post', '/shipping/calc-single', 'body'],
      ['post', '/mooncake/related', 'body'],
      ['get', '/shipping/search/suburb', 'query'],
      ['get', '/shipping/search/suburbID/{id}', 'none'],
      ['get', '/product/list', 'query'],
      ['get', '/product/detail', 'query'],
      ['post', '/customer/apply-voucher', 'body'],
      ['get', '/customer/credits', 'query'],
      ['get', '/customer/coupon/package', 'query'],
      ['get', '/order/list', 'query'],
      ['get', '/order/stat', 'none'],
      ['get', '/order/detail', 'query'],
      ['put', '/order/address', 'body'],
      ['put', '/order/cancel', 'body'],
      ['post', '/order/create', 'body'],
    ];
    for (const [method, route, input] of routes) {
      const op = doc.paths[`/api/v1${route}`]?.[method];
      expect(op, `${method} ${route}`).toBeDefined();
      expect(op?.responses['200'], `${method} ${route} response`).toBeDefined();
      if (input === 'body') expect(op?.requestBody, `${method} ${route} body`).toBeDefined();
      if (input === 'query') expect(op?.parameters?.length, `${method} ${route} query`).toBeGreaterThan(0);
    }
  });

  it('answers CORS preflights only for configured origins, exposing Authorization', async () => {
    const cors = await createTestApp({
      env: { CORS_ORIGINS: 'https://shop.example.com' },
      database: t.database,
    });
    try {
      const allowed = await cors.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/customer/me',
        headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'GET' },
      });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example.com');
      expect(allowed.headers['access-control-allow-credentials']).toBe('true');
      // A checkout from another origin: the preflight names every header the web app sends with it.
      const sent = ['authorization', 'cache-control', 'content-type', 'idempotency-key', 'x-requested-with'];
      const checkout = await cors.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/order/create',
        headers: {
          origin: 'https://shop.example.com',
          'access-control-request-method': 'POST',
          'access-control-request-headers': sent.join(','),
        },
      });
      const allowedHeaders = String(checkout.headers['access-control-allow-headers'])
        .split(',')
        .map((h) => h.trim().toLowerCase());
      expect(allowedHeaders).toEqual(expect.arrayContaining(sent));
      expect(checkout.headers['access-control-allow-methods']).toContain('POST');
      const { token } = await registerCustomer(cors.app);
      const me = await cors.app.inject({
        url: '/api/v1/customer/me',
        headers: { ...bearer(token), origin: 'https://shop.example.com' },
      });
      expect(me.headers['access-control-expose-headers']).toContain('Authorization');
      expect(me.headers['access-control-allow-origin']).toBe('https://shop.example.com');
      expect(me.headers['access-control-allow-credentials']).toBe('true');
      const other = await cors.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/customer/me',
        headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'GET' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await cors.close();
    }
  });

  it('answers an unexpected failure with a 500 envelope that hides the internals', async () => {
    const app = await buildApp({ config: await testConfig(), database: t.database });
    app.get('/api/v1/boom', async () => {
      throw new Error('secret connection string postgres://user:pw@db');
    });
    await app.ready();
    try {
      const res = await app.inject({ url: '/api/v1/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 100500, msg: expect.any(String), data: null });
      expect(res.body).not.toContain('secret');
      expect(res.body).not.toContain('at ');
    } finally {
      await app.close();
    }
  });

  it('a transaction PostgreSQL broke off (deadlock, serialization) is a 503 to retry, not a 500', async () => {
    const app = await buildApp({ config: await testConfig(), database: t.database });
    for (const code of ['40P01', '40001']) {
      app.get(`/api/v1/conflict-${code}`, async () => {
        throw new Error('Failed query: update …', { cause: Object.assign(new Error('deadlock'), { code }) });
      });
    }
    await app.ready();
    try {
      for (const code of ['40P01', '40001']) {
        const res = await app.inject({ url: `/api/v1/conflict-${code}` });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('1');
        expect(res.json()).toEqual({
          code: 100503,
          msg: 'The store was busy with the same items. Please try again.',
          data: null,
        });
      }
    } finally {
      await app.close();
    }
  });

  it('echoes a request id on every response', async () => {
    const res = await t.app.inject({ url: '/api/v1/health', headers: { 'x-request-id': 'trace-123' } });
    expect(res.headers['x-request-id']).toBe('trace-123');
    const fresh = await t.app.inject({ url: '/api/v1/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves interactive API docs at /api/docs beside the document', async () => {
    let res = await t.app.inject({ url: '/api/docs' });
    if (res.statusCode === 302) res = await t.app.inject({ url: `/api/docs/${res.headers.location ?? ''}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger-ui');
  });

  it('counts requests without a valid token against the per-minute limit too', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' }, database: t.database });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({ url: '/api/v1/customer/me', headers: bearer('x'.repeat(43)) });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('answers a long bad id as a bad id naming it, and only a path parameter past any use with a 414 envelope', async () => {
    const long = await t.app.inject({ url: `/api/v1/shipping/search/suburbID/${'1'.repeat(150)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 100001, data: { fields: [{ field: 'params.id' }] } });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/address/${'1'.repeat(600)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ code: 100014, msg: expect.any(String), data: null });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers oversized headers with a 431 envelope', async () => {
    const app = await buildApp({ config: await testConfig(), database: t.database });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, path: '/api/v1/health', headers: { 'x-big': 'x'.repeat(32 * 1024) } },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(answer.status).toBe(431);
      expect(JSON.parse(answer.body)).toEqual({ code: 100031, msg: expect.any(String), data: null });
    } finally {
      await app.close();
    }
  });

  it('marks API answers as not to be stored by any cache', async () => {
    const { token } = await registerCustomer(t.app);
    const me = await t.app.inject({ url: '/api/v1/customer/me', headers: bearer(token) });
    expect(me.headers['cache-control']).toBe('no-store');
    const missing = await t.app.inject({ url: '/api/v1/nope' });
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('answers a CORS preflight with no configured origins without allowing the origin', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/customer/me',
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'GET' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('closing', () => {
  it('answers the request under way and ends its connection; one read after closing began is a 503 envelope', async () => {
    // A slow hash keeps the first request in flight while the server is asked to close.
    const slow = await createTestApp({ env: { SCRYPT_LOG_N: '16' } });
    await slow.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = slow.app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const ended = new Promise((resolve) => socket.on('close', resolve));
    await new Promise((resolve) => socket.on('connect', resolve));
    const body = JSON.stringify({
      email: `closing.${Date.now()}@example.com`,
      password: 'correct horse battery',
      firstName: 'Slow',
      lastName: 'Hash',
    });
    socket.write(
      `POST /api/v1/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const closed = slow.close();
    // Sent behind the first on the same connection, so it is read once the server is closing.
    socket.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n');
    await closed;
    await ended;
    // Normally the register is answered, with `Connection: close` so that no client sends another request down a
    // connection about to end; the one pipelined behind it is left unanswered for the client to send again
    // (RFC 9112, 9.3.2). On a machine slow enough that the register was not yet read when the close began, it is
    // the one refused, in the envelope.
    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(1);
    const [answer = ''] = answers;
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    if (answer.startsWith('HTTP/1.1 200')) return;
    expect(answer).toMatch(/^HTTP\/1\.1 503/);
    expect(answer).toMatch(/\r\nretry-after: 1\r\n/i);
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '')).toEqual({
      code: 100503,
      msg: 'The store is temporarily unavailable. Please try again in a moment.',
      data: null,
    });
  });
});

import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import corsPlugin from './cors.js';

const SHOP = 'https://shop.example.com';

describe('CORS', () => {
  const app = Fastify();

  beforeAll(async () => {
    await app.register(corsPlugin, {
      origins: [SHOP],
      methods: ['GET', 'POST'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      exposedHeaders: ['Authorization'],
    });
    app.get('/thing', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('a request without an Origin gets no CORS headers', async () => {
    const res = await app.inject({ url: '/thing' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-') || h === 'vary')).toEqual(
      [],
    );
  });

  it('an allowed origin is echoed with credentials and the exposed headers', async () => {
    const res = await app.inject({ url: '/thing', headers: { origin: SHOP } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(SHOP);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-expose-headers']).toBe('Authorization');
    expect(res.headers.vary).toBe('Origin');
  });

  it('another origin is answered without being allowed', async () => {
    const res = await app.inject({ url: '/thing', headers: { origin: 'https://evil.example.com' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers.vary).toBe('Origin');
  });

  it('a preflight from an allowed origin is answered 204 with the methods and headers allowed', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/thing',
      headers: { origin: SHOP, 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['content-length']).toBe('0');
    expect(res.headers['access-control-allow-origin']).toBe(SHOP);
    expect(res.headers['access-control-allow-methods']).toBe('GET, POST');
    expect(res.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
  });

  it('a preflight from another origin is answered 204 without the header that would allow it', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/thing',
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('an OPTIONS without an Origin is not a preflight and finds no route', async () => {
    const res = await app.inject({ method: 'OPTIONS', url: '/thing' });
    expect(res.statusCode).toBe(404);
  });

  it('`*` is no wildcard: browsers refuse it with credentials, so config refuses it and this allows no one by it', async () => {
    const open = Fastify();
    await open.register(corsPlugin, {
      origins: ['*'],
      methods: ['GET'],
      allowedHeaders: [],
      exposedHeaders: [],
    });
    open.get('/thing', async () => ({ ok: true }));
    const res = await open.inject({ url: '/thing', headers: { origin: 'https://anywhere.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    await open.close();
  });
});

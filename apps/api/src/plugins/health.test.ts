import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../db/client.js';
import { createResponseSerializerCompiler } from '../lib/response-serializer.js';
import { openTestDatabase } from '../../test/test-app.js';
import healthRoutes, { LATEST_MIGRATION, type HealthOptions } from './health.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const hearing = { isLive: () => true };

async function healthApp(options: Partial<HealthOptions> = {}): Promise<FastifyInstance> {
  // As app.ts: the app answers while closing, not Fastify.
  const app = Fastify({ return503OnClosing: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ checkContract: true }));
  await app.register(healthRoutes, { prefix: '/api/v1', database, listeners: [hearing], ...options });
  return app;
}

describe('health', () => {
  it('live answers while the process runs, and /health keeps its answer', async () => {
    const empty = await openPglite();
    const app = await healthApp({ database: empty });
    const live = await app.inject({ url: '/api/v1/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ code: 0, msg: 'ok', data: { status: 'live' } });
    const health = await app.inject({ url: '/api/v1/health' });
    expect(health.json()).toEqual({ code: 0, msg: 'ok', data: { status: 'ok', database: 'pglite' } });
    await app.close();
    await empty.close();
  });

  it('ready answers 200 on a migrated database with its listeners hearing', async () => {
    const app = await healthApp();
    const res = await app.inject({ url: '/api/v1/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'ok', data: { status: 'ready', database: database.kind } });
    await app.close();
  });

  it('ready answers 503 naming a notification listener that does not hear', async () => {
    const app = await healthApp({ listeners: [hearing, { isLive: () => false }] });
    const res = await app.inject({ url: '/api/v1/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({
      code: 100504,
      msg: 'Not ready: notification listener down (1 of 2).',
      data: null,
    });
    await app.close();
  });

  it('ready answers 503 naming the migrations on a database that has none, and the database when it is gone', async () => {
    const empty = await openPglite();
    const app = await healthApp({ database: empty, cacheMs: 0 });
    const unmigrated = await app.inject({ url: '/api/v1/health/ready' });
    expect(unmigrated.statusCode).toBe(503);
    expect(unmigrated.json().msg).toMatch(
      /^Not ready: migrations not applied \(this build's latest is 00\d\d_/,
    );
    await empty.close();
    const gone = await app.inject({ url: '/api/v1/health/ready' });
    expect(gone.statusCode).toBe(503);
    expect(gone.json().msg).toBe('Not ready: database unreachable.');
    await app.close();
  });

  it('looks at the database once a second at most, and sees a database behind this build', async () => {
    let clock = 0;
    const app = await healthApp({ cacheMs: 1000, now: () => clock });
    expect((await app.inject({ url: '/api/v1/health/ready' })).statusCode).toBe(200);
    await database.db.execute(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = ${LATEST_MIGRATION}`,
    );
    try {
      clock += 1000;
      expect((await app.inject({ url: '/api/v1/health/ready' })).statusCode).toBe(200);
      clock += 1;
      const behind = await app.inject({ url: '/api/v1/health/ready' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json().msg).toMatch(/migrations not applied/);
    } finally {
      await database.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('restored', ${LATEST_MIGRATION})`,
      );
    }
    await app.close();
  });

  it('ready answers 503 draining as soon as the server starts closing, while live still answers', async () => {
    const app = await healthApp();
    // Holds closing after the health plugin's own preClose hook (a later sibling's runs after it), before the
    // server stops listening.
    let letClose = () => {};
    let closingBegun = Promise.resolve();
    await app.register(async (later) => {
      closingBegun = new Promise<void>((begun) => {
        later.addHook('preClose', (done) => {
          letClose = done;
          begun();
        });
      });
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}/api/v1/health`;
    expect((await fetch(`${base}/ready`)).status).toBe(200);
    const closed = app.close();
    await closingBegun;
    const ready = await fetch(`${base}/ready`, { headers: { connection: 'close' } });
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ code: 100504, msg: 'Not ready: draining.', data: null });
    expect((await fetch(`${base}/live`, { headers: { connection: 'close' } })).status).toBe(200);
    letClose();
    await closed;
  });
});

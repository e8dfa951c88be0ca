import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../../test/test-app.js';
import type { Database } from '../db/client.js';

/** With REDIS_URL set, API processes share the per-minute limit instead of each counting alone. */
describe.runIf(process.env.REDIS_URL)('the per-minute limit through Redis', () => {
  let database: Database;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase();
    const env = { RATE_LIMIT_PER_MINUTE: '4', REDIS_URL: process.env.REDIS_URL ?? '' };
    a = await createTestApp({ env, database });
    b = await createTestApp({ env, database });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it('counts requests from one address across two instances', async () => {
    // A random address per run keeps this window apart from earlier runs against the same Redis.
    const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await (i % 2 ? a : b).app.inject({ url: '/api/v1/product/categories', remoteAddress: ip });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});

describe('Redis out of reach', () => {
  it('the store still answers, without the shared per-minute limit', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '4', REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      // Past the limit of 4 too: the limit fails open rather than refusing shoppers while Redis is away.
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await t.app.inject({ url: '/api/v1/product/categories' })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    } finally {
      await t.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { leasedRedisStore } from './rate-limit-leases.js';

type Counted = { current: number; ttl: number };

/** Counts the commands sent to Redis from now on: each is a lease. */
function leasesAsked(redis: Redis): () => number {
  const spy = vi.spyOn(redis, 'sendCommand');
  return () => spy.mock.calls.length;
}

function incr(store: FastifyRateLimitStore, key: string, timeWindow: number, max: number): Promise<Counted> {
  return new Promise((resolve, reject) => {
    store.incr(
      key,
      (err, res) => (err || !res ? reject(err ?? new Error('no answer')) : resolve(res)),
      timeWindow,
      max,
    );
  });
}

/** Two processes' stores: each with its own Redis connection, as two API processes have. */
describe.runIf(process.env.REDIS_URL)('the per-minute limit leased from Redis', () => {
  const clients: Redis[] = [];
  let nameSpace: string;

  async function openProcess(): Promise<{ store: FastifyRateLimitStore; redis: Redis }> {
    const redis = new Redis(process.env.REDIS_URL ?? '');
    clients.push(redis);
    await redis.ping();
    const Store = leasedRedisStore(redis, { nameSpace });
    return { store: new Store({}), redis };
  }

  beforeAll(() => {
    // A namespace per run keeps these windows apart from earlier runs against the same Redis.
    nameSpace = `storefront-rl-test-${randomUUID()}:`;
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.quit()));
  });

  it('hands out a twentieth of the limit per call to Redis, counting on from the shared count', async () => {
    const { store, redis } = await openProcess();
    const asked = leasesAsked(redis);
    const counts: number[] = [];
    for (let i = 0; i < 45; i++) counts.push((await incr(store, 'a', 60_000, 600)).current);
    expect(counts).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    // Numbers 1-30 in the first lease, 31-60 in the second.
    expect(asked()).toBe(2);
    expect(await redis.get(`${nameSpace}a`)).toBe('60');
  });

  it('requests arriving together wait for one lease instead of each asking Redis', async () => {
    const { store, redis } = await openProcess();
    const asked = leasesAsked(redis);
    const counts = await Promise.all(Array.from({ length: 25 }, () => incr(store, 'b', 60_000, 600)));
    expect(counts.map((c) => c.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    expect(asked()).toBe(1);
  });

  it('two processes together never let more than the limit through, and each is refused once it is spent', async () => {
    const a = await openProcess();
    const b = await openProcess();
    let allowed = 0;
    const answers: number[] = [];
    for (let i = 0; i < 140; i++) {
      // Uneven turns, so the leases of the two processes interleave.
      const { current } = await incr(i % 3 === 0 ? b.store : a.store, 'c', 60_000, 100);
      answers.push(current);
      if (current <= 100) allowed += 1;
    }
    expect(allowed).toBeLessThanOrEqual(100);
    // At most one lease (5) short of the limit: numbers one process leased and never used.
    expect(allowed).toBeGreaterThanOrEqual(95);
    expect(new Set(answers.filter((n) => n <= 100)).size).toBe(allowed);
    expect((await incr(a.store, 'c', 60_000, 100)).current).toBeGreaterThan(100);
    expect((await incr(b.store, 'c', 60_000, 100)).current).toBeGreaterThan(100);
  });

  it('a number one process leased is never handed out by the other', async () => {
    const a = await openProcess();
    const b = await openProcess();
    for (let i = 0; i < 98; i++) await incr(b.store, 'd', 60_000, 100);
    // b holds 96 to 100 (its last lease); a leases 101 to 105 and is refused at once.
    expect((await incr(a.store, 'd', 60_000, 100)).current).toBe(101);
    expect((await incr(b.store, 'd', 60_000, 100)).current).toBe(99);
    expect((await incr(b.store, 'd', 60_000, 100)).current).toBe(100);
    expect((await incr(b.store, 'd', 60_000, 100)).current).toBeGreaterThan(100);
  });

  it('a spent window is refused without asking Redis, and a new window counts from one', async () => {
    const { store, redis } = await openProcess();
    for (let i = 0; i < 3; i++) await incr(store, 'e', 400, 2);
    const asked = leasesAsked(redis);
    const refused = await incr(store, 'e', 400, 2);
    expect(refused.current).toBeGreaterThan(2);
    expect(refused.ttl).toBeGreaterThan(0);
    expect(refused.ttl).toBeLessThanOrEqual(400);
    expect(asked()).toBe(0);
    await new Promise((r) => setTimeout(r, refused.ttl + 50));
    expect((await incr(store, 'e', 400, 2)).current).toBe(1);
  });

  it('a route of its own counts apart from the global limit', async () => {
    const { store } = await openProcess();
    const child = store.child({ method: 'POST', url: '/login' } as Parameters<
      FastifyRateLimitStore['child']
    >[0]);
    await incr(store, 'f', 60_000, 600);
    expect((await incr(child, 'f', 60_000, 600)).current).toBe(1);
  });
});

describe('the leased limit without Redis', () => {
  it('fails each waiting request with the error, so the limiter can let them through', async () => {
    const redis = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    redis.on('error', () => undefined);
    try {
      const Store = leasedRedisStore(redis, { nameSpace: 'unreachable:' });
      const store = new Store({});
      const results = await Promise.allSettled([incr(store, 'x', 60_000, 10), incr(store, 'x', 60_000, 10)]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    } finally {
      redis.disconnect();
    }
  });
});

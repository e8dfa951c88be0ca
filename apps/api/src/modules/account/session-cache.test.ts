import { describe, expect, it } from 'vitest';
import type { LiveSession } from './account.repo.js';
import { createSessionCache } from './session-cache.js';

function session(id: number, customerId: number): LiveSession {
  return {
    id,
    customerId,
    createdAt: new Date(0),
    expiresAt: new Date(10_000_000),
    replacedAt: null,
    customer: {
      email: 'a@b.test',
      firstName: 'A',
      lastName: 'B',
      postCode: '2000',
      suburb: 'Sydney',
      emailRefusedAt: null,
      emailRefusedReason: null,
    },
  };
}

function liveCache(settings: { ttlMs?: number; maxEntries?: number } = {}) {
  let now = 0;
  const cache = createSessionCache({
    ttlMs: settings.ttlMs ?? 60_000,
    maxEntries: settings.maxEntries ?? 100,
    now: () => now,
  });
  cache.setLive(true);
  return { cache, advance: (ms: number) => void (now += ms) };
}

describe('session cache', () => {
  it('answers a stored session until its time in memory is up', () => {
    const { cache, advance } = liveCache({ ttlMs: 1000 });
    cache.put('h1', session(1, 10), cache.mark());
    advance(999);
    expect(cache.get('h1')?.id).toBe(1);
    advance(1);
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps nothing while notifications are not heard, and forgets everything when they stop', () => {
    const { cache } = liveCache();
    cache.put('h1', session(1, 10), cache.mark());
    cache.setLive(false);
    expect(cache.get('h1')).toBeUndefined();
    cache.put('h2', session(2, 10), cache.mark());
    expect(cache.size).toBe(0);
    cache.setLive(true);
    expect(cache.get('h1')).toBeUndefined();
  });

  it('keeps nothing with a time in memory of 0', () => {
    const { cache } = liveCache({ ttlMs: 0 });
    cache.put('h1', session(1, 10), cache.mark());
    expect(cache.size).toBe(0);
  });

  it('drops a session named by a notification, and only that one', () => {
    const { cache } = liveCache();
    cache.put('h1', session(1, 10), cache.mark());
    cache.put('h2', session(2, 10), cache.mark());
    cache.onNotification('s1');
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.get('h2')?.id).toBe(2);
  });

  it("drops every session of a customer named by a notification, and no one else's", () => {
    const { cache } = liveCache();
    cache.put('h1', session(1, 10), cache.mark());
    cache.put('h2', session(2, 10), cache.mark());
    cache.put('h3', session(3, 11), cache.mark());
    cache.onNotification('c10');
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.get('h2')).toBeUndefined();
    expect(cache.get('h3')?.id).toBe(3);
    cache.forgetCustomer(11);
    expect(cache.size).toBe(0);
  });

  it('forgets everything on a truncation or a payload it does not know', () => {
    for (const payload of ['*', 'x1', 'sabc']) {
      const { cache } = liveCache();
      cache.put('h1', session(1, 10), cache.mark());
      cache.onNotification(payload);
      expect(cache.size, payload).toBe(0);
    }
  });

  it('does not keep a lookup that began before an invalidation (it may have read the old row)', () => {
    const { cache } = liveCache();
    const before = cache.mark();
    cache.onNotification('s99');
    cache.put('h1', session(1, 10), before);
    expect(cache.get('h1')).toBeUndefined();
    cache.put('h1', session(1, 10), cache.mark());
    expect(cache.get('h1')?.id).toBe(1);
  });

  it('lets the oldest entry go when full', () => {
    const { cache } = liveCache({ maxEntries: 2 });
    cache.put('h1', session(1, 10), cache.mark());
    cache.put('h2', session(2, 11), cache.mark());
    cache.put('h3', session(3, 12), cache.mark());
    expect(cache.size).toBe(2);
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.get('h3')?.id).toBe(3);
    // The evicted session's indexes went with it: forgetting its customer touches no one else.
    cache.forgetCustomer(10);
    expect(cache.size).toBe(2);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerCustomer } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { pruneExpired } from './maintenance.js';
import { idempotencyKeys, rateLimitHits, sessions } from './db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

describe('pruning', () => {
  it('removes old throttle windows, long-ended sessions and Idempotency-Keys past two days, keeping live ones', async () => {
    const db = t.database.db;
    const now = new Date();
    const live = await registerCustomer(t.app);
    const old = await registerCustomer(t.app);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() - 8 * DAY) })
      .where(eq(sessions.customerId, old.user.customerID));
    await db.insert(rateLimitHits).values([
      { key: 'test:old', windowStart: new Date(now.getTime() - 2 * DAY), hits: 3 },
      { key: 'test:new', windowStart: now, hits: 1 },
    ]);

    await db.insert(idempotencyKeys).values([
      {
        customerId: live.user.customerID,
        route: 'r',
        key: 'old',
        requestHash: 'h',
        createdAt: new Date(now.getTime() - 3 * DAY),
      },
      {
        customerId: live.user.customerID,
        route: 'r',
        key: 'day-old',
        requestHash: 'h',
        createdAt: new Date(now.getTime() - DAY),
      },
    ]);

    await pruneExpired(db, now);

    const left = await db.select({ customerId: sessions.customerId }).from(sessions);
    expect(left.some((s) => s.customerId === live.user.customerID)).toBe(true);
    expect(left.some((s) => s.customerId === old.user.customerID)).toBe(false);
    const keys = (await db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map((r) => r.key);
    expect(keys).toContain('test:new');
    expect(keys).not.toContain('test:old');
    const idempotency = (await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map(
      (r) => r.key,
    );
    expect(idempotency).toEqual(['day-old']);
  });

  it("an Idempotency-Key is kept two days of the store's clock, whichever clock the database keeps", async () => {
    const db = t.database.db;
    // The store's clock three days behind the database's: the key's age is the store's to tell.
    t.clock.set(new Date(Date.now() - 3 * DAY));
    const c = await registerCustomer(t.app);
    const merged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/merge',
      headers: { ...bearer(c.token), 'idempotency-key': 'store-clock' },
      payload: { items: [{ productID: 1, quantity: 1 }] },
    });
    expect(merged.json()).toMatchObject({ code: 0 });
    const isKept = async () =>
      (await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'store-clock'))).length === 1;
    expect(await isKept()).toBe(true);

    await pruneExpired(db, new Date(t.clock.now().getTime() + 2 * DAY - 60_000));
    expect(await isKept()).toBe(true);
    await pruneExpired(db, new Date(t.clock.now().getTime() + 2 * DAY + 60_000));
    expect(await isKept()).toBe(false);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductList } from '@storefront/contract/catalog';
import { products } from '../../db/schema/index.js';
import { createProduct } from '../../../test/catalog-factories.js';
import { addAddress, addToCart, bearer, placeOrder, registerCustomer } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createListingCache } from './listing-cache.js';

describe('the listing cache', () => {
  function counted() {
    let clock = 0;
    let loads = 0;
    const cache = createListingCache<number>({ ttlMs: 1000, now: () => clock });
    return {
      cache,
      load: () => Promise.resolve((loads += 1)),
      loads: () => loads,
      advance: (ms: number) => {
        clock += ms;
      },
    };
  }

  it('answers a key from memory until its answer is a full ttl old, then reads again', async () => {
    const { cache, load, loads, advance } = counted();
    expect(await cache.read('a', load)).toBe(1);
    advance(999);
    expect(await cache.read('a', load)).toBe(1);
    expect(await cache.read('b', load)).toBe(2);
    advance(1);
    expect(await cache.read('a', load)).toBe(3);
    expect(loads()).toBe(3);
  });

  it('keeps nothing while the change listener is not hearing, and again once it is', async () => {
    let loads = 0;
    const load = () => Promise.resolve((loads += 1));
    const cache = createListingCache<number>({ ttlMs: 1000, now: () => 0, startLive: false });
    expect([await cache.read('a', load), await cache.read('a', load)]).toEqual([1, 2]);
    cache.setLive(true);
    expect([await cache.read('a', load), await cache.read('a', load)]).toEqual([3, 3]);
    cache.setLive(false);
    expect(await cache.read('a', load)).toBe(4);
  });

  it('shares one read between concurrent misses of a key', async () => {
    const { cache, load, loads } = counted();
    expect(await Promise.all([cache.read('a', load), cache.read('a', load)])).toEqual([1, 1]);
    expect(loads()).toBe(1);
  });

  it('keeps no failed read, and forgets everything when cleared', async () => {
    const { cache, load, loads } = counted();
    await expect(cache.read('a', () => Promise.reject(new Error('database down')))).rejects.toThrow();
    expect(await cache.read('a', load)).toBe(1);
    cache.clear();
    expect(await cache.read('a', load)).toBe(2);
    expect(loads()).toBe(2);
  });

  it('reads every time with a ttl of 0', async () => {
    let loads = 0;
    const cache = createListingCache<number>({ ttlMs: 0, now: () => 0 });
    await cache.read('a', () => Promise.resolve((loads += 1)));
    await cache.read('a', () => Promise.resolve((loads += 1)));
    expect(loads).toBe(2);
  });

  it('holds at most maxEntries keys', async () => {
    let loads = 0;
    const cache = createListingCache<number>({ ttlMs: 1000, now: () => 0, maxEntries: 2 });
    const load = () => Promise.resolve((loads += 1));
    await cache.read('a', load);
    await cache.read('b', load);
    await cache.read('c', load);
    await cache.read('c', load);
    expect(loads).toBe(3);
    await cache.read('a', load);
    expect(loads).toBe(4);
  });
});

describe('the shop grid with its cache on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CATALOG_CACHE_MS: '1000', UNPAID_ORDER_MINUTES: '30' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function listed(productId: number) {
    const res = await t.app.inject({ url: '/api/v1/product/list?category=frozen&pageSize=50' });
    return res.json<{ data: ProductList }>().data.list.find((p) => p.productID === productId);
  }

  it('shows a product sold out by a checkout at once, and a change made elsewhere within a second', async () => {
    const product = await createProduct(t.database.db, { stock: 1, category: 'frozen' });
    expect(await listed(product.id)).toMatchObject({ stock: 1, available: true });

    const c = await registerCustomer(t.app);
    await addToCart(t.app, c, product.id, 1);
    await placeOrder(t.app, c, { addressID: await addAddress(t.app, c) });
    expect(await listed(product.id)).toMatchObject({ stock: 0, available: false });

    // Another API process restocks it: this one's cached grid catches up when its answer is a second old.
    await t.database.db.update(products).set({ stock: 8 }).where(eq(products.id, product.id));
    expect(await listed(product.id)).toMatchObject({ stock: 0 });
    t.clock.advance(1000);
    expect(await listed(product.id)).toMatchObject({ stock: 8, available: true });
  });

  it('shows stock a cancel, or the store expiring an unpaid order, gave back at once', async () => {
    const product = await createProduct(t.database.db, { stock: 2, category: 'frozen' });
    const c = await registerCustomer(t.app);
    const addressID = await addAddress(t.app, c);
    await addToCart(t.app, c, product.id, 1);
    const cancelled = await placeOrder(t.app, c, { addressID });
    await addToCart(t.app, c, product.id, 1);
    await placeOrder(t.app, c, { addressID });
    expect(await listed(product.id)).toMatchObject({ stock: 0 });

    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/order/cancel',
      headers: bearer(c.token),
      payload: { orderID: cancelled.orderID },
    });
    expect(res.json<{ code: number }>().code).toBe(0);
    expect(await listed(product.id)).toMatchObject({ stock: 1 });

    t.clock.advance(31 * 60_000);
    expect(await listed(product.id)).toMatchObject({ stock: 1 });
    await t.app.expireUnpaidOrders();
    expect(await listed(product.id)).toMatchObject({ stock: 2 });
  });
});

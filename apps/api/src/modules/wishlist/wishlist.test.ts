import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WISHLIST_MAX, type WishlistList } from '@storefront/contract/wishlist';
import { cartLines, wishlistItems } from '../../db/schema/index.js';
import { bearer, registerCustomer } from '../../../test/factories.js';
import { createProduct, updateProduct } from '../../../test/catalog-factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

function call(method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) {
  return t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });
}

async function addToWishlist(token: string, productIDs: number[]): Promise<WishlistList> {
  const res = await call('POST', '/wishlist/batch/add', token, { productIDs });
  expect(res.json().code).toBe(0);
  return res.json<{ data: WishlistList }>().data;
}

const wishlistRows = (customerId: number) =>
  db().select().from(wishlistItems).where(eq(wishlistItems.customerId, customerId));
const cartRows = (customerId: number) =>
  db().select().from(cartLines).where(eq(cartLines.customerId, customerId));

describe('wishlist', () => {
  it('lists the added products with their availability, newest first', async () => {
    const c = await registerCustomer(t.app);
    const a = await createProduct(db(), { name: 'Jasmine rice' });
    const b = await createProduct(db(), { name: 'Oat milk', stock: 0 });
    await addToWishlist(c.token, [a.id]);
    await addToWishlist(c.token, [b.id]);
    const res = await call('GET', '/wishlist/list', c.token);
    expect(res.statusCode).toBe(200);
    const list = res.json<{ data: WishlistList }>().data;
    expect(list.total).toBe(2);
    expect(list.list.map((i) => [i.productID, i.product.name, i.product.available])).toEqual([
      [b.id, 'Oat milk', false],
      [a.id, 'Jasmine rice', true],
    ]);
  });

  it('needs a signed-in customer', async () => {
    expect((await t.app.inject({ url: '/api/v1/wishlist/list' })).statusCode).toBe(401);
  });

  it('adds a product already on the list only once', async () => {
    const c = await registerCustomer(t.app);
    const a = await createProduct(db());
    await addToWishlist(c.token, [a.id, a.id]);
    const again = await addToWishlist(c.token, [a.id]);
    expect(again.total).toBe(1);
    expect(await wishlistRows(c.user.customerID)).toHaveLength(1);
  });

  it('refuses unknown and inactive products and adds none of the batch', async () => {
    const c = await registerCustomer(t.app);
    const a = await createProduct(db());
    const off = await createProduct(db(), { isActive: false });
    const unknown = await call('POST', '/wishlist/batch/add', c.token, { productIDs: [a.id, 2_000_000_000] });
    expect(unknown.statusCode).toBe(404);
    const inactive = await call('POST', '/wishlist/batch/add', c.token, { productIDs: [a.id, off.id] });
    expect(inactive.json().code).toBe(100402);
    expect(await wishlistRows(c.user.customerID)).toEqual([]);
  });

  it('refuses to grow past the size limit', async () => {
    const c = await registerCustomer(t.app);
    const ids: number[] = [];
    for (let i = 0; i < WISHLIST_MAX; i += 1) ids.push((await createProduct(db())).id);
    await addToWishlist(c.token, ids.slice(0, 50));
    await addToWishlist(c.token, ids.slice(50));
    const extra = await createProduct(db());
    const res = await call('POST', '/wishlist/batch/add', c.token, { productIDs: [extra.id] });
    expect(res.json().code).toBe(100301);
    expect(await wishlistRows(c.user.customerID)).toHaveLength(WISHLIST_MAX);
  });

  it.each([
    ['an empty list', { productIDs: [] }],
    ['a bad id', { productIDs: [0] }],
    ['an unknown field', { productIDs: [1], customerID: 1 }],
  ])('answers %s with a 400 and writes nothing', async (_label, payload) => {
    const c = await registerCustomer(t.app);
    const res = await call('POST', '/wishlist/batch/add', c.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(100001);
    expect(await wishlistRows(c.user.customerID)).toEqual([]);
  });

  it('deletes an item, and answers another customer’s item exactly like a missing one', async () => {
    const owner = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    const a = await createProduct(db());
    const item = (await addToWishlist(owner.token, [a.id])).list[0];
    if (!item) throw new Error('no item');

    const theirs = await call('DELETE', `/wishlist/${item.id}`, other.token);
    const missing = await call('DELETE', '/wishlist/2000000000', other.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect(await wishlistRows(owner.user.customerID)).toHaveLength(1);

    const mine = await call('DELETE', `/wishlist/${item.id}`, owner.token);
    expect(mine.json()).toMatchObject({ code: 0, data: { list: [], total: 0 } });
    expect((await call('DELETE', '/wishlist/abc', owner.token)).statusCode).toBe(400);
  });
});

describe('wishlist/move-to-cart', () => {
  it('moves items into the cart as quantity 1 each and off the wishlist', async () => {
    const c = await registerCustomer(t.app);
    const a = await createProduct(db());
    const b = await createProduct(db());
    const list = await addToWishlist(c.token, [a.id, b.id]);
    const res = await call('POST', '/wishlist/move-to-cart', c.token, { ids: list.list.map((i) => i.id) });
    expect(res.json().code).toBe(0);
    expect(res.json().data.wishlist).toEqual({ list: [], total: 0 });
    expect(res.json().data.cart).toMatchObject({ count: 2, lineCount: 2 });
    expect((await cartRows(c.user.customerID)).map((r) => r.quantity)).toEqual([1, 1]);
  });

  it('refuses an out-of-stock item with a clear code and moves nothing', async () => {
    const c = await registerCustomer(t.app);
    const a = await createProduct(db());
    const b = await createProduct(db(), { name: 'Frozen dumplings' });
    const list = await addToWishlist(c.token, [a.id, b.id]);
    await updateProduct(db(), b.id, { stock: 0 });
    const res = await call('POST', '/wishlist/move-to-cart', c.token, { ids: list.list.map((i) => i.id) });
    expect(res.json()).toMatchObject({ code: 100401, msg: 'Frozen dumplings is out of stock.' });
    expect(await cartRows(c.user.customerID)).toEqual([]);
    expect(await wishlistRows(c.user.customerID)).toHaveLength(2);
  });

  it('answers another customer’s item as not found and moves nothing', async () => {
    const owner = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    const a = await createProduct(db());
    const item = (await addToWishlist(owner.token, [a.id])).list[0];
    if (!item) throw new Error('no item');
    const res = await call('POST', '/wishlist/move-to-cart', other.token, { ids: [item.id] });
    expect(res.statusCode).toBe(404);
    expect(await cartRows(other.user.customerID)).toEqual([]);
    expect(await wishlistRows(owner.user.customerID)).toHaveLength(1);
  });
});

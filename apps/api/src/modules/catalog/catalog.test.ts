import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductCategoryList, ProductList } from '@storefront/contract/catalog';
import { count, eq } from 'drizzle-orm';
import { customerCoupons, products } from '../../db/schema/index.js';
import { DEMO_LOGIN } from '../../db/seed/demo.js';
import { demoProducts, seedDemoCoupons, seedProducts } from '../../db/seed/products.js';
import { registerCustomer } from '../../../test/factories.js';
import { createProduct } from '../../../test/catalog-factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (url: string) => t.app.inject({ url: `/api/v1${url}` });
const related = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/mooncake/related', payload });

describe('product/list', () => {
  it('lists active products of a category, paginated, without signing in', async () => {
    const category = `cat-${randomBytes(3).toString('hex')}`;
    for (let i = 0; i < 3; i += 1) await createProduct(db(), { category, name: `Item ${i}` });
    await createProduct(db(), { category, name: 'Hidden', isActive: false });
    const res = await get(`/product/list?category=${category}&page=2&pageSize=2`);
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: ProductList }>().data;
    expect(data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(data.list.map((p) => p.name)).toEqual(['Item 2']);
  });

  it('finds products by a keyword in the name, description or SKU, any letter case', async () => {
    const word = `zz${randomBytes(3).toString('hex')}`;
    const byName = await createProduct(db(), { name: `Golden ${word} pear` });
    const byDescription = await createProduct(db(), { description: `Crisp ${word.toUpperCase()} snack` });
    const bySku = await createProduct(db(), { sku: `SKU-${word.toUpperCase()}` });
    const res = await get(`/product/list?keyword=${word.toUpperCase()}`);
    const ids = res.json<{ data: ProductList }>().data.list.map((p) => p.productID);
    expect(ids.sort()).toEqual([byName.id, byDescription.id, bySku.id].sort());
    const none = await get('/product/list?keyword=%25%25_');
    expect(none.json().data.total).toBe(0);
  });

  it.each([
    ['pageSize', 'pageSize=51'],
    ['page', 'page=0'],
    ['category', 'category=Fruit%20%26%20Veg'],
    ['keyword', `keyword=${'x'.repeat(101)}`],
  ])('answers a bad %s with a 400 naming it', async (field, query) => {
    const res = await get(`/product/list?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields.map((f: { field: string }) => f.field)).toContain(`querystring.${field}`);
  });
});

describe('product/detail and categories', () => {
  it('answers one product with its price in cents and availability', async () => {
    const p = await createProduct(db(), { priceCents: 1299, stock: 0, weightGrams: 750 });
    const res = await get(`/product/detail?productID=${p.id}`);
    expect(res.json<{ data: Product }>().data).toMatchObject({
      productID: p.id,
      sku: p.sku,
      price: 1299,
      stock: 0,
      weightGrams: 750,
      isActive: true,
      available: false,
    });
  });

  it('answers an unknown product with 404 and a malformed id with 400', async () => {
    expect((await get('/product/detail?productID=2000000000')).statusCode).toBe(404);
    expect((await get('/product/detail?productID=abc')).statusCode).toBe(400);
    expect((await get('/product/detail')).statusCode).toBe(400);
  });

  it('lists the aisles with their active product counts', async () => {
    await createProduct(db(), { category: 'dairy' });
    const res = await get('/product/categories');
    const list = res.json<{ data: ProductCategoryList }>().data;
    expect(list.map((c) => c.category)).toEqual(
      expect.arrayContaining(['fruit-veg', 'dairy', 'bakery', 'mooncakes']),
    );
    expect(list.find((c) => c.category === 'dairy')?.productCount).toBeGreaterThan(0);
  });
});

describe('mooncake/related', () => {
  it('answers the same category first, then mooncakes, never the given or inactive products', async () => {
    const category = `cat-${randomBytes(3).toString('hex')}`;
    const given = await createProduct(db(), { category });
    const sibling = await createProduct(db(), { category });
    await createProduct(db(), { category, isActive: false });
    const mooncake = await createProduct(db(), { category: 'mooncakes' });
    const res = await related({ productIDs: [given.id], limit: 24 });
    expect(res.statusCode).toBe(200);
    const ids = res.json<{ data: Product[] }>().data.map((p) => p.productID);
    expect(ids[0]).toBe(sibling.id);
    expect(ids).toContain(mooncake.id);
    expect(ids).not.toContain(given.id);
    expect(ids).toHaveLength(new Set(ids).size);
    expect(res.json<{ data: Product[] }>().data.every((p) => p.isActive)).toBe(true);
  });

  it('answers bad input with a 400 naming the field', async () => {
    for (const [field, payload] of [
      ['productIDs', { productIDs: [] }],
      ['limit', { productIDs: [1], limit: 100 }],
    ] as const) {
      const res = await related(payload);
      expect(res.statusCode).toBe(400);
      expect(
        res
          .json()
          .data.fields.map((f: { field: string }) => f.field)
          .join(),
      ).toContain(`body.${field}`);
    }
  });
});

describe('demo catalogue', () => {
  it('seeds products and the demo wallet once, however often it runs', async () => {
    const demo = await registerCustomer(t.app, { email: DEMO_LOGIN.email });
    await seedProducts(db());
    await seedDemoCoupons(db());
    await seedProducts(db());
    await seedDemoCoupons(db());
    const skus = demoProducts.map((p) => p.sku);
    const seeded = (await db().select().from(products)).filter((p) => skus.includes(p.sku));
    expect(seeded).toHaveLength(demoProducts.length);
    expect(seeded.some((p) => !p.isActive)).toBe(true);
    expect(seeded.some((p) => p.isActive && p.stock === 0)).toBe(true);
    expect(seeded.filter((p) => p.category === 'mooncakes').length).toBeGreaterThan(3);
    const [wallet] = await db()
      .select({ n: count() })
      .from(customerCoupons)
      .where(eq(customerCoupons.customerId, demo.user.customerID));
    expect(wallet?.n).toBe(4);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct, AdminProductList, ProductCreateBody } from '@storefront/contract/catalogue-admin';
import type { CartList } from '@storefront/contract/cart';
import type { Product, ProductList } from '@storefront/contract/catalog';
import { auditLog, stockMovements } from '../../db/schema/index.js';
import { createProduct } from '../../../test/catalog-factories.js';
import { addAddress, addToCart, bearer, registerCustomer } from '../../../test/factories.js';
import { addStaff, staffCall, staffSession } from '../../../test/staff-factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let manager: string;
let managerId: number;
let picker: string;
let support: string;
const db = () => t.database.db;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  managerId = (await addStaff(db(), 'manager')).id;
  manager = await staffSession(t, managerId);
  picker = await staffSession(t, (await addStaff(db(), 'picker')).id);
  support = await staffSession(t, (await addStaff(db(), 'support')).id);
});
afterAll(() => t?.close());

async function staff<T = AdminProduct>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  token = manager,
) {
  const res = await staffCall(t, token, method, url, payload);
  return { statusCode: res.statusCode, ...res.json<{ code: number; msg: string; data: T }>() };
}

async function storefront<T>(app: TestApp, url: string): Promise<T> {
  const res = await app.app.inject({ method: 'GET', url: `/api/v1${url}` });
  return res.json<{ data: T }>().data;
}

let skuCount = 0;
function newProduct(overrides: Partial<ProductCreateBody> = {}): ProductCreateBody {
  skuCount += 1;
  return {
    sku: `ADM-${Date.now().toString(36)}-${skuCount}`.toUpperCase(),
    name: `Wattleseed loaf ${skuCount}`,
    brand: 'Bush Bakery',
    description: 'A dense loaf with roasted wattleseed.',
    category: 'bakery',
    price: 650,
    gstFree: true,
    packSize: 700,
    packUnit: 'g',
    weightGrams: 720,
    isActive: true,
    ingredients: 'Wheat flour, water, wattleseed (2%), yeast, salt.',
    allergensContains: ['wheat', 'gluten'],
    allergensMayContain: ['sesame'],
    originStatement: 'Made in Australia from at least 90% Australian ingredients',
    dietary: [],
    special: null,
    stock: 12,
    ...overrides,
  };
}

function editOf(p: AdminProduct, overrides: Record<string, unknown> = {}) {
  const {
    productID: _,
    unitPrice: __,
    imageUrl: ___,
    thumbnailUrl: ____,
    updatedAt: _____,
    stock: ______,
    ...rest
  } = p;
  const special = p.special
    ? { price: p.special.price, startsAt: p.special.startsAt, endsAt: p.special.endsAt }
    : null;
  return { ...rest, special, ...overrides };
}

describe('products', () => {
  it('a product made in the back office is on the storefront at once, with its food information, and audited', async () => {
    const made = await staff('POST', '/products', newProduct({ name: 'Quandong jam 250g' }));
    expect(made.code).toBe(0);
    const shown = await storefront<Product>(t, `/product/detail?productID=${made.data.productID}`);
    expect(shown).toMatchObject({
      name: 'Quandong jam 250g',
      price: 650,
      brand: 'Bush Bakery',
      allergensContains: ['wheat', 'gluten'],
      allergensMayContain: ['sesame'],
      originStatement: 'Made in Australia from at least 90% Australian ingredients',
      available: true,
    });
    const listed = await storefront<ProductList>(t, '/product/list?keyword=quandong');
    expect(listed.list.map((p) => p.productID)).toContain(made.data.productID);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'product'), eq(auditLog.targetId, String(made.data.productID))));
    expect(entry).toMatchObject({ action: 'product.create', staffId: managerId });
    const ledger = await db()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, made.data.productID));
    expect(ledger).toEqual([
      expect.objectContaining({ delta: 12, stockAfter: 12, reason: 'created', staffId: managerId }),
    ]);
  });

  it('an edit changes the storefront at once and bumps the version; one made on a stale copy is refused', async () => {
    const made = (await staff('POST', '/products', newProduct())).data;
    const edited = await staff(
      'PUT',
      `/products/${made.productID}`,
      editOf(made, { price: 700, name: 'Renamed loaf' }),
    );
    expect(edited.data).toMatchObject({ price: 700, name: 'Renamed loaf', version: made.version + 1 });
    expect(await storefront<Product>(t, `/product/detail?productID=${made.productID}`)).toMatchObject({
      price: 700,
      name: 'Renamed loaf',
    });

    const stale = await staff('PUT', `/products/${made.productID}`, editOf(made, { price: 800 }));
    expect(stale.code).toBe(101202);
    expect((await staff('GET', `/products/${made.productID}`)).data.price).toBe(700);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.update'), eq(auditLog.targetId, String(made.productID))));
    expect(audit?.before).toEqual({ name: made.name, price: 650 });
    expect(audit?.after).toEqual({ name: 'Renamed loaf', price: 700 });
  });

  it('a special shows and is charged only while it runs', async () => {
    const made = (await staff('POST', '/products', newProduct({ price: 1000 }))).data;
    const later = {
      price: 750,
      startsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
      endsAt: new Date(Date.now() + 48 * HOUR).toISOString(),
    };
    const scheduled = (await staff('PUT', `/products/${made.productID}`, editOf(made, { special: later })))
      .data;
    expect(scheduled.special).toMatchObject({ price: 750, running: false });
    expect(await storefront<Product>(t, `/product/detail?productID=${made.productID}`)).toMatchObject({
      price: 1000,
      wasPrice: null,
      isOnSpecial: false,
    });

    const now = { ...later, startsAt: new Date(Date.now() - HOUR).toISOString() };
    const running = (await staff('PUT', `/products/${made.productID}`, editOf(scheduled, { special: now })))
      .data;
    expect(running.special?.running).toBe(true);
    expect(await storefront<Product>(t, `/product/detail?productID=${made.productID}`)).toMatchObject({
      price: 750,
      wasPrice: 1000,
      isOnSpecial: true,
      specialEndsAt: now.endsAt,
    });
    const specials = await storefront<ProductList>(t, '/product/list?special=true&pageSize=50');
    expect(specials.list.map((p) => p.productID)).toContain(made.productID);

    const shopper = await registerCustomer(t.app);
    await addToCart(t.app, shopper, made.productID, 2);
    const cart = await t.app.inject({
      method: 'GET',
      url: '/api/v1/cart/list',
      headers: bearer(shopper.token),
    });
    const line = cart.json<{ data: CartList }>().data.available.find((l) => l.productID === made.productID);
    expect(line).toMatchObject({ price: 750, lineTotal: 1500 });

    const ended = {
      ...now,
      endsAt: new Date(Date.now() - 1000).toISOString(),
      startsAt: new Date(Date.now() - HOUR).toISOString(),
    };
    await staff('PUT', `/products/${made.productID}`, editOf(running, { special: ended }));
    expect((await storefront<Product>(t, `/product/detail?productID=${made.productID}`)).price).toBe(1000);
  });

  it('dietary marks staff tick are on the storefront at once, each once, and filter the shop', async () => {
    const made = (
      await staff('POST', '/products', newProduct({ name: 'Wattleseed crispbread', dietary: ['vegan'] }))
    ).data;
    expect(made.dietary).toEqual(['vegan']);
    const edited = (
      await staff(
        'PUT',
        `/products/${made.productID}`,
        editOf(made, { dietary: ['gluten_free', 'vegan', 'gluten_free'] }),
      )
    ).data;
    expect(edited.dietary).toEqual(['vegan', 'gluten_free']);
    expect((await storefront<Product>(t, `/product/detail?productID=${made.productID}`)).dietary).toEqual([
      'vegan',
      'gluten_free',
    ]);
    const vegetarian = await storefront<ProductList>(
      t,
      '/product/list?keyword=wattleseed%20crispbread&dietary=vegetarian,gluten_free',
    );
    expect(vegetarian.list.map((p) => p.productID)).toEqual([made.productID]);

    const bad = await staff('PUT', `/products/${made.productID}`, editOf(edited, { dietary: ['keto'] }));
    expect(bad.statusCode).toBe(400);
    const fields = (bad.data as unknown as { fields: { field: string }[] }).fields.map((f) => f.field);
    expect(fields).toEqual(['body.dietary.0']);
  });

  it('a deactivated product leaves the storefront list but its page stays, not available', async () => {
    const made = (await staff('POST', '/products', newProduct({ name: 'Finger lime caviar' }))).data;
    await staff('PUT', `/products/${made.productID}`, editOf(made, { isActive: false }));
    const listed = await storefront<ProductList>(t, '/product/list?keyword=finger%20lime');
    expect(listed.list.map((p) => p.productID)).not.toContain(made.productID);
    expect(await storefront<Product>(t, `/product/detail?productID=${made.productID}`)).toMatchObject({
      isActive: false,
      available: false,
    });
    const inactive = await staff<AdminProductList>('GET', '/products?status=inactive&q=finger');
    expect(inactive.data.list.map((p) => p.productID)).toEqual([made.productID]);
  });

  it('a SKU another product has is refused, and bad fields answer 400 naming them', async () => {
    const first = (await staff('POST', '/products', newProduct())).data;
    const taken = await staff('POST', '/products', newProduct({ sku: first.sku }));
    expect(taken.code).toBe(101201);

    const bad = await staff('POST', '/products', {
      ...newProduct(),
      price: 'four dollars',
      category: 'hardware',
      packUnit: 'kg',
      allergensContains: ['glitter'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.msg).toMatch(/price/);
    const fields = (bad.data as unknown as { fields: { field: string }[] }).fields.map((f) => f.field);
    expect(fields).toEqual(
      expect.arrayContaining(['body.price', 'body.category', 'body.packUnit', 'body.allergensContains.0']),
    );

    const special = await staff('POST', '/products', {
      ...newProduct({ price: 500 }),
      special: {
        price: 600,
        startsAt: new Date().toISOString(),
        endsAt: new Date(Date.now() + HOUR).toISOString(),
      },
    });
    expect(special.statusCode).toBe(400);
    expect(JSON.stringify(special.data)).toContain('special.price');
  });

  it('only owners and managers keep products', async () => {
    const made = (await staff('POST', '/products', newProduct())).data;
    for (const token of [picker, support]) {
      expect((await staff('GET', '/products', undefined, token)).statusCode).toBe(403);
      expect((await staff('PUT', `/products/${made.productID}`, editOf(made), token)).statusCode).toBe(403);
      expect(
        (await staff('POST', `/products/${made.productID}/stock`, { reason: 'received', delta: 5 }, token))
          .statusCode,
      ).toBe(403);
    }
    expect((await staffCall(t, null, 'GET', '/products')).statusCode).toBe(401);
    expect((await staff('GET', '/products/2147483000')).statusCode).toBe(404);
  });

  it('another process shows a change at once, though it keeps its product list for a minute', async () => {
    const b = await createTestApp({ database: t.database, env: { CATALOG_CACHE_MS: '60000' } });
    try {
      const made = (await staff('POST', '/products', newProduct({ name: 'Davidson plum sauce' }))).data;
      await b.app.catalogChangesHeard();
      const before = await storefront<ProductList>(b, '/product/list?keyword=davidson');
      expect(before.list.find((p) => p.productID === made.productID)?.price).toBe(650);
      await staff('PUT', `/products/${made.productID}`, editOf(made, { price: 590 }));
      await b.app.catalogChangesHeard();
      const after = await storefront<ProductList>(b, '/product/list?keyword=davidson');
      expect(after.list.find((p) => p.productID === made.productID)?.price).toBe(590);
    } finally {
      await b.close();
    }
  });
});

describe('stock', () => {
  it('adjustments move the stock with their reason, who and a note in the ledger, which sums to the stock', async () => {
    const made = (await staff('POST', '/products', newProduct({ stock: 10 }))).data;
    const url = `/products/${made.productID}/stock`;
    expect(
      (await staff('POST', url, { reason: 'received', delta: 24, note: 'Delivery 4471' })).data.stock,
    ).toBe(34);
    expect((await staff('POST', url, { reason: 'damaged', delta: -4 })).data.stock).toBe(30);
    expect((await staff('POST', url, { reason: 'stocktake', count: 27 })).data.stock).toBe(27);
    const refused = await staff('POST', url, { reason: 'damaged', delta: -28 });
    expect(refused.code).toBe(101203);
    expect((await staff('GET', `/products/${made.productID}`)).data.stock).toBe(27);

    const ledger = await staff<{
      list: {
        delta: number;
        reason: string;
        stockAfter: number;
        staffName: string | null;
        note: string | null;
      }[];
    }>('GET', url);
    expect(ledger.data.list.map((m) => [m.reason, m.delta, m.stockAfter, m.note])).toEqual([
      ['stocktake', -3, 27, null],
      ['damaged', -4, 30, null],
      ['received', 24, 34, 'Delivery 4471'],
      ['created', 10, 10, null],
    ]);
    expect(ledger.data.list.every((m) => m.staffName === 'Test manager')).toBe(true);
    expect(ledger.data.list.reduce((sum, m) => sum + m.delta, 0)).toBe(27);
  });

  it('bad adjustments answer 400 naming the field', async () => {
    const made = (await staff('POST', '/products', newProduct())).data;
    const url = `/products/${made.productID}/stock`;
    const unknown = await staff('POST', url, { reason: 'stolen', delta: -1 });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.data)).toContain('reason');
    const zero = await staff('POST', url, { reason: 'received', delta: 0 });
    expect(zero.statusCode).toBe(400);
    expect(JSON.stringify(zero.data)).toContain('delta');
    const negative = await staff('POST', url, { reason: 'stocktake', count: -1 });
    expect(negative.statusCode).toBe(400);
  });

  it('the low-stock list holds active products at or below five, emptiest first', async () => {
    const low = await createProduct(db(), { name: 'Low lemon myrtle', stock: 2 });
    const empty = await createProduct(db(), { name: 'Empty lemon myrtle', stock: 0 });
    const plenty = await createProduct(db(), { name: 'Plenty lemon myrtle', stock: 40 });
    const list = await staff<AdminProductList>(
      'GET',
      '/products?lowStock=true&status=active&q=lemon%20myrtle',
    );
    const ids = list.data.list.map((p) => p.productID);
    expect(ids).toEqual([empty.id, low.id]);
    expect(ids).not.toContain(plenty.id);
  });

  it('an adjustment and 50 checkouts at once never take the stock below zero, and the ledger sums to it', async () => {
    const product = await createProduct(db(), { stock: 30, priceCents: 100 });
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => registerCustomer(t.app)));
    const addressIDs = await Promise.all(
      shoppers.map(async (c) => {
        await addToCart(t.app, c, product.id, 1);
        return addAddress(t.app, c);
      }),
    );
    const [adjusted, ...checkouts] = await Promise.all([
      staff('POST', `/products/${product.id}/stock`, { reason: 'damaged', delta: -8 }),
      ...shoppers.map((c, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/order/create',
          headers: bearer(c.token),
          payload: { addressID: addressIDs[i], shippingService: 'standard', useCredit: false },
        }),
      ),
    ]);
    const placed = checkouts.filter((r) => r.json<{ code: number }>().code === 0).length;
    const stock = (await staff('GET', `/products/${product.id}`)).data.stock;
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(adjusted?.code === 0 ? 30 - 8 - placed : 30 - placed).toBe(stock);
    expect(placed).toBeGreaterThan(0);
    const ledger = await db().select().from(stockMovements).where(eq(stockMovements.productId, product.id));
    expect(ledger.reduce((sum, m) => sum + m.delta, 0)).toBe(stock);
    expect(ledger.filter((m) => m.reason === 'sale')).toHaveLength(placed);
  });
});

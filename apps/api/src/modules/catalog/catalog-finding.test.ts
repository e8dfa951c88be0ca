import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductFacets, ProductList, ProductSuggestions } from '@storefront/contract/catalog';
import { createProduct } from '../../../test/catalog-factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { announceCatalogChange } from '../catalogue-admin/catalog-changes.js';
import { isAisleNamed, unitPriceOrderOf } from './catalog.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (url: string) => t.app.inject({ url: `/api/v1${url}` });
const dataOf = async <T>(url: string): Promise<T> => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
};
const fieldsOf = async (url: string): Promise<string[]> => {
  const res = await get(url);
  expect(res.statusCode).toBe(400);
  return res.json<{ data: { fields: { field: string }[] } }>().data.fields.map((f) => f.field);
};

/** A word no other test's product has, of letters only (so the English stemmer leaves it whole). */
const word = () => `zq${[...randomBytes(6)].map((b) => 'bcdfghjklmnpqrstvwxz'[b % 20]).join('')}`;
const aisle = () => `cat-${randomBytes(3).toString('hex')}`;

describe('product/suggest', () => {
  it('suggests the best matching products, ranked as the search ranks them, from the start of a word', async () => {
    const w = word();
    const inDescription = await createProduct(db(), { name: 'Aaa crackers', description: `With ${w} salt` });
    const whole = await createProduct(db(), {
      name: `Zed ${w} biscuits`,
      priceCents: 350,
      wasPriceCents: 420,
      imageUrl: '/products/zed.svg',
    });
    const start = await createProduct(db(), { name: `Bee ${w}er cake`, isActive: true });
    await createProduct(db(), { name: `Hidden ${w}`, isActive: false });

    const found = await dataOf<ProductSuggestions>(`/product/suggest?keyword=${w.slice(0, 5)}`);
    expect(found.products.map((p) => p.productID)).toEqual([start.id, whole.id, inDescription.id]);
    const exact = await dataOf<ProductSuggestions>(`/product/suggest?keyword=${w.toUpperCase()}`);
    expect(exact.products.map((p) => p.productID)).toEqual([whole.id, start.id, inDescription.id]);
    expect(exact.products[0]).toEqual({
      productID: whole.id,
      name: `Zed ${w} biscuits`,
      price: 350,
      wasPrice: 420,
      thumbnailUrl: '/products/zed.svg',
    });
  });

  it('needs every word, folds accents and apostrophes, and answers at most six products', async () => {
    const w = word();
    const category = aisle();
    for (let i = 0; i < 8; i += 1) await createProduct(db(), { category, name: `${w} Crème ${i}` });
    await createProduct(db(), { category, name: `${w} O'Brien's oats` });
    expect((await dataOf<ProductSuggestions>(`/product/suggest?keyword=${w}`)).products).toHaveLength(6);
    expect(
      (await dataOf<ProductSuggestions>(`/product/suggest?keyword=${w}%20creme%207`)).products.map(
        (p) => p.name,
      ),
    ).toEqual([`${w} Crème 7`]);
    expect(
      (await dataOf<ProductSuggestions>(`/product/suggest?keyword=obriens%20${w}`)).products.map(
        (p) => p.name,
      ),
    ).toEqual([`${w} O'Brien's oats`]);
    expect((await dataOf<ProductSuggestions>(`/product/suggest?keyword=${w}%20nothing`)).products).toEqual(
      [],
    );
  });

  it('suggests an aisle named by what is typed first, then the aisles holding the most matches', async () => {
    const w = word();
    const few = aisle();
    const many = aisle();
    for (let i = 0; i < 2; i += 1) await createProduct(db(), { category: few, name: `${w} few ${i}` });
    for (let i = 0; i < 3; i += 1) await createProduct(db(), { category: many, name: `${w} many ${i}` });
    await createProduct(db(), { category: 'dairy', name: `${w} dairy milk` });

    const byProducts = await dataOf<ProductSuggestions>(`/product/suggest?keyword=${w}`);
    expect(byProducts.aisles).toEqual([
      { category: many, label: many, matches: 3, isNamed: false },
      { category: few, label: few, matches: 2, isNamed: false },
      { category: 'dairy', label: 'Dairy & eggs', matches: 1, isNamed: false },
    ]);

    const named = await dataOf<ProductSuggestions>('/product/suggest?keyword=dai');
    expect(named.aisles[0]).toMatchObject({ category: 'dairy', label: 'Dairy & eggs', isNamed: true });
    expect(named.aisles.filter((a) => a.category === 'dairy')).toHaveLength(1);
    const veg = await dataOf<ProductSuggestions>('/product/suggest?keyword=veg');
    expect(veg.aisles[0]).toMatchObject({ category: 'fruit-veg', isNamed: true });
  });

  it('answers a staff change at once, though suggestions are kept', async () => {
    const cached = await createTestApp({ env: { CATALOG_CACHE_MS: '60000' } });
    try {
      const w = word();
      const first = await cached.app.inject({ url: `/api/v1/product/suggest?keyword=${w}` });
      expect(first.json<{ data: ProductSuggestions }>().data.products).toEqual([]);
      await createProduct(cached.database.db, { name: `${w} arrives` });
      // Kept: the same answer until a change is announced.
      const kept = await cached.app.inject({ url: `/api/v1/product/suggest?keyword=${w.toUpperCase()}` });
      expect(kept.json<{ data: ProductSuggestions }>().data.products).toEqual([]);
      await announceCatalogChange(cached.database.db);
      await cached.app.catalogChangesHeard();
      const fresh = await cached.app.inject({ url: `/api/v1/product/suggest?keyword=${w}` });
      expect(fresh.json<{ data: ProductSuggestions }>().data.products.map((p) => p.name)).toEqual([
        `${w} arrives`,
      ]);
    } finally {
      await cached.close();
    }
  });

  it.each([
    ['one letter', 'keyword=m'],
    ['one letter between spaces', 'keyword=%20m%20'],
    ['nothing', 'keyword='],
    ['no keyword', ''],
    ['a keyword past 100 characters', `keyword=${'x'.repeat(101)}`],
  ])('answers %s with a 400 naming the keyword', async (_, query) => {
    expect(await fieldsOf(`/product/suggest?${query}`)).toEqual(['querystring.keyword']);
  });

  it('answers a keyword without letters or digits with nothing, never a 500', async () => {
    expect(await dataOf<ProductSuggestions>('/product/suggest?keyword=%25%25_')).toEqual({
      aisles: [],
      products: [],
    });
  });
});

describe('product/list brand and dietary filters', () => {
  async function shelf() {
    const category = aisle();
    const make = (name: string, brand: string | null, dietary: string[]) =>
      createProduct(db(), { category, name, brand, dietary });
    return {
      category,
      oat: await make('A oat milk', 'Oaty', ['vegan', 'gluten_free']),
      cheese: await make('B cheese', 'Dairy Co', ['vegetarian', 'gluten_free']),
      bread: await make('C bread', 'oaty', ['vegetarian', 'vegan']),
      pie: await make('D pie', 'Pies & Co', []),
      plain: await make('E plain', null, ['gluten_free']),
    };
  }
  const idsOf = async (query: string) =>
    (await dataOf<ProductList>(`/product/list?sort=name-asc&${query}`)).list.map((p) => p.productID);

  it('lists the brands asked for, in any letter case, repeated or comma-separated', async () => {
    const s = await shelf();
    expect(await idsOf(`category=${s.category}&brand=OATY`)).toEqual([s.oat.id, s.bread.id]);
    expect(await idsOf(`category=${s.category}&brand=Oaty&brand=Dairy%20Co`)).toEqual([
      s.oat.id,
      s.cheese.id,
      s.bread.id,
    ]);
    expect(await idsOf(`category=${s.category}&brand=dairy%20co,%20pies%20%26%20co`)).toEqual([
      s.cheese.id,
      s.pie.id,
    ]);
    expect(await idsOf(`category=${s.category}&brand=Nobody`)).toEqual([]);
    expect(await idsOf(`category=${s.category}&brand=`)).toHaveLength(5);
  });

  it('lists products carrying every dietary mark asked for, a vegan one counting as vegetarian', async () => {
    const s = await shelf();
    expect(await idsOf(`category=${s.category}&dietary=vegan`)).toEqual([s.oat.id, s.bread.id]);
    expect(await idsOf(`category=${s.category}&dietary=vegetarian`)).toEqual([
      s.oat.id,
      s.cheese.id,
      s.bread.id,
    ]);
    expect(await idsOf(`category=${s.category}&dietary=vegetarian,gluten_free`)).toEqual([
      s.oat.id,
      s.cheese.id,
    ]);
    expect(await idsOf(`category=${s.category}&dietary=gluten_free&brand=oaty`)).toEqual([s.oat.id]);
    const one = await dataOf<ProductList>(
      `/product/list?category=${s.category}&dietary=vegan&pageSize=1&page=2`,
    );
    expect(one).toMatchObject({ total: 2, page: 2 });
    expect(one.list.map((p) => p.dietary)).toEqual([['vegetarian', 'vegan']]);
  });

  it('offers the brands and marks of an aisle or a search, whatever brand or mark is ticked', async () => {
    const s = await shelf();
    const facets = await dataOf<ProductFacets>(`/product/facets?category=${s.category}`);
    expect(facets).toEqual({
      brands: [
        { brand: 'Dairy Co', count: 1 },
        { brand: 'Oaty', count: 1 },
        { brand: 'oaty', count: 1 },
        { brand: 'Pies & Co', count: 1 },
      ],
      dietary: [
        { mark: 'vegetarian', count: 3 },
        { mark: 'vegan', count: 2 },
        { mark: 'gluten_free', count: 3 },
      ],
    });
    const w = word();
    await createProduct(db(), {
      category: s.category,
      name: `${w} rolls`,
      brand: 'Oaty',
      dietary: ['vegan'],
    });
    const searched = await dataOf<ProductFacets>(`/product/facets?keyword=${w}`);
    expect(searched).toEqual({
      brands: [{ brand: 'Oaty', count: 1 }],
      dietary: [
        { mark: 'vegetarian', count: 1 },
        { mark: 'vegan', count: 1 },
        { mark: 'gluten_free', count: 0 },
      ],
    });
    const inStock = await dataOf<ProductFacets>(`/product/facets?keyword=${w}&inStock=true&freeFrom=milk`);
    expect(inStock.brands).toEqual([{ brand: 'Oaty', count: 1 }]);
    expect(await fieldsOf(`/product/facets?keyword=${w}&brand=Oaty`)).toEqual(['querystring']);
  });

  it.each([
    ['dietary', 'dietary=keto'],
    ['dietary', 'dietary=vegan,Vegan%20'],
    ['brand', `brand=${'b'.repeat(81)}`],
    ['brand', `brand=${Array.from({ length: 21 }, (_, i) => `b${i}`).join(',')}`],
  ])('answers a bad %s with a 400 naming it', async (field, query) => {
    expect(await fieldsOf(`/product/list?${query}`)).toEqual([`querystring.${field}`]);
  });
});

describe('product/list sorted by unit price', () => {
  it('groups the units, the most products first, each cheapest per unit first, unknown packs last, and says units differ', async () => {
    const category = aisle();
    const make = (
      name: string,
      priceCents: number,
      pack: { size: number; unit: 'g' | 'ml' | 'each' } | null,
    ) =>
      createProduct(db(), {
        category,
        name,
        priceCents,
        packSize: pack?.size ?? null,
        packUnit: pack?.unit ?? null,
      });
    // Per L: $2.00, $3.00, $4.00. Per kg: $5.00, $10.00. Each: $1.00.
    const juice = await make('Juice 2L', 400, { size: 2000, unit: 'ml' });
    const water = await make('Water 500mL', 200, { size: 500, unit: 'ml' });
    const milk = await make('Milk 1L', 300, { size: 1000, unit: 'ml' });
    const oats = await make('Oats 1kg', 500, { size: 1000, unit: 'g' });
    const tea = await make('Tea 100g', 100, { size: 100, unit: 'g' });
    const eggs = await make('Eggs 12', 1200, { size: 12, unit: 'each' });
    const gift = await make('Gift box', 50, null);

    const sorted = await dataOf<ProductList>(`/product/list?category=${category}&sort=unit-price-asc`);
    expect(sorted.list.map((p) => p.productID)).toEqual([
      juice.id,
      milk.id,
      water.id,
      oats.id,
      tea.id,
      eggs.id,
      gift.id,
    ]);
    expect(sorted.unitPriceOrder).toEqual({
      groups: [
        { per: 'L', count: 3 },
        { per: 'kg', count: 2 },
        { per: 'each', count: 1 },
      ],
      withoutUnitPrice: 1,
      unitsDiffer: true,
    });
    // A later page is of the same order, and says the same.
    const page = await dataOf<ProductList>(
      `/product/list?category=${category}&sort=unit-price-asc&pageSize=2&page=3`,
    );
    expect(page.list.map((p) => p.productID)).toEqual([tea.id, eggs.id]);
    expect(page.unitPriceOrder).toEqual(sorted.unitPriceOrder);

    const oneKind = await dataOf<ProductList>(
      `/product/list?category=${category}&keyword=oats&sort=unit-price-asc`,
    );
    expect(oneKind.unitPriceOrder).toEqual({
      groups: [{ per: 'kg', count: 1 }],
      withoutUnitPrice: 0,
      unitsDiffer: false,
    });
    const otherSort = await dataOf<ProductList>(`/product/list?category=${category}&sort=price-asc`);
    expect(otherSort).not.toHaveProperty('unitPriceOrder');
  });

  it('orders groups of the same size by weight, volume, then count', () => {
    expect(unitPriceOrderOf({ g: 1, ml: 1, each: 1, unknown: 0 }).groups.map((g) => g.per)).toEqual([
      'kg',
      'L',
      'each',
    ]);
    expect(unitPriceOrderOf({ g: 0, ml: 0, each: 0, unknown: 2 })).toEqual({
      groups: [],
      withoutUnitPrice: 2,
      unitsDiffer: false,
    });
  });
});

describe('an aisle named by what is typed', () => {
  it.each([
    ['dai', 'Dairy & eggs', true],
    ['EGGS', 'Dairy & eggs', true],
    ['fruit veg', 'Fruit & veg', true],
    ['veg', 'Fruit & veg', true],
    ['vegan', 'Fruit & veg', false],
    ['bakery', 'Bakery', true],
    ['ry', 'Bakery', false],
    ['snack bar', 'Snacks', false],
    ['&', 'Snacks', false],
  ])('“%s” names %s: %s', (typed, label, isNamed) => {
    expect(isAisleNamed(label, typed)).toBe(isNamed);
  });
});

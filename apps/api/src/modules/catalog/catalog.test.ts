import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductCategoryList, ProductList } from '@storefront/contract/catalog';
import { productListQuery } from '@storefront/contract/catalog';
import type { Allergen } from '@storefront/contract/catalogue-admin';
import { count, eq } from 'drizzle-orm';
import { customerCoupons, products } from '../../db/schema/index.js';
import { DEMO_LOGIN } from '../../db/seed/demo.js';
import { demoProducts, seedDemoCoupons, seedProducts } from '../../db/seed/products.js';
import { registerCustomer } from '../../../test/factories.js';
import { createProduct } from '../../../test/catalog-factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createCatalogService } from './catalog.service.js';
import { createListingCache } from './listing-cache.js';

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

  it('a page past the end is empty and still tells how many there are', async () => {
    const category = `cat-${randomBytes(3).toString('hex')}`;
    for (let i = 0; i < 3; i += 1) await createProduct(db(), { category, name: `Item ${i}` });
    const res = await get(`/product/list?category=${category}&page=5&pageSize=2`);
    expect(res.json<{ data: ProductList }>().data).toEqual({ list: [], total: 3, page: 5, pageSize: 2 });
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
    // Pasted with an invisible zero-width space in it: the same search.
    const pasted = await get(`/product/list?keyword=${encodeURIComponent(`\u200b${word}\ufeff`)}`);
    expect(
      pasted
        .json<{ data: ProductList }>()
        .data.list.map((p) => p.productID)
        .sort(),
    ).toEqual(ids);
  });

  it('ranks whole words of the name first, then word starts, and never matches inside a word', async () => {
    const word = `qx${randomBytes(3).toString('hex')}`;
    const category = `cat-${randomBytes(3).toString('hex')}`;
    const inside = await createProduct(db(), { category, name: `S${word}ed dumplings` });
    const inDescription = await createProduct(db(), {
      category,
      name: 'Aaa',
      description: `A ${word} blend`,
    });
    const start = await createProduct(db(), { category, name: `Abc ${word}s leaves` });
    const whole = await createProduct(db(), { category, name: `Zed ${word} bags` });
    const res = await get(`/product/list?category=${category}&keyword=${word}`);
    const ids = res.json<{ data: ProductList }>().data.list.map((p) => p.productID);
    expect(ids).toEqual([whole.id, start.id, inDescription.id]);
    expect(ids).not.toContain(inside.id);
  });

  it('finds a word by another form of it: a plural, or with a common word before it', async () => {
    // Letters only: words with digits are not stemmed.
    const letters = [...randomBytes(6)].map((b) => 'bcdfghjklmnpqrstvwxz'[b % 20]).join('');
    const word = `mar${letters}n`;
    const category = `cat-${randomBytes(3).toString('hex')}`;
    const product = await createProduct(db(), { category, name: `Zed ${word} biscuits` });
    const ids = async (keyword: string) =>
      (await get(`/product/list?category=${category}&keyword=${encodeURIComponent(keyword)}`))
        .json<{ data: ProductList }>()
        .data.list.map((p) => p.productID);
    expect(await ids(`${word}s`)).toEqual([product.id]);
    expect(await ids(`the ${word}s biscuit`)).toEqual([product.id]);
    expect(await ids(`${word.slice(0, 5)}`)).toEqual([product.id]);
    expect(await ids(`${word}ss`)).toEqual([]);
  });

  /** What a keyword finds among a category's products, and whether it matched every word. */
  const searchIn = async (category: string, keyword: string) => {
    const data = (
      await get(`/product/list?category=${category}&keyword=${encodeURIComponent(keyword)}`)
    ).json<{ data: ProductList }>().data;
    return { ids: data.list.map((p) => p.productID), match: data.keywordMatch };
  };

  it('finds a name with accents typed without them, and the reverse', async () => {
    const category = `cat-${randomBytes(3).toString('hex')}`;
    const creme = await createProduct(db(), { category, name: 'Crème Fraîche 200ml' });
    const jalapeno = await createProduct(db(), { category, name: 'Sliced Jalapeño Peppers' });
    const plain = await createProduct(db(), { category, name: 'Creme Brulee Mix' });
    expect(await searchIn(category, 'creme fraiche')).toEqual({ ids: [creme.id], match: 'all' });
    expect(await searchIn(category, 'jalapeno')).toEqual({ ids: [jalapeno.id], match: 'all' });
    expect(await searchIn(category, 'jalapeños')).toEqual({ ids: [jalapeno.id], match: 'all' });
    expect(await searchIn(category, 'brûlée')).toEqual({ ids: [plain.id], match: 'all' });
    // Accents pasted decomposed (a letter, then its combining mark) are the same letters.
    expect(await searchIn(category, 'FRAI\u0302CHE')).toEqual({ ids: [creme.id], match: 'all' });
  });

  it('finds a name with an apostrophe typed without it, and the reverse (straight or curly)', async () => {
    const category = `cat-${randomBytes(3).toString('hex')}`;
    const arnotts = await createProduct(db(), { category, name: "Arnott's Cream Biscuits" });
    const smiths = await createProduct(db(), { category, name: 'Smith’s Crinkle Chips' });
    const bakers = await createProduct(db(), { category, name: 'Bakers Delight Rolls' });
    const obrien = await createProduct(db(), { category, name: "O'Brien Gluten Free Wraps" });
    expect(await searchIn(category, 'arnotts')).toEqual({ ids: [arnotts.id], match: 'all' });
    expect(await searchIn(category, 'arnott')).toEqual({ ids: [arnotts.id], match: 'all' });
    expect(await searchIn(category, 'smiths chips')).toEqual({ ids: [smiths.id], match: 'all' });
    expect(await searchIn(category, "smith's")).toEqual({ ids: [smiths.id], match: 'all' });
    expect(await searchIn(category, "baker's rolls")).toEqual({ ids: [bakers.id], match: 'all' });
    expect(await searchIn(category, 'baker’s')).toEqual({ ids: [bakers.id], match: 'all' });
    // Not a possessive, so no stem to fall back on: the apostrophe inside the word.
    expect(await searchIn(category, 'obrien wraps')).toEqual({ ids: [obrien.id], match: 'all' });
    expect(await searchIn(category, 'O’Brien')).toEqual({ ids: [obrien.id], match: 'all' });
  });

  it('finds plurals and singulars, hyphenated words by their parts, and a decimal size', async () => {
    const category = `cat-${randomBytes(3).toString('hex')}`;
    const tomatoes = await createProduct(db(), { category, name: 'Roma Tomatoes 1kg' });
    const apple = await createProduct(db(), { category, name: 'Apple Turnover' });
    const berries = await createProduct(db(), { category, name: 'Frozen Mixed Berries 500g' });
    const glutenFree = await createProduct(db(), { category, name: 'Gluten-Free Bread' });
    const water = await createProduct(db(), { category, name: 'Spring Water 1.25L' });
    expect(await searchIn(category, 'tomato')).toEqual({ ids: [tomatoes.id], match: 'all' });
    expect(await searchIn(category, 'apples')).toEqual({ ids: [apple.id], match: 'all' });
    expect(await searchIn(category, 'berry')).toEqual({ ids: [berries.id], match: 'all' });
    expect(await searchIn(category, '  MIXED   berries frozen ')).toEqual({
      ids: [berries.id],
      match: 'all',
    });
    expect(await searchIn(category, 'gluten free')).toEqual({ ids: [glutenFree.id], match: 'all' });
    expect(await searchIn(category, 'gluten-free bread')).toEqual({ ids: [glutenFree.id], match: 'all' });
    expect(await searchIn(category, '1.25l water')).toEqual({ ids: [water.id], match: 'all' });
  });

  it('finds a size typed with a space ("2 l", "500 g", "1.25 L") or without one ("2l") however the name writes it', async () => {
    const category = `cat-${randomBytes(3).toString('hex')}`;
    const milk = await createProduct(db(), { category, name: 'Full Cream Milk 2L' });
    const spaced = await createProduct(db(), { category, name: 'Lite Milk 2 L' });
    const berries = await createProduct(db(), { category, name: 'Frozen Mixed Berries 500g' });
    const water = await createProduct(db(), { category, name: 'Spring Water 1.25L' });
    const both = { ids: [milk.id, spaced.id].sort(), match: 'all' };
    const sorted = async (keyword: string) => {
      const found = await searchIn(category, keyword);
      return { ...found, ids: found.ids.sort() };
    };
    expect(await sorted('milk 2 l')).toEqual(both);
    expect(await sorted('2l milk')).toEqual(both);
    expect(await searchIn(category, 'full cream milk 2 L')).toEqual({ ids: [milk.id], match: 'all' });
    expect(await searchIn(category, 'berries 500 g')).toEqual({ ids: [berries.id], match: 'all' });
    expect(await searchIn(category, '1.25 L water')).toEqual({ ids: [water.id], match: 'all' });
    // A number before a word that is no unit stays a number.
    expect(await searchIn(category, '2 lite')).toEqual({ ids: [spaced.id], match: 'all' });
  });

  it('finds a size by its unit spelt out ("2 litres", "500 grams", "1 kilo"), and a name that spells it out by the unit', async () => {
    const category = `cat-${randomBytes(3).toString('hex')}`;
    const milk = await createProduct(db(), { category, name: 'Full Cream Milk 2L' });
    const berries = await createProduct(db(), { category, name: 'Frozen Mixed Berries 500g' });
    const bananas = await createProduct(db(), { category, name: 'Cavendish Bananas 1kg' });
    const juice = await createProduct(db(), { category, name: 'Apple Juice 1 Litre' });
    expect(await searchIn(category, '2 litres milk')).toEqual({ ids: [milk.id], match: 'all' });
    expect(await searchIn(category, 'milk 2 liter')).toEqual({ ids: [milk.id], match: 'all' });
    expect(await searchIn(category, 'berries 500 grams')).toEqual({ ids: [berries.id], match: 'all' });
    expect(await searchIn(category, '1 kilo bananas')).toEqual({ ids: [bananas.id], match: 'all' });
    expect(await searchIn(category, 'juice 1l')).toEqual({ ids: [juice.id], match: 'all' });
  });

  it('finds "bay leaves" by "bay leaf", a loaf by "loaves", and the other plurals the stemmer leaves apart', async () => {
    const category = `cat-${randomBytes(3).toString('hex')}`;
    const bayLeaves = await createProduct(db(), { category, name: 'Dried Bay Leaves 5g' });
    const loaf = await createProduct(db(), { category, name: 'Wholemeal Sandwich Loaf' });
    const halves = await createProduct(db(), { category, name: 'Peach Halves in Juice' });
    const knife = await createProduct(db(), { category, name: 'Bread Knife' });
    expect(await searchIn(category, 'bay leaf')).toEqual({ ids: [bayLeaves.id], match: 'all' });
    expect(await searchIn(category, 'BAY LEAVES')).toEqual({ ids: [bayLeaves.id], match: 'all' });
    expect(await searchIn(category, 'sandwich loaves')).toEqual({ ids: [loaf.id], match: 'all' });
    expect(await searchIn(category, 'peach half')).toEqual({ ids: [halves.id], match: 'all' });
    expect(await searchIn(category, 'bread knives')).toEqual({ ids: [knife.id], match: 'all' });
  });

  it('finds "Gluten Free" and "Gluten-Free" by "glutenfree", and a one-word compound by its two words', async () => {
    const category = `cat-${randomBytes(3).toString('hex')}`;
    const spaced = await createProduct(db(), { category, name: 'Gluten Free Crackers' });
    const hyphenated = await createProduct(db(), { category, name: 'Gluten-Free Crackers' });
    const joined = await createProduct(db(), { category, name: 'Glutenfree Crackers' });
    const iceCream = await createProduct(db(), { category, name: 'Vanilla Icecream 2L' });
    const eggs = await createProduct(db(), { category, name: 'Free Range Eggs 12pk' });
    const crackers = [spaced.id, hyphenated.id, joined.id].sort();
    const sorted = async (keyword: string) => (await searchIn(category, keyword)).ids.sort();
    expect(await sorted('glutenfree crackers')).toEqual(crackers);
    expect(await sorted('GlutenFree')).toEqual(crackers);
    expect(await sorted('gluten free')).toEqual(crackers);
    expect(await sorted('gluten-free')).toEqual(crackers);
    expect(await sorted('gluten')).toEqual(crackers);
    expect(await searchIn(category, 'vanilla ice cream')).toEqual({ ids: [iceCream.id], match: 'all' });
    expect(await searchIn(category, 'freerange eggs')).toEqual({ ids: [eggs.id], match: 'all' });
  });

  it('lists products with any word of the keyword when none has every word, and says so', async () => {
    const word = () => [...randomBytes(6)].map((b) => 'bcdfghjklmnpqrstvwxz'[b % 20]).join('');
    const [coffee, beans, absent] = [`ca${word()}`, `bo${word()}`, `zu${word()}`];
    const category = `cat-${randomBytes(3).toString('hex')}`;
    const ground = await createProduct(db(), { category, name: `Ground ${coffee} 250g` });
    const search = async (keyword: string) =>
      (await get(`/product/list?category=${category}&keyword=${encodeURIComponent(keyword)}`)).json<{
        data: ProductList;
      }>().data;

    const any = await search(`${coffee} ${beans}`);
    expect(any.list.map((p) => p.productID)).toEqual([ground.id]);
    expect(any).toMatchObject({ total: 1, keywordMatch: 'any' });

    const both = await createProduct(db(), { category, name: `${coffee} ${beans} blend` });
    const every = await search(`${coffee} ${beans}`);
    expect(every.list.map((p) => p.productID)).toEqual([both.id]);
    expect(every.keywordMatch).toBe('all');

    expect(await search(absent)).toMatchObject({ total: 0, keywordMatch: 'all' });
    expect(await search(`${absent} ${word()}`)).toMatchObject({ total: 0, keywordMatch: 'any' });
    const plain = (await get(`/product/list?category=${category}`)).json<{ data: ProductList }>().data;
    expect(plain).not.toHaveProperty('keywordMatch');
  });

  it('sorts by price, unit price and name, and filters specials and stock', async () => {
    const category = `cat-${randomBytes(3).toString('hex')}`;
    const big = await createProduct(db(), {
      category,
      name: 'B big',
      priceCents: 900,
      packSize: 2000,
      packUnit: 'g',
    });
    const small = await createProduct(db(), {
      category,
      name: 'C small',
      priceCents: 300,
      packSize: 200,
      packUnit: 'g',
      wasPriceCents: 400,
    });
    const empty = await createProduct(db(), {
      category,
      name: 'A none',
      priceCents: 500,
      stock: 0,
      wasPriceCents: 500,
    });
    const ids = async (query: string) =>
      (await get(`/product/list?category=${category}&${query}`))
        .json<{ data: ProductList }>()
        .data.list.map((p) => p.productID);
    expect(await ids('sort=price-asc')).toEqual([small.id, empty.id, big.id]);
    expect(await ids('sort=price-desc')).toEqual([big.id, empty.id, small.id]);
    expect(await ids('sort=unit-price-asc')).toEqual([big.id, small.id, empty.id]);
    expect(await ids('sort=name-asc')).toEqual([empty.id, big.id, small.id]);
    expect(await ids('special=true')).toEqual([small.id]);
    expect(await ids('inStock=1&sort=name-asc')).toEqual([big.id, small.id]);
    expect(await ids('inStock=false&special=0')).toHaveLength(3);
  });

  it('lists only products free from an allergen, neither containing nor maybe containing it', async () => {
    const category = `cat-${randomBytes(3).toString('hex')}`;
    const contains = await createProduct(db(), { category, name: 'A cheese', allergensContains: ['milk'] });
    const mayContain = await createProduct(db(), {
      category,
      name: 'B chocolate',
      allergensContains: ['soy'],
      allergensMayContain: ['milk', 'peanut'],
    });
    const free = await createProduct(db(), {
      category,
      name: 'C bread',
      allergensContains: ['wheat', 'gluten'],
    });
    const none = await createProduct(db(), { category, name: 'D apples' });
    const ids = async (query: string) =>
      (await get(`/product/list?category=${category}&sort=name-asc&${query}`))
        .json<{ data: ProductList }>()
        .data.list.map((p) => p.productID);
    expect(await ids('freeFrom=milk')).toEqual([free.id, none.id]);
    expect(await ids('freeFrom=milk&freeFrom=gluten')).toEqual([none.id]);
    expect(await ids('freeFrom=peanut,%20wheat')).toEqual([contains.id, none.id]);
    expect(await ids('freeFrom=soy&inStock=true')).toEqual([contains.id, free.id, none.id]);
    expect(await ids('freeFrom=')).toEqual([contains.id, mayContain.id, free.id, none.id]);
    const total = (await get(`/product/list?category=${category}&freeFrom=milk&pageSize=1&page=9`)).json<{
      data: ProductList;
    }>().data.total;
    expect(total).toBe(2);
  });

  it('keeps a listing free from allergens apart from the unfiltered one in the cache, whatever their order', async () => {
    const category = `cat-${randomBytes(3).toString('hex')}`;
    await createProduct(db(), { category, allergensMayContain: ['egg'] });
    const free = await createProduct(db(), { category });
    const reads: string[] = [];
    const cache = createListingCache<ProductList>({ ttlMs: 60_000, now: Date.now });
    const catalog = createCatalogService(db(), {
      ...cache,
      read: (key, load) => {
        reads.push(key);
        return cache.read(key, load);
      },
    });
    const query = (freeFrom?: Allergen[]) =>
      productListQuery.parse({ category, ...(freeFrom ? { freeFrom } : {}) });
    expect((await catalog.list(query())).total).toBe(2);
    expect((await catalog.list(query(['milk', 'egg']))).list.map((p) => p.productID)).toEqual([free.id]);
    expect((await catalog.list(query(['egg', 'milk', 'egg']))).total).toBe(1);
    expect(new Set(reads).size).toBe(2);
  });

  it('answers an allergen it does not know with a 400 naming freeFrom and the word', async () => {
    const res = await get('/product/list?freeFrom=milk&freeFrom=nuts');
    expect(res.statusCode).toBe(400);
    const fields: { field: string; message: string }[] = res.json().data.fields;
    expect(fields).toEqual([{ field: 'querystring.freeFrom', message: expect.stringContaining('“nuts”') }]);
    expect(fields[0]?.message).toContain('tree nuts');
  });

  it.each([
    ['sort', 'sort=cheapest'],
    ['special', 'special=yes'],
    ['inStock', 'inStock=2'],
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

  it('answers the unit price per kg, 100 g, L, 100 mL or item, and the was price only while on special', async () => {
    const cases = [
      [
        { priceCents: 399, packSize: 1000, packUnit: 'g', category: 'fruit-veg' },
        { cents: 399, per: '1kg' },
      ],
      [
        { priceCents: 450, packSize: 500, packUnit: 'g', category: 'fruit-veg' },
        { cents: 900, per: '1kg' },
      ],
      [
        { priceCents: 180, packSize: 400, packUnit: 'g' },
        { cents: 45, per: '100g' },
      ],
      [
        { priceCents: 1350, packSize: 5000, packUnit: 'g' },
        { cents: 270, per: '1kg' },
      ],
      [
        { priceCents: 350, packSize: 2000, packUnit: 'ml' },
        { cents: 175, per: '1L' },
      ],
      [
        { priceCents: 1200, packSize: 750, packUnit: 'ml' },
        { cents: 160, per: '100mL' },
      ],
      [
        { priceCents: 750, packSize: 12, packUnit: 'each' },
        { cents: 63, per: 'each' },
      ],
      [{ priceCents: 500 }, null],
    ] as const;
    for (const [row, unitPrice] of cases) {
      const p = await createProduct(db(), row);
      expect(
        (await get(`/product/detail?productID=${p.id}`)).json<{ data: Product }>().data.unitPrice,
      ).toEqual(unitPrice);
    }
    const special = await createProduct(db(), { priceCents: 300, wasPriceCents: 450 });
    const notSpecial = await createProduct(db(), { priceCents: 300, wasPriceCents: 300 });
    const detail = async (id: number) =>
      (await get(`/product/detail?productID=${id}`)).json<{ data: Product }>().data;
    expect(await detail(special.id)).toMatchObject({ price: 300, wasPrice: 450, isOnSpecial: true });
    expect(await detail(notSpecial.id)).toMatchObject({ price: 300, wasPrice: null, isOnSpecial: false });
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
    expect(seeded.every((p) => p.packSize && p.packUnit)).toBe(true);
    expect(seeded.filter((p) => p.specialPriceCents !== null).length).toBeGreaterThan(3);
    expect(new Set(seeded.map((p) => p.imageUrl)).size).toBe(seeded.length);
    const [wallet] = await db()
      .select({ n: count() })
      .from(customerCoupons)
      .where(eq(customerCoupons.customerId, demo.user.customerID));
    expect(wallet?.n).toBe(4);
  });
});

import { randomBytes } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductList } from '@storefront/contract/catalog';
import {
  csvColumns,
  IMPORT_PROBLEMS_MAX,
  type CsvColumn,
  type ImportReport,
} from '@storefront/contract/catalogue-admin';
import { errorCatalogue } from '@storefront/contract/errors';
import { auditLog, products, stockMovements } from '../../../db/schema/index.js';
import { createProduct } from '../../../../test/catalog-factories.js';
import { addStaff, staffCall, staffSession } from '../../../../test/staff-factories.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
let owner: string;
let ownerId: number;
let manager: string;
const db = () => t.database.db;

beforeAll(async () => {
  // The shop grid's cache on, as in production: an import must clear it.
  t = await createTestApp({ env: { CATALOG_CACHE_MS: '60000' } });
  ownerId = (await addStaff(db(), 'owner')).id;
  owner = await staffSession(t, ownerId);
  manager = await staffSession(t, (await addStaff(db(), 'manager')).id);
});
afterAll(() => t?.close());

const tag = () => randomBytes(4).toString('hex').toUpperCase();

/** A good row: a 1 kg bag of apples, unless told otherwise. */
function row(values: Partial<Record<CsvColumn, string>> & { sku: string }): Record<CsvColumn, string> {
  return {
    name: `Apples ${values.sku}`,
    brand: 'Orchard Co',
    description: 'Crisp and sweet.',
    aisle: 'fruit-veg',
    price: '4.50',
    gst_free: 'true',
    pack_size: '1000',
    pack_unit: 'g',
    weight_grams: '1000',
    stock: '20',
    active: 'true',
    ingredients: '',
    allergens_contains: '',
    allergens_may_contain: '',
    origin_statement: 'Product of Australia',
    dietary: '',
    ...values,
  };
}

function csv(rows: Record<string, string>[], columns: readonly string[] = csvColumns): string {
  return stringify(rows, { header: true, columns: [...columns] });
}

async function importCsv(body: string, { dryRun = false, token = owner } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/v1/products/import?dryRun=${dryRun}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    payload: body,
  });
  return { status: res.statusCode, ...res.json<{ code: number; msg: string; data: ImportReport }>() };
}

async function report(body: string, options: { dryRun?: boolean } = {}): Promise<ImportReport> {
  const res = await importCsv(body, options);
  expect(res.code, res.msg).toBe(0);
  return res.data;
}

const productBySku = async (sku: string) =>
  (await db().select().from(products).where(eq(products.sku, sku)))[0];

async function productsOf(skus: string[]) {
  return db().select().from(products).where(inArray(products.sku, skus)).orderBy(products.sku);
}

async function ledgerRows(productId: number) {
  return db()
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId))
    .orderBy(stockMovements.id);
}

async function importAudits() {
  const [row] = await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'product.import'));
  return row?.n ?? 0;
}

/** A file with a good update, a good new product and one bad row of each kind, and what it should be told. */
async function fileWithBadRows() {
  const t0 = tag();
  const existing = await createProduct(db(), { sku: `${t0}-OLD`, priceCents: 500 });
  const body = csv([
    row({ sku: existing.sku, price: '9.99' }),
    row({ sku: `${t0}-A`, price: '$4.50' }),
    row({ sku: `${t0}-B`, aisle: 'garden' }),
    row({ sku: existing.sku }),
    row({ sku: `${t0}-C`, pack_unit: 'kg' }),
    row({ sku: `${t0}-D`, allergens_contains: 'milk; gravel' }),
    row({ sku: `${t0}-E`, name: '' }),
    row({ sku: `${t0}-NEW` }),
  ]);
  const problems = [
    { line: 3, column: 'price', reason: 'must be dollars like 4.50 or 4 (no $ sign, at most 2 decimals)' },
    { line: 4, column: 'aisle', reason: expect.stringMatching(/^must be one of fruit-veg, dairy/) },
    { line: 5, column: 'sku', reason: 'is also on line 2' },
    { line: 6, column: 'pack_unit', reason: 'must be g, ml or each' },
    { line: 7, column: 'allergens_contains', reason: expect.stringMatching(/^"gravel" is not an allergen/) },
    { line: 8, column: 'name', reason: 'is missing' },
  ];
  return {
    existing,
    body,
    problems,
    newSku: `${t0}-NEW`,
    badSkus: ['A', 'B', 'C', 'D', 'E'].map((s) => `${t0}-${s}`),
  };
}

describe('product import', () => {
  it('a dry run answers every bad row with its line, column and reason, and changes nothing', async () => {
    const { existing, body, problems, newSku } = await fileWithBadRows();
    const audits = await importAudits();

    const answer = await report(body, { dryRun: true });

    expect(answer).toEqual({
      dryRun: true,
      applied: false,
      rows: 8,
      created: 1,
      updated: 1,
      unchanged: 0,
      problems,
      moreProblems: 0,
    });
    expect(await productBySku(existing.sku)).toMatchObject({ priceCents: 500, version: 1 });
    expect(await productBySku(newSku)).toBeUndefined();
    expect(await importAudits()).toBe(audits);
  });

  it('a real import of a file with bad rows changes nothing and answers the same report', async () => {
    const { existing, body, problems, newSku, badSkus } = await fileWithBadRows();
    const audits = await importAudits();

    const answer = await report(body);

    expect(answer).toEqual({
      dryRun: false,
      applied: false,
      rows: 8,
      created: 1,
      updated: 1,
      unchanged: 0,
      problems,
      moreProblems: 0,
    });
    expect(await productBySku(existing.sku)).toMatchObject({ priceCents: 500, version: 1 });
    expect(await productsOf([newSku, ...badSkus])).toEqual([]);
    expect(await importAudits()).toBe(audits);
  });

  it('a clean import creates and updates by SKU, and the shop lists the change at once', async () => {
    const word = `zq${tag().toLowerCase()}`;
    const existing = await createProduct(db(), {
      sku: `${word}-1`.toUpperCase(),
      name: `Plain ${word} loaf`,
    });
    const list = async () =>
      (await t.app.inject({ url: `/api/v1/product/list?keyword=${word}` })).json<{ data: ProductList }>()
        .data;
    // Read once so the shop grid's cache holds the old listing.
    expect((await list()).list.map((p) => p.name)).toEqual([`Plain ${word} loaf`]);

    const answer = await report(
      csv([
        row({
          sku: existing.sku,
          name: `Seeded ${word} loaf`,
          aisle: 'bakery',
          price: '6',
          pack_size: '',
          pack_unit: '',
        }),
        row({
          sku: `${word}-2`.toUpperCase(),
          name: `Rye ${word} loaf`,
          aisle: 'bakery',
          allergens_contains: 'wheat;gluten',
        }),
      ]),
    );

    expect(answer).toMatchObject({
      applied: true,
      rows: 2,
      created: 1,
      updated: 1,
      unchanged: 0,
      problems: [],
    });
    await t.app.catalogChangesHeard();
    const listed = (await list()).list;
    expect(listed.map((p) => [p.name, p.price]).sort()).toEqual([
      [`Rye ${word} loaf`, 450],
      [`Seeded ${word} loaf`, 600],
    ]);
    const detail = await t.app.inject({ url: `/api/v1/product/detail?productID=${existing.id}` });
    expect(detail.json<{ data: Product }>().data).toMatchObject({
      name: `Seeded ${word} loaf`,
      price: 600,
      category: 'bakery',
    });
    expect(await productBySku(existing.sku)).toMatchObject({
      version: 2,
      updatedAt: t.clock.now(),
      packSize: null,
      packUnit: null,
      brand: 'Orchard Co',
      originStatement: 'Product of Australia',
    });
    const created = await productBySku(`${word}-2`.toUpperCase());
    expect(created).toMatchObject({
      version: 1,
      stock: 20,
      allergensContains: ['wheat', 'gluten'],
      gstFree: true,
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.import'), eq(auditLog.staffId, ownerId)))
      .orderBy(auditLog.id)
      .limit(1)
      .offset((await importAudits()) - 1);
    expect(audit).toMatchObject({
      targetType: 'product',
      targetId: 'import',
      after: { rows: 2, created: 1, updated: 1, unchanged: 0 },
    });
  });

  it('the same file imported twice changes nothing the second time', async () => {
    const t0 = tag();
    const existing = await createProduct(db(), { sku: `${t0}-1`, stock: 3 });
    const body = csv([row({ sku: existing.sku, stock: '12' }), row({ sku: `${t0}-2`, stock: '5' })]);
    expect(await report(body)).toMatchObject({ applied: true, created: 1, updated: 1, unchanged: 0 });
    const before = await productsOf([`${t0}-1`, `${t0}-2`]);
    const ledgerBefore = await Promise.all(before.map((p) => ledgerRows(p.id)));
    t.clock.advance(60_000);

    expect(await report(body)).toEqual({
      dryRun: false,
      applied: true,
      rows: 2,
      created: 0,
      updated: 0,
      unchanged: 2,
      problems: [],
      moreProblems: 0,
    });
    expect(await productsOf([`${t0}-1`, `${t0}-2`])).toEqual(before);
    expect(await Promise.all(before.map((p) => ledgerRows(p.id)))).toEqual(ledgerBefore);
  });

  it('the export, imported again, changes nothing', async () => {
    await createProduct(db(), {
      sku: `${tag()}-X`,
      name: 'Shortbread, "Scottish" style',
      description: 'Buttery.\nBaked in small batches; keep dry.',
      brand: null,
      packSize: 250,
      packUnit: 'g',
      ingredients: 'Flour (wheat), butter (milk), sugar',
      allergensContains: ['wheat', 'milk', 'gluten'],
      allergensMayContain: ['tree nuts'],
      originStatement: null,
      dietary: ['vegetarian'],
      gstFree: false,
      priceCents: 1234,
      wasPriceCents: 1500,
      isActive: false,
      stock: 0,
    });
    await createProduct(db(), {
      sku: `${tag()}-Y`,
      name: 'Crème fraîche 200ml',
      category: 'dairy',
      gstFree: true,
    });

    const exported = await staffCall(t, manager, 'GET', '/products/export');

    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toMatch(
      /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(exported.body.startsWith(`\ufeff${csvColumns.join(',')}\n`)).toBe(true);
    const n = (await db().select({ n: count() }).from(products))[0]?.n;
    expect(exported.body).toContain('"Shortbread, ""Scottish"" style"');
    const answer = await report(exported.body);
    expect(answer).toEqual({
      dryRun: false,
      applied: true,
      rows: n,
      created: 0,
      updated: 0,
      unchanged: n,
      problems: [],
      moreProblems: 0,
    });
  });

  it('stock set by the import is in the stock ledger as the import, by the member who ran it', async () => {
    const t0 = tag();
    const restocked = await createProduct(db(), { sku: `${t0}-1`, stock: 10 });
    const kept = await createProduct(db(), { sku: `${t0}-2`, stock: 4 });

    await report(
      csv([
        row({ sku: restocked.sku, stock: '25' }),
        row({ sku: kept.sku, stock: '', price: '7' }),
        row({ sku: `${t0}-3`, stock: '7' }),
      ]),
    );

    const made = await productBySku(`${t0}-3`);
    expect(made?.stock).toBe(7);
    expect((await productBySku(kept.sku))?.stock).toBe(4);
    const moves = async (id: number) =>
      (await ledgerRows(id)).map(({ delta, stockAfter, reason, staffId }) => ({
        delta,
        stockAfter,
        reason,
        staffId,
      }));
    expect((await moves(restocked.id)).at(-1)).toEqual({
      delta: 15,
      stockAfter: 25,
      reason: 'import',
      staffId: ownerId,
    });
    expect((await moves(kept.id)).map((m) => m.reason)).toEqual(['created']);
    expect(await moves(made?.id ?? 0)).toEqual([
      { delta: 7, stockAfter: 7, reason: 'import', staffId: ownerId },
    ]);
  });

  it('columns the file leaves out keep their values', async () => {
    const existing = await createProduct(db(), {
      sku: `${tag()}-1`,
      brand: 'Keepers',
      weightGrams: 750,
      allergensContains: ['soy'],
    });
    const body = csv(
      [{ sku: existing.sku, name: 'Renamed', aisle: 'pantry', price: '5.00' }],
      ['sku', 'name', 'aisle', 'price'],
    );

    expect(await report(body)).toMatchObject({ applied: true, updated: 1 });

    expect(await productBySku(existing.sku)).toMatchObject({
      name: 'Renamed',
      brand: 'Keepers',
      weightGrams: 750,
      allergensContains: ['soy'],
      stock: 10,
      version: 2,
    });
  });

  it('the dietary column sets the marks as the file has them, in any order, and names a mark it does not know', async () => {
    const existing = await createProduct(db(), { sku: `${tag()}-1`, dietary: ['vegetarian'] });
    const newSku = `${tag()}-2`;
    const body = csv(
      [
        {
          sku: existing.sku,
          name: 'Oat milk 1L',
          aisle: 'drinks',
          price: '3.00',
          dietary: 'vegan;vegetarian',
        },
        { sku: newSku, name: 'Rice cakes', aisle: 'snacks', price: '2.00', dietary: 'gluten free | vegan' },
      ],
      ['sku', 'name', 'aisle', 'price', 'dietary'],
    );
    expect(await report(body)).toMatchObject({ applied: true, created: 1, updated: 1 });
    expect((await productBySku(existing.sku))?.dietary).toEqual(['vegetarian', 'vegan']);
    expect((await productBySku(newSku))?.dietary).toEqual(['vegan', 'gluten_free']);
    // The same marks in another order are no change.
    const again = csv(
      [
        {
          sku: existing.sku,
          name: 'Oat milk 1L',
          aisle: 'drinks',
          price: '3.00',
          dietary: 'vegetarian;vegan',
        },
      ],
      ['sku', 'name', 'aisle', 'price', 'dietary'],
    );
    expect(await report(again)).toMatchObject({ updated: 0, unchanged: 1 });

    const bad = await report(
      csv(
        [{ sku: newSku, name: 'Rice cakes', aisle: 'snacks', price: '2.00', dietary: 'vegan;paleo' }],
        ['sku', 'name', 'aisle', 'price', 'dietary'],
      ),
    );
    expect(bad.problems).toEqual([
      { line: 2, column: 'dietary', reason: expect.stringMatching(/^"paleo" is not a dietary mark/) },
    ]);
    expect((await productBySku(newSku))?.dietary).toEqual(['vegan', 'gluten_free']);
  });

  it('a header with unknown or missing columns is a problem on line 1', async () => {
    const answer = await report('sku,title,price,pack_size\nA-1,Apples,4.50,1000\n', { dryRun: true });
    expect(answer.problems).toEqual([
      { line: 1, column: 'title', reason: expect.stringMatching(/^is not a column of the product file/) },
      { line: 1, column: 'name', reason: 'is missing: a file needs sku, name, aisle, price' },
      { line: 1, column: 'aisle', reason: 'is missing: a file needs sku, name, aisle, price' },
      { line: 1, column: 'pack_unit', reason: 'is missing: pack_size and pack_unit come together' },
    ]);
    expect(answer.rows).toBe(1);
  });

  it('a price not above a running special is refused, as the special must stay below it', async () => {
    const onSpecial = await createProduct(db(), { sku: `${tag()}-S`, priceCents: 300, wasPriceCents: 500 });
    const answer = await report(csv([row({ sku: onSpecial.sku, price: '3.00' })]));
    expect(answer).toMatchObject({
      applied: false,
      problems: [{ line: 2, column: 'price', reason: expect.stringMatching(/special price \(3\.00\)/) }],
    });
    expect(await productBySku(onSpecial.sku)).toMatchObject({ priceCents: 500, version: 1 });
  });

  it('a file that stops being CSV is a problem on the line it happened, not a failure', async () => {
    const sku = tag();
    const body = `${csv([row({ sku })])}${sku}-2,"Apples\n`;
    const res = await importCsv(body);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      applied: false,
      problems: [{ line: 3, column: null, reason: 'a quoted value is not closed: a " is missing' }],
    });
    expect(await productBySku(sku)).toBeUndefined();
  });

  it('lists the first problems and counts the rest', async () => {
    const rows = Array.from({ length: IMPORT_PROBLEMS_MAX + 20 }, (_, i) =>
      row({ sku: `${tag()}-${i}`, price: 'free' }),
    );
    const answer = await report(csv(rows), { dryRun: true });
    expect(answer.problems).toHaveLength(IMPORT_PROBLEMS_MAX);
    expect(answer.problems[0]).toMatchObject({ line: 2, column: 'price' });
    expect(answer.moreProblems).toBe(20);
  });

  it('an empty file is a 400 naming the body', async () => {
    const res = await importCsv('');
    expect(res.status).toBe(400);
    expect(res.code).toBe(errorCatalogue.VALIDATION.code);
    expect(res.msg).toMatch(/^body: /);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/v1/products/import?dryRun=true',
      headers: { authorization: `Bearer ${owner}` },
      payload: { sku: 'A-1' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().msg).toMatch(/^body: must be the CSV file/);
  });

  it('pickers and support may neither import nor export', async () => {
    for (const role of ['picker', 'support'] as const) {
      const token = await staffSession(t, (await addStaff(db(), role)).id);
      const sku = tag();
      const res = await importCsv(csv([row({ sku })]), { token });
      expect(res.status).toBe(403);
      expect((await staffCall(t, token, 'GET', '/products/export')).statusCode).toBe(403);
      expect(await productBySku(sku)).toBeUndefined();
    }
    expect((await importCsv(csv([row({ sku: tag() })]), { token: manager, dryRun: true })).code).toBe(0);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../test/catalog-factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { products } from './schema/index.js';
import { APOSTROPHES, FOLDED_LETTERS, foldedSql, foldForSearch } from './search-fold.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

describe('search folding', () => {
  it('folds a keyword in JavaScript as the database folds the product text', async () => {
    const name = `${FOLDED_LETTERS}${APOSTROPHES} Crème Brûlée, Arnott’s Jalapeño`;
    const product = await createProduct(db(), { name });
    const [row] = await db()
      .select({ folded: sql<string>`${foldedSql(sql`${products.name}`)}` })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.folded).toBe(foldForSearch(name));
    expect(foldForSearch('Crème Brûlée, Arnott’s Jalapeño')).toBe('Creme Brulee, Arnotts Jalapeno');
  });

  it("stores a product's words folded, its name's weighted A, as written and as English stems", async () => {
    const product = await createProduct(db(), { name: 'Crème Fraîche', description: "Arnott's berries" });
    const [row] = await db()
      .select({
        words: sql<string>`${products.searchWords}::text`,
        stems: sql<string>`${products.searchStems}::text`,
      })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row).toEqual({
      words: "'arnotts':3B 'berries':4B 'creme':1A 'fraiche':2A",
      stems: "'arnott':3B 'berri':4B 'creme':1A 'fraich':2A",
    });
  });
});

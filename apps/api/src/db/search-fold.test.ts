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

  it('joins a size to its unit (spelt out or not), folds irregular plurals and splits one-word compounds alike on both sides', async () => {
    const texts = {
      'Milk 2 L, 500 G and 1.25 l; 12 pk': 'Milk 2L, 500G and 1.25l; 12pk',
      'Milk 2 Litres, 1 kilo, 500grams, 250 Millilitres, 5 mg; 1.25 liter, 3 KGS, 2 lt':
        'Milk 2l, 1kg, 500g, 250ml, 5mg; 1.25l, 3kg, 2l',
      'Graham crackers, 2 lite, 3 literary, 4 grammar, litre 5':
        'Graham crackers, 2 lite, 3 literary, 4 grammar, litre 5',
      '2 large eggs, 3 lemons, 4 gallons, 24 Pack': '2 large eggs, 3 lemons, 4 gallons, 24 Pack',
      'Bay LEAVES, Loaves, halves & knives': 'Bay leaf, loaf, half & knife',
      'Sleaves shelves leavesx': 'Sleaves shelves leavesx',
      'Glutenfree, SUGARFREE, freerange, Wholemeal, icecream':
        'Gluten free, SUGAR FREE, free range, Whole meal, ice cream',
      'Gluten-free, glutenfreely, pineapple': 'Gluten-free, glutenfreely, pineapple',
      // After the letters are folded: "é" is an "e" by then.
      'Crème Brûlée 2 Lé, Frée-range': 'Creme Brulee 2 Le, Free-range',
    };
    for (const [text, folded] of Object.entries(texts)) {
      const product = await createProduct(db(), { name: text });
      const [row] = await db()
        .select({ folded: sql<string>`${foldedSql(sql`${products.name}`)}` })
        .from(products)
        .where(eq(products.id, product.id));
      expect(foldForSearch(text)).toBe(folded);
      expect(row?.folded).toBe(folded);
    }
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

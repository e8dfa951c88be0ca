import { describe, expect, it } from 'vitest';
import { demoDietary } from './dietary.js';
import { demoProducts } from './products.js';

const ANIMAL = ['milk', 'egg', 'fish', 'crustacea', 'mollusc'];
const GLUTEN = ['wheat', 'gluten'];

describe('the demo dietary marks', () => {
  it('name only demo products, each mark once', () => {
    const skus = new Set(demoProducts.map((p) => p.sku));
    for (const [sku, marks] of Object.entries(demoDietary)) {
      expect(skus.has(sku), sku).toBe(true);
      expect(new Set(marks).size, sku).toBe(marks.length);
    }
  });

  it('agree with the allergens the same products declare', () => {
    for (const p of demoProducts) {
      const marks = demoDietary[p.sku] ?? [];
      const contains: string[] = p.contains ?? [];
      if (marks.includes('vegan')) {
        expect(
          contains.filter((a) => ANIMAL.includes(a)),
          p.name,
        ).toEqual([]);
        expect(marks, `${p.name} is vegan, so vegetarian`).toContain('vegetarian');
      }
      if (marks.includes('vegetarian')) expect(contains, p.name).not.toContain('fish');
      if (marks.includes('gluten_free'))
        expect(
          contains.filter((a) => GLUTEN.includes(a)),
          p.name,
        ).toEqual([]);
      if (/gelatine|pork/i.test(p.ingredients ?? '')) expect(marks, p.name).toEqual([]);
    }
  });

  it('give the shop vegan, vegetarian and gluten free products in several aisles', () => {
    const aislesWith = (mark: string) =>
      new Set(demoProducts.filter((p) => demoDietary[p.sku]?.some((m) => m === mark)).map((p) => p.category));
    for (const mark of ['vegan', 'vegetarian', 'gluten_free'])
      expect(aislesWith(mark).size).toBeGreaterThan(3);
  });
});

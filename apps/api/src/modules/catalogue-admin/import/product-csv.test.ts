import { describe, expect, it } from 'vitest';
import { csvColumns } from '@storefront/contract/catalogue-admin';
import {
  productCsvRecord,
  readAllergens,
  readDietary,
  readHeader,
  readPrice,
  readRow,
  readYesNo,
  type ExportProduct,
} from './product-csv.js';

describe('the product file’s cells', () => {
  it('reads prices as a spreadsheet shows dollars, to cents, and refuses anything else', () => {
    expect(['4.50', '4', '4.5', '0.05', '100000'].map(readPrice)).toEqual([
      { value: 450 },
      { value: 400 },
      { value: 450 },
      { value: 5 },
      { value: 10_000_000 },
    ]);
    for (const bad of ['$4.50', '4.505', '1,000', '-1', '4.', 'free'])
      expect(readPrice(bad)).toEqual({
        reason: 'must be dollars like 4.50 or 4 (no $ sign, at most 2 decimals)',
      });
    expect(readPrice('0.00')).toEqual({ reason: 'must be more than 0' });
    expect(readPrice('100000.01')).toEqual({ reason: 'must be at most 100000.00' });
  });

  it('takes true/false, yes/no and 1/0 in any letter case', () => {
    expect(['TRUE', 'yes', '1', 'False', 'NO', '0'].map(readYesNo)).toEqual(
      [true, true, true, false, false, false].map((value) => ({ value })),
    );
    expect(readYesNo('')).toHaveProperty('reason');
  });

  it('reads allergens separated by ";", each once, and names one it does not know', () => {
    expect(readAllergens(' Milk ; soy;;milk ')).toEqual({ value: ['milk', 'soy'] });
    expect(readAllergens('')).toEqual({ value: [] });
    expect(readAllergens('milk;nuts')).toMatchObject({
      reason: expect.stringMatching(/^"nuts" is not an allergen/),
    });
  });

  it('reads dietary marks separated by ";" or "|", a space or dash for the underscore, and names one it does not know', () => {
    expect(readDietary(' Gluten free | vegan;vegan ')).toEqual({ value: ['vegan', 'gluten_free'] });
    expect(readDietary('gluten-free')).toEqual({ value: ['gluten_free'] });
    expect(readDietary('')).toEqual({ value: [] });
    expect(readDietary('vegan;keto')).toMatchObject({
      reason: expect.stringMatching(/^"keto" is not a dietary mark/),
    });
  });

  it('a product written by the export reads back as the same product', () => {
    const product: ExportProduct = {
      sku: 'SB-250',
      name: 'Shortbread, "Scottish" style',
      brand: null,
      description: 'Buttery.\nKeep dry.',
      category: 'bakery',
      priceCents: 1205,
      gstFree: false,
      packSize: 250,
      packUnit: 'g',
      weightGrams: 260,
      stock: 0,
      isActive: false,
      ingredients: 'Flour (wheat), butter (milk)',
      allergensContains: ['wheat', 'milk'],
      allergensMayContain: [],
      originStatement: null,
      dietary: ['vegetarian', 'gluten_free'],
    };
    const record = productCsvRecord(product);
    const { header } = readHeader(1, [...csvColumns]);
    const { row, problems } = readRow(
      header,
      { line: 2, fields: csvColumns.map((c) => record[c]) },
      new Map(),
    );
    expect(problems).toEqual([]);
    expect(row).toEqual({ ...product, line: 2 });
  });
});

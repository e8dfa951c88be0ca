/** A product file for the back office's import (README, "Product CSV"): made in the test, one row per product. */

const AISLES = ['fruit-veg', 'dairy', 'bakery', 'pantry', 'drinks', 'frozen', 'snacks', 'mooncakes'] as const;
const COLUMNS = [
  'sku',
  'name',
  'brand',
  'aisle',
  'price',
  'pack_size',
  'pack_unit',
  'weight_grams',
  'stock',
  'description',
] as const;

export type CsvRow = Record<(typeof COLUMNS)[number], string>;

/** `count` products of the run `run`: SKUs E2E-<run>-0001 up, every aisle in turn, 20 of each in stock. */
export function makeProductRows(run: string, count: number): CsvRow[] {
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(4, '0');
    return {
      sku: `E2E-${run}-${n}`,
      name: `Harbour Test Pantry Jar ${run} ${n}`,
      brand: 'Harbour Test',
      aisle: AISLES[i % AISLES.length] ?? 'pantry',
      price: (2 + (i % 40) * 0.25).toFixed(2),
      pack_size: '500',
      pack_unit: 'g',
      weight_grams: '520',
      stock: '20',
      // A comma and quotes, so the file's quoting is read as a spreadsheet writes it.
      description: `Jar ${n}, packed for the "catalogue" journey`,
    };
  });
}

/** The file's line of a row: the header is line 1. */
export const lineOf = (index: number) => index + 2;

function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The rows as a CSV file (UTF-8, CRLF line ends as spreadsheets save them). */
export function toCsv(rows: CsvRow[]): Buffer {
  const lines = [COLUMNS.join(','), ...rows.map((row) => COLUMNS.map((c) => cell(row[c])).join(','))];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

// The product file's format, both ways: what a cell of the import means, and how the export writes it back.
import type { z } from 'zod';
import { dietaryMarks, type DietaryMark } from '@storefront/contract/catalog';
import {
  aisle,
  allergens,
  csvColumns,
  packUnit,
  productFields,
  type Allergen,
  type CsvColumn,
  type ImportProblem,
} from '@storefront/contract/catalogue-admin';

type PackUnit = z.infer<typeof packUnit>;

/** A good row of the file, ready to stage. Columns the file leaves out hold what a new product starts with. */
export type ImportRow = {
  line: number;
  sku: string;
  name: string;
  brand: string | null;
  description: string;
  category: string;
  priceCents: number;
  gstFree: boolean;
  packSize: number | null;
  packUnit: PackUnit | null;
  weightGrams: number;
  /** Null when the cell is empty: a product keeps its stock, a new one starts with none. */
  stock: number | null;
  isActive: boolean;
  ingredients: string | null;
  allergensContains: Allergen[];
  allergensMayContain: Allergen[];
  originStatement: string | null;
  dietary: DietaryMark[];
};

/** The product columns a file must have: enough to make a product. The others may be left out, and then change nothing. */
export const REQUIRED_COLUMNS = ['sku', 'name', 'aisle', 'price'] as const satisfies readonly CsvColumn[];

export type CsvHeader = { columns: Map<CsvColumn, number>; width: number };

const isColumn = (name: string): name is CsvColumn => (csvColumns as readonly string[]).includes(name);
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The header: which column is where, or why the file cannot be read by it. */
export function readHeader(line: number, fields: string[]): { header: CsvHeader; problems: ImportProblem[] } {
  const columns = new Map<CsvColumn, number>();
  const problems: ImportProblem[] = [];
  fields.forEach((field, i) => {
    const name = field.trim().toLowerCase();
    if (name === '') {
      problems.push({ line, column: null, reason: `column ${i + 1} of the header has no name` });
    } else if (!isColumn(name)) {
      problems.push({
        line,
        column: cut(field.trim(), 40),
        reason: `is not a column of the product file (${csvColumns.join(', ')})`,
      });
    } else if (columns.has(name)) {
      problems.push({ line, column: name, reason: 'is in the header twice' });
    } else {
      columns.set(name, i);
    }
  });
  for (const name of REQUIRED_COLUMNS) {
    if (!columns.has(name))
      problems.push({
        line,
        column: name,
        reason: `is missing: a file needs ${REQUIRED_COLUMNS.join(', ')}`,
      });
  }
  if (columns.has('pack_size') !== columns.has('pack_unit')) {
    const missing = columns.has('pack_size') ? 'pack_unit' : 'pack_size';
    problems.push({ line, column: missing, reason: 'is missing: pack_size and pack_unit come together' });
  }
  return { header: { columns, width: fields.length }, problems };
}

type Cell<T> = { value: T } | { reason: string };

const MISSING = { reason: 'is missing' };

/** A zod schema's verdict on a cell, its first complaint as the reason. */
function bySchema<T>(schema: z.ZodType<T>, value: string): Cell<T> {
  const result = schema.safeParse(value);
  if (result.success) return { value: result.data };
  const [issue] = result.error.issues;
  if (issue?.code === 'too_big') return { reason: `must be at most ${String(issue.maximum)} characters` };
  return { reason: issue?.message ?? 'is not valid' };
}

const orNull = <T>(value: string, read: (v: string) => Cell<T>): Cell<T | null> =>
  value === '' ? { value: null } : read(value);

const PRICE = /^(\d{1,7})(?:\.(\d{1,2}))?$/;
const PRICE_MAX_CENTS = 10_000_000;

/** Dollars as a spreadsheet shows them ("4.50", "4"), to cents; no "$", no thousands commas. */
export function readPrice(value: string): Cell<number> {
  if (value === '') return MISSING;
  const match = PRICE.exec(value);
  if (!match) return { reason: 'must be dollars like 4.50 or 4 (no $ sign, at most 2 decimals)' };
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (cents <= 0) return { reason: 'must be more than 0' };
  if (cents > PRICE_MAX_CENTS) return { reason: `must be at most ${formatPrice(PRICE_MAX_CENTS)}` };
  return { value: cents };
}

export function formatPrice(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

const YES = new Set(['true', 'yes', '1']);
const NO = new Set(['false', 'no', '0']);

export function readYesNo(value: string): Cell<boolean> {
  const word = value.toLowerCase();
  if (YES.has(word)) return { value: true };
  if (NO.has(word)) return { value: false };
  return { reason: 'must be true or false (yes/no and 1/0 are taken too)' };
}

function readWhole(value: string, min: number, max: number): Cell<number> {
  const n = /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= min && n <= max)) return { reason: `must be a whole number from ${min} to ${max}` };
  return { value: n };
}

const isAllergen = (name: string): name is Allergen => (allergens as readonly string[]).includes(name);

/** Allergens separated by ";", each named as the contract names them; each kept once, in the file's order. */
export function readAllergens(value: string): Cell<Allergen[]> {
  const found: Allergen[] = [];
  for (const part of value.split(';')) {
    const name = part.trim().toLowerCase();
    if (name === '') continue;
    if (!isAllergen(name))
      return {
        reason: `"${cut(part.trim(), 40)}" is not an allergen: use ${allergens.join(', ')}, separated by ;`,
      };
    if (!found.includes(name)) found.push(name);
  }
  return { value: found };
}

const isDietaryMark = (name: string): name is DietaryMark =>
  (dietaryMarks as readonly string[]).includes(name);

/**
 * Dietary marks separated by ";" (or "|"), as allergens are written: "vegan;gluten_free". A space or a dash may stand
 * for the underscore ("gluten free"). Kept in the list's order, each once.
 */
export function readDietary(value: string): Cell<DietaryMark[]> {
  const found = new Set<DietaryMark>();
  for (const part of value.split(/[;|]/)) {
    const name = part
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    if (name === '') continue;
    if (!isDietaryMark(name))
      return {
        reason: `"${cut(part.trim(), 40)}" is not a dietary mark: use ${dietaryMarks.join(', ')}, separated by ;`,
      };
    found.add(name);
  }
  return { value: dietaryMarks.filter((m) => found.has(m)) };
}

const cells = {
  sku: (v: string) => (v === '' ? MISSING : bySchema(productFields.shape.sku, v)),
  name: (v: string) => (v === '' ? MISSING : bySchema(productFields.shape.name, v)),
  brand: (v: string) => orNull(v, (s) => bySchema(productFields.shape.brand, s)),
  description: (v: string) => bySchema(productFields.shape.description, v),
  aisle: (v: string) => (v === '' ? MISSING : bySchema(aisle, v.toLowerCase())),
  price: readPrice,
  gst_free: readYesNo,
  pack_size: (v: string) => orNull(v, (s) => readWhole(s, 1, 1_000_000)),
  pack_unit: (v: string) => orNull(v, (s) => bySchema(packUnit, s.toLowerCase())),
  weight_grams: (v: string) => (v === '' ? MISSING : readWhole(v, 0, 100_000)),
  stock: (v: string) => orNull(v, (s) => readWhole(s, 0, 1_000_000)),
  active: readYesNo,
  ingredients: (v: string) => orNull(v, (s) => bySchema(productFields.shape.ingredients, s)),
  allergens_contains: readAllergens,
  allergens_may_contain: readAllergens,
  origin_statement: (v: string) => orNull(v, (s) => bySchema(productFields.shape.originStatement, s)),
  dietary: readDietary,
} satisfies Record<CsvColumn, (value: string) => Cell<unknown>>;

type CellValues = { [C in CsvColumn]: ReturnType<(typeof cells)[C]> extends Cell<infer T> ? T : never };

/** What a new product has for a column the file leaves out. */
const DEFAULTS: Omit<CellValues, (typeof REQUIRED_COLUMNS)[number]> = {
  brand: null,
  description: '',
  gst_free: false,
  pack_size: null,
  pack_unit: null,
  weight_grams: 0,
  stock: null,
  active: true,
  ingredients: null,
  allergens_contains: [],
  allergens_may_contain: [],
  origin_statement: null,
  dietary: [],
};

/** A text that was not UTF-8: the decoder's replacement character (a spreadsheet's "CSV" in the Windows code page). */
const NOT_UTF8 = '\uFFFD';

/**
 * One data row: its values, or every cell that is wrong. `firstLineOf` holds the SKUs seen so far (a SKU's first
 * line), so a SKU twice in the file is refused on its second line.
 */
export function readRow(
  header: CsvHeader,
  { line, fields }: { line: number; fields: string[] },
  firstLineOf: Map<string, number>,
): { row: ImportRow | null; problems: ImportProblem[] } {
  if (fields.length !== header.width) {
    const reason = `has ${fields.length} ${fields.length === 1 ? 'value' : 'values'}; the header has ${header.width}`;
    return { row: null, problems: [{ line, column: null, reason }] };
  }
  const problems: ImportProblem[] = [];
  const values: Partial<Record<CsvColumn, unknown>> = { ...DEFAULTS };
  for (const [column, index] of header.columns) {
    const raw = fields[index] ?? '';
    if (raw.includes(NOT_UTF8)) {
      problems.push({ line, column, reason: 'is not UTF-8 text: save the file as "CSV UTF-8"' });
      continue;
    }
    const cell: Cell<unknown> = cells[column](raw.trim());
    if ('reason' in cell) problems.push({ line, column, reason: cell.reason });
    else values[column] = cell.value;
  }
  const v = values as CellValues;
  if (problems.length === 0 && (v.pack_size === null) !== (v.pack_unit === null)) {
    const column = v.pack_size === null ? 'pack_size' : 'pack_unit';
    problems.push({ line, column, reason: 'is missing: pack_size and pack_unit come together' });
  }
  if (typeof v.sku === 'string') {
    const first = firstLineOf.get(v.sku);
    if (first !== undefined) problems.push({ line, column: 'sku', reason: `is also on line ${first}` });
    else firstLineOf.set(v.sku, line);
  }
  if (problems.length > 0) return { row: null, problems };
  return {
    row: {
      line,
      sku: v.sku,
      name: v.name,
      brand: v.brand,
      description: v.description,
      category: v.aisle,
      priceCents: v.price,
      gstFree: v.gst_free,
      packSize: v.pack_size,
      packUnit: v.pack_unit,
      weightGrams: v.weight_grams,
      stock: v.stock,
      isActive: v.active,
      ingredients: v.ingredients,
      allergensContains: v.allergens_contains,
      allergensMayContain: v.allergens_may_contain,
      originStatement: v.origin_statement,
      dietary: v.dietary,
    },
    problems: [],
  };
}

/** A product as the export reads it. */
export type ExportProduct = Omit<
  ImportRow,
  'line' | 'stock' | 'allergensContains' | 'allergensMayContain' | 'dietary'
> & {
  stock: number;
  allergensContains: readonly string[];
  allergensMayContain: readonly string[];
  dietary: readonly string[];
};

/** A product as a row of the file: what `readRow` reads back to the same product. */
export function productCsvRecord(p: ExportProduct): Record<CsvColumn, string> {
  return {
    sku: p.sku,
    name: p.name,
    brand: p.brand ?? '',
    description: p.description,
    aisle: p.category,
    price: formatPrice(p.priceCents),
    gst_free: String(p.gstFree),
    pack_size: p.packSize === null ? '' : String(p.packSize),
    pack_unit: p.packUnit ?? '',
    weight_grams: String(p.weightGrams),
    stock: String(p.stock),
    active: String(p.isActive),
    ingredients: p.ingredients ?? '',
    allergens_contains: p.allergensContains.join(';'),
    allergens_may_contain: p.allergensMayContain.join(';'),
    origin_statement: p.originStatement ?? '',
    dietary: p.dietary.join(';'),
  };
}

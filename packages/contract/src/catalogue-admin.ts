import { z } from 'zod';
import { idParam, isoDateTime, linesOfText, pageQueryFields, paged, searchText, text } from './common.js';
import { dietaryMark, productCategories, productText, unitPrice } from './catalog.js';
import { allergens, dietaryMarks } from './limits.js';

// In limits.ts: catalog.ts validates the shop's free-from filter by it, and the storefront reads it without zod.
export { allergens };
export const allergen = z.enum(allergens, { error: `must be one of ${allergens.join(', ')}` });
export type Allergen = z.infer<typeof allergen>;

export const packUnits = ['g', 'ml', 'each'] as const;
export const packUnit = z.enum(packUnits, { error: 'must be g, ml or each' });

export const aisles = productCategories.map((c) => c.category);
export const aisle = z.enum(aisles as [string, ...string[]], {
  error: `must be one of ${aisles.join(', ')}`,
});

/** Why stock moved: a staff member's four reasons, and those the shop writes itself. */
export const stockAdjustReasons = ['received', 'stocktake', 'damaged', 'returned'] as const;
export const stockMovementReasons = [
  ...stockAdjustReasons,
  'opening',
  'created',
  'import',
  'edit',
  'sale',
  'order_restocked',
] as const;
export type StockMovementReason = (typeof stockMovementReasons)[number];

/** Money as staff type it in a form: cents, at most $100,000. */
export const cents = z.int32().min(0).max(10_000_000);

export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const sku = text(64, {
  pattern: SKU_PATTERN,
  error: 'must be letters, digits, dot, dash or underscore',
}).min(1);

export const special = z
  .strictObject({
    price: cents,
    startsAt: z.iso.datetime({ offset: true }).max(40),
    endsAt: z.iso.datetime({ offset: true }).max(40),
  })
  .refine((s) => Date.parse(s.endsAt) > Date.parse(s.startsAt), {
    error: 'must end after it starts',
    path: ['endsAt'],
  })
  .meta({
    example: { price: 450, startsAt: '2026-12-01T00:00:00+11:00', endsAt: '2026-12-08T00:00:00+11:00' },
  });
export type Special = z.infer<typeof special>;

/** What a staff member edits of a product (create and edit alike). */
export const productFields = z.strictObject({
  sku,
  name: text(200).min(1),
  brand: text(80).nullable(),
  description: linesOfText(4000),
  category: aisle,
  price: cents.min(1).meta({ example: 650 }),
  gstFree: z.boolean(),
  packSize: z.int32().min(1).max(1_000_000).nullable(),
  packUnit: packUnit.nullable(),
  weightGrams: z.int32().min(0).max(100_000),
  isActive: z.boolean(),
  ingredients: linesOfText(4000).nullable(),
  allergensContains: z.array(allergen).max(allergens.length),
  allergensMayContain: z.array(allergen).max(allergens.length),
  originStatement: text(300).nullable(),
  /** The dietary marks the label carries; each once. */
  dietary: z.array(dietaryMark).max(dietaryMarks.length),
  special: special.nullable(),
});
export type ProductFields = z.infer<typeof productFields>;

const packTogether = (p: { packSize: number | null; packUnit: string | null }) =>
  (p.packSize === null) === (p.packUnit === null);
const specialBelowPrice = (p: { price: number; special: Special | null }) =>
  p.special === null || p.special.price < p.price;

/** A new product: its fields and its opening stock. */
export const productCreateBody = productFields
  .extend({ stock: z.int32().min(0).max(1_000_000) })
  .refine(packTogether, { error: 'must be given with a pack unit', path: ['packSize'] })
  .refine(specialBelowPrice, { error: 'must be below the price', path: ['special', 'price'] });
export type ProductCreateBody = z.infer<typeof productCreateBody>;

/** An edit names the version it was made on; stock changes only by an adjustment. */
export const productUpdateBody = productFields
  .extend({ version: z.int32().min(1) })
  .refine(packTogether, { error: 'must be given with a pack unit', path: ['packSize'] })
  .refine(specialBelowPrice, { error: 'must be below the price', path: ['special', 'price'] });
export type ProductUpdateBody = z.infer<typeof productUpdateBody>;

export const adminProductParams = z.strictObject({ productID: idParam });

export const adminProduct = z.object({
  productID: z.number().int(),
  sku: productText.sku,
  name: productText.name,
  brand: z.string().max(80).nullable(),
  description: productText.description,
  category: productText.category,
  price: z.number().int(),
  gstFree: z.boolean(),
  packSize: z.number().int().nullable(),
  packUnit: packUnit.nullable(),
  unitPrice: unitPrice.nullable(),
  weightGrams: z.number().int(),
  stock: z.number().int(),
  isActive: z.boolean(),
  ingredients: z.string().max(4000).nullable(),
  allergensContains: z.array(allergen).max(allergens.length),
  allergensMayContain: z.array(allergen).max(allergens.length),
  originStatement: z.string().max(300).nullable(),
  dietary: z.array(dietaryMark).max(dietaryMarks.length),
  special: z
    .object({ price: z.number().int(), startsAt: isoDateTime, endsAt: isoDateTime, running: z.boolean() })
    .nullable(),
  imageUrl: productText.imageUrl,
  thumbnailUrl: productText.imageUrl,
  version: z.number().int(),
  updatedAt: isoDateTime,
});
export type AdminProduct = z.infer<typeof adminProduct>;

export const adminProductListQuery = z.strictObject({
  /** Part of the name, brand or SKU. */
  q: searchText(100).optional(),
  category: aisle.optional(),
  status: z.enum(['active', 'inactive', 'all']).default('all'),
  /** Only products at or below the low-stock level. */
  lowStock: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  ...pageQueryFields(25),
});
export type AdminProductListQuery = z.input<typeof adminProductListQuery>;
export type AdminProductListParams = z.output<typeof adminProductListQuery>;
export const adminProductList = paged(adminProduct);
export type AdminProductList = z.infer<typeof adminProductList>;

/** At or below this many, a product is on the low-stock list. */
export const LOW_STOCK_LEVEL = 5;

/** A stocktake sets the count found on the shelf; the other reasons move it by `delta`. */
export const stockAdjustBody = z
  .discriminatedUnion(
    'reason',
    [
      z.strictObject({
        reason: z.literal('stocktake'),
        count: z.int32().min(0).max(1_000_000),
        note: text(200).optional(),
      }),
      z.strictObject({
        reason: z.enum(['received', 'damaged', 'returned']),
        delta: z
          .int32()
          .min(-1_000_000)
          .max(1_000_000)
          .refine((d) => d !== 0, { error: 'must not be 0' }),
        note: text(200).optional(),
      }),
    ],
    { error: `must be one of ${stockAdjustReasons.join(', ')}` },
  )
  .meta({ example: { reason: 'received', delta: 24 } });
export type StockAdjustBody = z.infer<typeof stockAdjustBody>;

export const stockMovement = z.object({
  movementID: z.number().int(),
  at: isoDateTime,
  delta: z.number().int(),
  stockAfter: z.number().int(),
  reason: z.enum(stockMovementReasons),
  staffName: z.string().max(120).nullable(),
  note: z.string().max(200).nullable(),
});
export type StockMovement = z.infer<typeof stockMovement>;
export const stockMovementList = z.object({ list: z.array(stockMovement).max(100) });
export type StockMovementList = z.infer<typeof stockMovementList>;

/** The CSV columns, in order: the import reads them by header name, the export writes them so. */
export const csvColumns = [
  'sku',
  'name',
  'brand',
  'description',
  'aisle',
  'price',
  'gst_free',
  'pack_size',
  'pack_unit',
  'weight_grams',
  'stock',
  'active',
  'ingredients',
  'allergens_contains',
  'allergens_may_contain',
  'origin_statement',
  'dietary',
] as const;
export type CsvColumn = (typeof csvColumns)[number];
/** Data rows one import takes. */
export const IMPORT_ROWS_MAX = 50_000;
/** Bad rows one report lists. */
export const IMPORT_PROBLEMS_MAX = 500;

export const importQuery = z.strictObject({
  dryRun: z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true'),
});

export const importProblem = z.object({
  /** The file's line, the header being line 1. */
  line: z.number().int(),
  column: z.string().max(40).nullable(),
  reason: z.string().max(300),
});
export type ImportProblem = z.infer<typeof importProblem>;

export const importReport = z.object({
  dryRun: z.boolean(),
  /** True when the rows were written (a real import with no bad rows). */
  applied: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  problems: z.array(importProblem).max(IMPORT_PROBLEMS_MAX),
  /** Bad rows beyond those listed. */
  moreProblems: z.number().int(),
});
export type ImportReport = z.infer<typeof importReport>;

/** The largest file one import takes: 50,000 rows with long descriptions and ingredient lists fit. */
export const IMPORT_BYTES_MAX = 32 * 1024 * 1024;

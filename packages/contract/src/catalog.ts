import { z } from 'zod';
import { id, idParam, pageQuery, paged, searchText, text } from './common.js';
import {
  allergens,
  BRAND_FILTER_MAX,
  dietaryMarks,
  KEYWORD_MAX,
  productSorts,
  SUGGEST_KEYWORD_MIN,
  unitPriceBases,
} from './limits.js';

export { dietaryMarks, productSorts, unitPriceBases, type DietaryMark, type ProductSort } from './limits.js';

export const dietaryMark = z.enum(dietaryMarks, { error: `must be one of ${dietaryMarks.join(', ')}` });

/** The shop's aisles; `mooncakes` is the seasonal one that `mooncake/related` falls back to. */
export const productCategories = [
  { category: 'fruit-veg', label: 'Fruit & veg' },
  { category: 'dairy', label: 'Dairy & eggs' },
  { category: 'bakery', label: 'Bakery' },
  { category: 'pantry', label: 'Pantry' },
  { category: 'drinks', label: 'Drinks' },
  { category: 'frozen', label: 'Frozen' },
  { category: 'snacks', label: 'Snacks' },
  { category: 'mooncakes', label: 'Mooncakes' },
] as const;
export const SEASONAL_CATEGORY = 'mooncakes';

export const categorySlug = text(40, {
  pattern: /^[a-z0-9-]+$/,
  error: 'must be a category slug (a-z, 0-9, -)',
})
  .min(1)
  .meta({ example: 'pantry' });

/** Bounds of a product's stored text, as the shop writes it. */
export const productText = {
  sku: z.string().max(64),
  name: z.string().max(200),
  description: z.string().max(4000),
  imageUrl: z.string().max(2048),
  category: z.string().max(40),
};

export const unitPrice = z.object({
  /** Cents per `per`, rounded to the cent. */
  cents: z.number().int(),
  per: z.enum(unitPriceBases),
});
export type UnitPrice = z.infer<typeof unitPrice>;

/**
 * The unit price the Australian grocery Unit Pricing Code asks for: per kg for fresh produce and packs of 1 kg or
 * more, otherwise per 100 g; per L for 1 L or more, otherwise per 100 mL; per item for things sold by count. The
 * API answers it on every product; the back office shows it while staff type.
 */
export function unitPriceOf(p: {
  priceCents: number;
  packSize: number | null;
  packUnit: 'g' | 'ml' | 'each' | null;
  category: string;
}): UnitPrice | null {
  if (!p.packSize || !p.packUnit) return null;
  const [per, measure]: [UnitPrice['per'], number] =
    p.packUnit === 'each'
      ? ['each', 1]
      : p.packUnit === 'ml'
        ? p.packSize >= 1000
          ? ['1L', 1000]
          : ['100mL', 100]
        : p.packSize >= 1000 || p.category === 'fruit-veg'
          ? ['1kg', 1000]
          : ['100g', 100];
  return { cents: Math.round((p.priceCents * measure) / p.packSize), per };
}

/**
 * Money is integer cents (AUD); `available` = active and at least one in stock. `unitPrice` is computed from the
 * pack size (null where the pack is unknown); `wasPrice` is the price before a special, set only while on special,
 * and `specialEndsAt` when that special ends. `thumbnailUrl` is the grid's smaller image. The food information is
 * what Australian labelling asks for: ingredients, the allergens it contains and may contain, and where it is from.
 */
export const product = z.object({
  productID: z.number().int(),
  sku: productText.sku,
  name: productText.name,
  description: productText.description,
  imageUrl: productText.imageUrl,
  /** Unit price in cents (AUD). */
  price: z.number().int(),
  stock: z.number().int(),
  weightGrams: z.number().int(),
  category: productText.category,
  isActive: z.boolean(),
  available: z.boolean(),
  unitPrice: unitPrice.nullable(),
  wasPrice: z.number().int().nullable(),
  isOnSpecial: z.boolean(),
  specialEndsAt: z.string().max(32).nullable(),
  thumbnailUrl: productText.imageUrl,
  brand: z.string().max(80).nullable(),
  ingredients: z.string().max(4000).nullable(),
  allergensContains: z.array(z.string().max(20)).max(20),
  allergensMayContain: z.array(z.string().max(20)).max(20),
  originStatement: z.string().max(300).nullable(),
  /** The dietary marks its label carries, as the shop keeps them (a vegan product is found as vegetarian too). */
  dietary: z.array(dietaryMark).max(dietaryMarks.length),
});
export type Product = z.infer<typeof product>;

/** A yes/no query flag: `true` or `1` turns it on; `false`, `0` or leaving it out turns it off. */
const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

type ListedAllergen = (typeof allergens)[number];
const isAllergen = (name: string): name is ListedAllergen => allergens.some((a) => a === name);

/**
 * Allergens as the address carries them, repeated (`freeFrom=milk&freeFrom=peanut`) or comma-separated
 * (`freeFrom=milk,peanut`); answered once each, sorted, so the same filter is one listing whatever its order.
 */
const allergenList = z
  .union([z.string().max(200), z.array(z.string().max(200)).max(allergens.length * 2)])
  .transform((value, ctx): ListedAllergen[] | undefined => {
    const names = [value]
      .flat()
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter((v) => v !== '');
    const unknown = names.filter((n) => !isAllergen(n));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be allergens from: ${allergens.join(', ')} (not ${unknown.map((n) => `“${n}”`).join(', ')})`,
      });
      return z.NEVER;
    }
    const listed = [...new Set(names.filter(isAllergen))].sort();
    return listed.length > 0 ? listed : undefined;
  });

/** Values of a query key, repeated (`brand=a&brand=b`) or comma-separated (`brand=a,b`), trimmed, blanks dropped. */
function queryValues(value: string | string[]): string[] {
  return [value]
    .flat()
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/**
 * Brands, repeated or comma-separated (a brand whose name holds a comma cannot be filtered by); matched whole, any
 * letter case. Answered lower case, once each, sorted, so the same filter is one listing whatever its spelling.
 */
const brandName = text(80);
const brandList = z
  .union([z.string().max(2000), z.array(z.string().max(200)).max(BRAND_FILTER_MAX)])
  .transform((value, ctx): string[] | undefined => {
    const names = queryValues(value);
    if (names.length > BRAND_FILTER_MAX) {
      ctx.addIssue({ code: 'custom', message: `must be at most ${BRAND_FILTER_MAX} brands` });
      return z.NEVER;
    }
    for (const name of names) {
      const checked = brandName.safeParse(name);
      if (!checked.success) {
        ctx.addIssue({
          code: 'custom',
          message: `must be brands of plain text: ${checked.error.issues[0]?.message}`,
        });
        return z.NEVER;
      }
    }
    const brands = [...new Set(names.map((n) => n.toLowerCase()))].sort();
    return brands.length > 0 ? brands : undefined;
  });

type DietaryName = (typeof dietaryMarks)[number];
const isDietaryMark = (name: string): name is DietaryName => dietaryMarks.some((m) => m === name);

/** Dietary marks, repeated or comma-separated; every one must hold. Answered once each, sorted. */
const dietaryList = z
  .union([z.string().max(200), z.array(z.string().max(200)).max(dietaryMarks.length * 2)])
  .transform((value, ctx): DietaryName[] | undefined => {
    const names = queryValues(value);
    const unknown = names.filter((n) => !isDietaryMark(n));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be dietary marks from: ${dietaryMarks.join(', ')} (not ${unknown.map((n) => `“${n}”`).join(', ')})`,
      });
      return z.NEVER;
    }
    const marks = [...new Set(names.filter(isDietaryMark))].sort();
    return marks.length > 0 ? marks : undefined;
  });

/** What narrows a listing to an aisle or a search, as `product/facets` reads it too. */
const listingScope = {
  category: categorySlug.optional(),
  /**
   * Whole words and word starts of the name or description (or another form of them: "tams" finds "Tam"), or part of
   * the SKU, any letter case; accents and apostrophes are no matter ("creme" finds "Crème", "arnotts" "Arnott's").
   * Every word must match; when no product has every word, products with any are listed.
   */
  keyword: searchText(KEYWORD_MAX).optional(),
  /** Only products on special. */
  special: flag.optional(),
  /** Only products with stock. */
  inStock: flag.optional(),
  /** Only products declaring none of these allergens, neither as contained nor as may be present. */
  freeFrom: allergenList.optional().meta({ example: 'milk' }),
};

export const productListQuery = pageQuery.extend({
  ...listingScope,
  sort: z.enum(productSorts, { error: `must be one of ${productSorts.join(', ')}` }).optional(),
  /** Only products of these brands (any of them). */
  brand: brandList.optional().meta({ example: 'Harbourside' }),
  /** Only products carrying every one of these dietary marks; a vegan product counts as vegetarian. */
  dietary: dietaryList.optional().meta({ example: 'vegan' }),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

/** What unit prices are compared per, by the kind of unit a pack is sold in: g per kg, mL per L, items each. */
export const unitKinds = ['kg', 'L', 'each'] as const;
export type UnitKind = (typeof unitKinds)[number];

/**
 * How `sort=unit-price-asc` ordered the whole listing: products of one kind of unit together, the kind with the most
 * products first, each kind by its price per unit, cheapest first; then the products whose pack size is not known.
 * Two groups or more: the units differ, and prices compare only within a group.
 */
export const unitPriceOrder = z.object({
  groups: z.array(z.object({ per: z.enum(unitKinds), count: z.number().int() })).max(unitKinds.length),
  /** Products without a pack size, listed last. */
  withoutUnitPrice: z.number().int(),
  unitsDiffer: z.boolean(),
});
export type UnitPriceOrder = z.infer<typeof unitPriceOrder>;

/** Only active products are listed; inactive ones stay reachable by `product/detail` (carts and wishlists point at them). */
export const productList = paged(product).extend({
  /**
   * With a keyword: `all` when the products listed match every word of it; `any` when no product matches every word,
   * so those matching any of them are listed instead. Absent without a keyword.
   */
  keywordMatch: z.enum(['all', 'any']).optional(),
  /** With `sort=unit-price-asc`, on a page with products: how the units were grouped. */
  unitPriceOrder: unitPriceOrder.optional(),
});
export type ProductList = z.infer<typeof productList>;

/** The aisle or search a listing is of, without its brand and dietary filters, its sort or its page. */
export const productFacetsQuery = z.strictObject(listingScope);
export type ProductFacetsQuery = z.infer<typeof productFacetsQuery>;

export const FACET_BRANDS_MAX = 100;

/**
 * What the brand and dietary filters can offer for an aisle or a search: the brands of its products (the 100 with
 * the most, by name) and each dietary mark, with how many of its products each has. The listing's brand and dietary
 * filters do not narrow them, so a shopper ticking one still sees the others.
 */
export const productFacets = z.object({
  brands: z.array(z.object({ brand: z.string().max(80), count: z.number().int() })).max(FACET_BRANDS_MAX),
  dietary: z.array(z.object({ mark: dietaryMark, count: z.number().int() })).max(dietaryMarks.length),
});
export type ProductFacets = z.infer<typeof productFacets>;

export const productSuggestQuery = z.strictObject({
  /** Searched as `product/list?keyword=` searches: whole words and word starts, every word. */
  keyword: searchText(KEYWORD_MAX)
    .pipe(
      z.string().min(SUGGEST_KEYWORD_MIN, { error: `must be at least ${SUGGEST_KEYWORD_MIN} characters` }),
    )
    .meta({ example: 'mil' }),
});
export type ProductSuggestQuery = z.infer<typeof productSuggestQuery>;

export const SUGGESTED_PRODUCTS_MAX = 6;
export const SUGGESTED_AISLES_MAX = 4;

export const productSuggestion = z.object({
  productID: z.number().int(),
  name: productText.name,
  /** What it sells for now, in cents. */
  price: z.number().int(),
  wasPrice: z.number().int().nullable(),
  thumbnailUrl: productText.imageUrl,
});
export type ProductSuggestion = z.infer<typeof productSuggestion>;

export const aisleSuggestion = z.object({
  category: productText.category,
  label: z.string().max(60),
  /** Active products of the aisle the keyword finds. */
  matches: z.number().int(),
  /** The aisle's own name matches the keyword ("dai" for Dairy & eggs): the aisle itself is suggested. */
  isNamed: z.boolean(),
});
export type AisleSuggestion = z.infer<typeof aisleSuggestion>;

/**
 * Suggestions while a shopper types: aisles whose name matches first, then the aisles with the most matching
 * products; and the best matching products, ranked as the search ranks them.
 */
export const productSuggestions = z.object({
  aisles: z.array(aisleSuggestion).max(SUGGESTED_AISLES_MAX),
  products: z.array(productSuggestion).max(SUGGESTED_PRODUCTS_MAX),
});
export type ProductSuggestions = z.infer<typeof productSuggestions>;

export const productDetailQuery = z.strictObject({ productID: idParam });
export type ProductDetailQuery = z.infer<typeof productDetailQuery>;

export const productCategory = z.object({
  category: productText.category,
  label: z.string().max(60),
  /** Active products in the category. */
  productCount: z.number().int(),
});
export type ProductCategory = z.infer<typeof productCategory>;

export const productCategoryList = z.array(productCategory).max(100);
export type ProductCategoryList = z.infer<typeof productCategoryList>;

export const RELATED_LIMIT_MAX = 24;

export const relatedBody = z.strictObject({
  productIDs: z.array(id).min(1).max(50),
  /** How many to answer; 8 when left out. */
  limit: z.number().int().min(1).max(RELATED_LIMIT_MAX).optional(),
});
export type RelatedBody = z.infer<typeof relatedBody>;

/** Active products, same category as the given ones first, then the seasonal mooncakes; never the given ones. */
export const relatedProducts = z.array(product).max(RELATED_LIMIT_MAX);
export type RelatedProducts = z.infer<typeof relatedProducts>;

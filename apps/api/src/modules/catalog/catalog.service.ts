import type {
  AisleSuggestion,
  DietaryMark,
  Product,
  ProductCategoryList,
  ProductFacets,
  ProductFacetsQuery,
  ProductList,
  ProductListQuery,
  ProductSuggestions,
  RelatedBody,
  UnitKind,
  UnitPrice,
  UnitPriceOrder,
} from '@storefront/contract/catalog';
import {
  dietaryMarks,
  FACET_BRANDS_MAX,
  productCategories,
  SEASONAL_CATEGORY,
  SUGGESTED_AISLES_MAX,
  SUGGESTED_PRODUCTS_MAX,
  unitPriceOf as unitPriceFor,
} from '@storefront/contract/catalog';
import { foldForSearch } from '../../db/search-fold.js';
import type { Db, Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import {
  countActiveByCategory,
  countByBrand,
  findProductById,
  findProductsByIds,
  findRelatedProducts,
  listActiveProducts,
  suggestProducts,
  type ProductRow,
  type UnitCounts,
} from './catalog.repo.js';
import type { ListingCache } from './listing-cache.js';
import { productImageUrls } from './product-images.js';

/** The unit price of a product as the shop reads it (its price now). */
export function unitPriceOf(
  p: Pick<ProductRow, 'priceCents' | 'packSize' | 'packUnit' | 'category'>,
): UnitPrice | null {
  return unitPriceFor(p);
}

export function toProduct(p: ProductRow): Product {
  const isOnSpecial = p.priceCents < p.regularPriceCents;
  const image = productImageUrls(p);
  return {
    productID: p.id,
    sku: p.sku,
    name: p.name,
    description: p.description,
    imageUrl: image.imageUrl,
    thumbnailUrl: image.thumbnailUrl,
    price: p.priceCents,
    stock: p.stock,
    weightGrams: p.weightGrams,
    category: p.category,
    isActive: p.isActive,
    available: p.isActive && p.stock > 0,
    unitPrice: unitPriceOf(p),
    wasPrice: isOnSpecial ? p.regularPriceCents : null,
    isOnSpecial,
    specialEndsAt: isOnSpecial ? (p.specialEndsAt?.toISOString() ?? null) : null,
    brand: p.brand,
    ingredients: p.ingredients,
    allergensContains: p.allergensContains,
    allergensMayContain: p.allergensMayContain,
    originStatement: p.originStatement,
    dietary: p.dietary.filter(isDietaryMark),
  };
}

const isDietaryMark = (mark: string): mark is DietaryMark => dietaryMarks.some((m) => m === mark);

const UNIT_KIND: Record<keyof Omit<UnitCounts, 'unknown'>, UnitKind> = { g: 'kg', ml: 'L', each: 'each' };

/** The groups `unit-price-asc` listed, in its order: the unit with the most products first (then g, mL, each). */
export function unitPriceOrderOf(counts: UnitCounts): UnitPriceOrder {
  const groups = (['g', 'ml', 'each'] as const)
    .filter((unit) => counts[unit] > 0)
    .sort((a, b) => counts[b] - counts[a])
    .map((unit) => ({ per: UNIT_KIND[unit], count: counts[unit] }));
  return { groups, withoutUnitPrice: counts.unknown, unitsDiffer: groups.length > 1 };
}

/** A text's words as the search folds them: lower case, accents and apostrophes gone. */
function foldedWords(text: string): string[] {
  return (
    foldForSearch(text)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * Whether an aisle's name matches what is typed: each word typed starts a word of the name ("dai" Dairy & eggs). Not
 * the reverse: "vegan" and "vegemite" would name Fruit & veg.
 */
export function isAisleNamed(label: string, keyword: string): boolean {
  const typed = foldedWords(keyword);
  const named = foldedWords(label);
  return typed.length > 0 && typed.every((t) => named.some((n) => n.startsWith(t)));
}

/** Pairs each row with its product as it is now, in the rows' order. */
export async function withProducts<T extends { productId: number }>(
  exec: Executor,
  rows: T[],
): Promise<{ row: T; product: ProductRow }[]> {
  const products = new Map(
    (
      await findProductsByIds(
        exec,
        rows.map((r) => r.productId),
      )
    ).map((p) => [p.id, p]),
  );
  return rows.flatMap((row) => {
    const product = products.get(row.productId);
    return product ? [{ row, product }] : [];
  });
}

const RELATED_DEFAULT = 8;
const LABELS = new Map<string, string>(productCategories.map((c) => [c.category, c.label]));

/**
 * The public reads of the catalogue. Each may be given a cache (app.ts keeps them, cleared by every catalogue change):
 * the listing, the typing shopper's suggestions and the filters' facets.
 */
export function createCatalogService(
  db: Db,
  listings?: ListingCache<ProductList>,
  caches: { suggestions?: ListingCache<ProductSuggestions>; facets?: ListingCache<ProductFacets> } = {},
) {
  async function list(query: ProductListQuery): Promise<ProductList> {
    const { rows, total, keywordMatch, unitCounts } = await listActiveProducts(db, {
      category: query.category,
      keyword: query.keyword || undefined,
      isSpecial: query.special,
      isInStock: query.inStock,
      freeFrom: query.freeFrom,
      brands: query.brand,
      dietary: query.dietary,
      sort: query.sort ?? (query.keyword ? 'relevance' : 'aisle'),
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return {
      list: rows.map(toProduct),
      total,
      page: query.page,
      pageSize: query.pageSize,
      ...(keywordMatch ? { keywordMatch } : {}),
      ...(unitCounts ? { unitPriceOrder: unitPriceOrderOf(unitCounts) } : {}),
    };
  }

  async function suggest(keyword: string): Promise<ProductSuggestions> {
    const { rows, aisles } = await suggestProducts(db, keyword, SUGGESTED_PRODUCTS_MAX);
    const found = new Map(aisles.map((a) => [a.category, a.n]));
    const named: AisleSuggestion[] = productCategories
      .filter((c) => isAisleNamed(c.label, keyword))
      .map((c) => ({
        category: c.category,
        label: c.label,
        matches: found.get(c.category) ?? 0,
        isNamed: true,
      }));
    const holding: AisleSuggestion[] = aisles
      .filter((a) => !named.some((n) => n.category === a.category))
      .sort((a, b) => b.n - a.n || a.category.localeCompare(b.category))
      .map((a) => ({
        category: a.category,
        label: LABELS.get(a.category) ?? a.category,
        matches: a.n,
        isNamed: false,
      }));
    return {
      aisles: [...named, ...holding].slice(0, SUGGESTED_AISLES_MAX),
      products: rows.map((p) => ({
        productID: p.id,
        name: p.name,
        price: p.priceCents,
        wasPrice: p.priceCents < p.regularPriceCents ? p.regularPriceCents : null,
        thumbnailUrl: productImageUrls(p).thumbnailUrl,
      })),
    };
  }

  async function facets(query: ProductFacetsQuery): Promise<ProductFacets> {
    const rows = await countByBrand(db, {
      category: query.category,
      keyword: query.keyword || undefined,
      isSpecial: query.special,
      isInStock: query.inStock,
      freeFrom: query.freeFrom,
    });
    const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + pick(r), 0);
    const brands = rows
      .flatMap((r) => (r.brand === null ? [] : [{ brand: r.brand, count: r.n }]))
      .sort((a, b) => b.count - a.count || a.brand.localeCompare(b.brand))
      .slice(0, FACET_BRANDS_MAX)
      .sort(
        (a, b) =>
          a.brand.localeCompare(b.brand, 'en-AU', { sensitivity: 'base' }) ||
          (a.brand < b.brand ? -1 : a.brand > b.brand ? 1 : 0),
      );
    return {
      brands,
      dietary: [
        { mark: 'vegetarian', count: sum((r) => r.vegetarian) },
        { mark: 'vegan', count: sum((r) => r.vegan) },
        { mark: 'gluten_free', count: sum((r) => r.glutenFree) },
      ],
    };
  }

  return {
    list: (query: ProductListQuery): Promise<ProductList> =>
      listings ? listings.read(JSON.stringify(query), () => list(query)) : list(query),

    /** Keyed by the keyword in any letter case: "Milk" and "milk" are one answer. */
    suggest: (keyword: string): Promise<ProductSuggestions> => {
      const key = keyword.toLowerCase();
      return caches.suggestions ? caches.suggestions.read(key, () => suggest(keyword)) : suggest(keyword);
    },

    facets: (query: ProductFacetsQuery): Promise<ProductFacets> =>
      caches.facets ? caches.facets.read(JSON.stringify(query), () => facets(query)) : facets(query),

    async detail(productId: number): Promise<Product> {
      const row = await findProductById(db, productId);
      if (!row) throw new AppError('NOT_FOUND', 'No such product.');
      return toProduct(row);
    },

    async categories(): Promise<ProductCategoryList> {
      const counts = new Map((await countActiveByCategory(db)).map((r) => [r.category, r.n]));
      const known = productCategories.map((c) => ({
        category: c.category,
        label: c.label,
        productCount: counts.get(c.category) ?? 0,
      }));
      const extra = [...counts.keys()]
        .filter((c) => !LABELS.has(c))
        .sort()
        .map((c) => ({ category: c, label: c, productCount: counts.get(c) ?? 0 }));
      return [...known, ...extra];
    },

    async related(body: RelatedBody): Promise<Product[]> {
      const given = await findProductsByIds(db, body.productIDs);
      const categories = [...new Set(given.map((p) => p.category))];
      const rows = await findRelatedProducts(db, {
        excludeIds: body.productIDs,
        categories,
        seasonal: SEASONAL_CATEGORY,
        limit: body.limit ?? RELATED_DEFAULT,
      });
      return rows.map(toProduct);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

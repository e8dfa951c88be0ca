import type {
  Product,
  ProductCategoryList,
  ProductList,
  ProductListQuery,
  RelatedBody,
  UnitPrice,
} from '@storefront/contract/catalog';
import {
  productCategories,
  SEASONAL_CATEGORY,
  unitPriceOf as unitPriceFor,
} from '@storefront/contract/catalog';
import type { Db, Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import {
  countActiveByCategory,
  findProductById,
  findProductsByIds,
  findRelatedProducts,
  listActiveProducts,
  type ProductRow,
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
  };
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

export function createCatalogService(db: Db, listings?: ListingCache<ProductList>) {
  async function list(query: ProductListQuery): Promise<ProductList> {
    const { rows, total, keywordMatch } = await listActiveProducts(db, {
      category: query.category,
      keyword: query.keyword || undefined,
      isSpecial: query.special,
      isInStock: query.inStock,
      freeFrom: query.freeFrom,
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
    };
  }

  return {
    list: (query: ProductListQuery): Promise<ProductList> =>
      listings ? listings.read(JSON.stringify(query), () => list(query)) : list(query),

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

import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  ilike,
  inArray,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import { escapeLike } from '../../db/like.js';
import { foldForSearch } from '../../db/search-fold.js';
import { products } from '../../db/schema/index.js';
import { sellingPriceSql, specialRunningSql } from './selling-price.js';

/**
 * A product as the shop reads it: its columns less the stored search words, which only the database reads, with
 * `priceCents` what it sells for now (its special's price while one runs: selling-price.ts) and
 * `regularPriceCents` its price without a special.
 */
export const productColumns = (({ searchWords: _, searchStems: __, priceCents, ...columns }) => ({
  ...columns,
  priceCents: sellingPriceSql,
  regularPriceCents: priceCents,
}))(getTableColumns(products));
export type ProductRow = Omit<typeof products.$inferSelect, 'searchWords' | 'searchStems'> & {
  regularPriceCents: number;
};

/**
 * What a cart needs of a product: its line, its price and weight, whether it can be had. Description, pack and
 * timestamps stay in the database: every column of every line is parsed on each cart read.
 */
export const cartProductColumns = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  imageUrl: products.imageUrl,
  category: products.category,
  priceCents: sellingPriceSql,
  regularPriceCents: products.priceCents,
  stock: products.stock,
  weightGrams: products.weightGrams,
  isActive: products.isActive,
  gstFree: products.gstFree,
};
export type CartProduct = Pick<ProductRow, keyof typeof cartProductColumns>;

function likePattern(keyword: string): string {
  return `%${escapeLike(keyword)}%`;
}

export async function findProductById(db: Executor, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select(productColumns).from(products).where(eq(products.id, id));
  return row;
}

export async function findProductsByIds(db: Executor, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return productsByIds(db).execute({ ids });
}

// One statement text for any number of ids (an array parameter), so it can be prepared.
const productsByIds = preparedPer((db) =>
  db
    .select(productColumns)
    .from(products)
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('find_products_by_ids'),
);

export type ProductListSort =
  'aisle' | 'relevance' | 'price-asc' | 'price-desc' | 'unit-price-asc' | 'name-asc';

/** What narrows the products to an aisle or a search (the facets are of this). */
export type ProductScope = {
  category?: string;
  keyword?: string;
  isSpecial?: boolean;
  isInStock?: boolean;
  /** Allergens a product must declare in neither list. */
  freeFrom?: readonly string[];
};

export type ProductListFilter = ProductScope & {
  /** Brands, lower case: a product of any of them. */
  brands?: readonly string[];
  /** Dietary marks a product must all carry (a vegan one counts as vegetarian). */
  dietary?: readonly string[];
  sort: ProductListSort;
  limit: number;
  offset: number;
};

/**
 * The keyword's words for `to_tsquery`: folded as the product's text is (accents, apostrophes, "2 l" as "2l",
 * "loaves" as "loaf", "glutenfree" as "gluten free": search-fold.ts), then letters and digits only, so nothing in it is
 * query syntax; a decimal stays whole ("1.25l" finds "1.25L").
 */
function keywordWords(keyword: string): string[] {
  return (
    foldForSearch(keyword)
      .toLowerCase()
      .match(/\p{N}+(?:\.\p{N}+)+[\p{L}\p{N}]*|[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, 8);
}

/** How many products of the whole filtered list are sold by weight, by volume, by count, or by an unknown pack. */
export type UnitCounts = { g: number; ml: number; each: number; unknown: number };

export type ProductPage = {
  rows: ProductRow[];
  total: number;
  keywordMatch?: 'all' | 'any';
  /** With the unit-price sort, on a page with rows. */
  unitCounts?: UnitCounts;
};

/**
 * A page of active products. With a keyword of several words, products matching every word; when none does, those
 * matching any of them, so "coffee beans" still finds the ground coffee.
 */
export async function listActiveProducts(db: Executor, where: ProductListFilter): Promise<ProductPage> {
  if (!where.keyword) return listProductPage(db, where, []);
  const words = keywordWords(where.keyword);
  const every = await listProductPage(db, where, words, ' & ');
  if (every.total > 0 || words.length < 2) return { ...every, keywordMatch: 'all' };
  return { ...(await listProductPage(db, where, words, ' | ')), keywordMatch: 'any' };
}

/** The placeholders' values of a scope and its keyword's words (joined by `join`: every word, or any). */
function scopeValues(
  where: ProductScope & Pick<ProductListFilter, 'brands' | 'dietary'>,
  words: string[],
  join: string,
) {
  return {
    category: where.category,
    freeFrom: where.freeFrom,
    brands: where.brands,
    dietary: where.dietary,
    pattern: where.keyword ? likePattern(where.keyword) : undefined,
    // Null when the keyword has no words: then only the SKU can match.
    words: words.length > 0 ? words.join(join) : null,
    prefixes: words.length > 0 ? words.map((w) => `${w}:*`).join(join) : null,
    nameWords: words.length > 0 ? words.map((w) => `${w}:A`).join(join) : null,
    namePrefixes: words.length > 0 ? words.map((w) => `${w}:*A`).join(join) : null,
  };
}

function scopeShape(where: ProductScope & Pick<ProductListFilter, 'brands' | 'dietary'>): ScopeShape {
  return {
    byCategory: where.category !== undefined,
    byKeyword: where.keyword !== undefined && where.keyword !== '',
    isSpecial: where.isSpecial === true,
    isInStock: where.isInStock === true,
    isFreeFrom: (where.freeFrom?.length ?? 0) > 0,
    byBrand: (where.brands?.length ?? 0) > 0,
    byDietary: (where.dietary?.length ?? 0) > 0,
  };
}

async function listProductPage(
  db: Executor,
  where: ProductListFilter,
  words: string[],
  join = ' & ',
): Promise<{ rows: ProductRow[]; total: number; unitCounts?: UnitCounts }> {
  const filter = scopeValues(where, words, join);
  const shape: PageShape = {
    ...scopeShape(where),
    sort: where.sort === 'relevance' && !where.keyword ? 'aisle' : where.sort,
  };
  const queries = productPagesFor(shape)(db);
  const page = await queries.page.execute({ ...filter, limit: where.limit, offset: where.offset });
  const [first] = page;
  if (first) {
    const rows = page.map(({ total: _, unitG: __, unitMl: ___, unitEach: ____, ...row }) => row);
    return {
      rows,
      total: first.total,
      ...(shape.sort === 'unit-price-asc'
        ? {
            unitCounts: {
              g: first.unitG ?? 0,
              ml: first.unitMl ?? 0,
              each: first.unitEach ?? 0,
              unknown: first.total - (first.unitG ?? 0) - (first.unitMl ?? 0) - (first.unitEach ?? 0),
            },
          }
        : {}),
    };
  }
  // A page past the end has no row to carry the count.
  if (where.offset === 0) return { rows: [], total: 0 };
  const [totals] = await queries.count.execute(filter);
  return { rows: [], total: totals?.n ?? 0 };
}

type ScopeShape = {
  byCategory: boolean;
  byKeyword: boolean;
  isSpecial: boolean;
  isInStock: boolean;
  isFreeFrom: boolean;
  byBrand: boolean;
  byDietary: boolean;
};

type PageShape = ScopeShape & { sort: ProductListSort };

// The product's words, folded as the keyword is, stored and indexed (schema/shop.ts: `search_words`, `search_stems`).
const wordsQuery = sql`to_tsquery('simple', ${sql.placeholder('words')})`;
const prefixQuery = sql`to_tsquery('simple', ${sql.placeholder('prefixes')})`;
// The same word starts as English stems, so a plural or another form of a word finds it ("tim tams", "tomatoes").
// Plain words stay beside them: a word start typed past its stem ("organi" for "organic", stem "organ") still finds.
const stemmedQuery = sql`to_tsquery('english', ${sql.placeholder('prefixes')})`;
// The same, in the name only (its words are weighted A).
const nameWordsQuery = sql`to_tsquery('simple', ${sql.placeholder('nameWords')})`;
const namePrefixQuery = sql`to_tsquery('simple', ${sql.placeholder('namePrefixes')})`;
const nameStemmedQuery = sql`to_tsquery('english', ${sql.placeholder('namePrefixes')})`;

/** Whole words of the name first, then word starts of the name, then whole words anywhere, then the rest. */
const relevance = [
  sql`case when ${products.searchWords} @@ ${nameWordsQuery} then 0
    when ${products.searchWords} @@ ${namePrefixQuery} or ${products.searchStems} @@ ${nameStemmedQuery} then 1
    when ${products.searchWords} @@ ${wordsQuery} then 2 else 3 end`,
  sql`ts_rank(${products.searchWords}, ${prefixQuery}) desc`,
];

/** The unit a product's price compares by (`g`, `ml`, `each`), null when its pack is not known. */
const unitKindSql = sql`(case when ${products.packSize} is null then null else ${products.packUnit} end)`;

const SORTS: Record<ProductListSort, SQL[]> = {
  aisle: [asc(products.category)],
  relevance,
  'price-asc': [asc(sellingPriceSql)],
  'price-desc': [desc(sellingPriceSql)],
  // Grouped by the unit prices compare by (a gram's price says nothing against a millilitre's): the unit with the
  // most products first, each by its price per gram, millilitre or item; products without a pack size last.
  'unit-price-asc': [
    sql`case when ${unitKindSql} is null then 1 else 0 end`,
    sql`count(*) over (partition by ${unitKindSql}) desc`,
    sql`case ${unitKindSql} when 'g' then 0 when 'ml' then 1 else 2 end`,
    sql`${sellingPriceSql}::float8 / ${products.packSize}`,
  ],
  'name-asc': [],
};

/** How many of the whole filtered list are of a unit, riding along on each row of the unit-price sort. */
const unitCountOf = (shape: PageShape, unit: 'g' | 'ml' | 'each') =>
  (shape.sort === 'unit-price-asc'
    ? sql<number | null>`count(*) filter (where ${unitKindSql} = ${sql.raw(`'${unit}'`)}) over ()`
    : sql<number | null>`null::int`
  ).mapWith(Number);

/** Letters naming a scope's shape, for its prepared statements' names. */
function shapeName(shape: ScopeShape): string {
  return `${shape.byCategory ? 'c' : ''}${shape.byKeyword ? 'k' : ''}${shape.isSpecial ? 's' : ''}${shape.isInStock ? 'i' : ''}${shape.isFreeFrom ? 'f' : ''}${shape.byBrand ? 'b' : ''}${shape.byDietary ? 'd' : ''}`;
}

/** The marks a product carries as the dietary filter reads them: a vegan product is vegetarian as well. */
const dietaryReadSql = sql`(${products.dietary} || case when 'vegan' = any(${products.dietary}) then array['vegetarian'] else array[]::text[] end)`;

/** The conditions of a scope's shape on `products`, its values placeholders. */
function scopeFilter(shape: ScopeShape): SQL | undefined {
  return and(
    eq(products.isActive, true),
    shape.byCategory ? eq(products.category, sql.placeholder('category')) : undefined,
    // Whole words and word starts, as typed or as English stems (full-text, no extension needed on either
    // database); the SKU by any part.
    shape.byKeyword
      ? or(
          sql`${products.searchWords} @@ ${prefixQuery}`,
          sql`${products.searchStems} @@ ${stemmedQuery}`,
          ilike(products.sku, sql.placeholder('pattern')),
        )
      : undefined,
    shape.isSpecial ? specialRunningSql : undefined,
    shape.isInStock ? gt(products.stock, 0) : undefined,
    // Free from means neither contains nor may contain: a trace is no use to an allergic shopper.
    shape.isFreeFrom
      ? sql`not (${products.allergensContains} && ${sql.placeholder('freeFrom')}::text[]) and not (${products.allergensMayContain} && ${sql.placeholder('freeFrom')}::text[])`
      : undefined,
    shape.byBrand ? sql`lower(${products.brand}) = any(${sql.placeholder('brands')}::text[])` : undefined,
    shape.byDietary ? sql`${dietaryReadSql} @> ${sql.placeholder('dietary')}::text[]` : undefined,
  );
}

/** The page and its count, prepared once per filter shape and sort, on first use. */
function productPageQueries(shape: PageShape) {
  const name = `${shapeName(shape)}_${shape.sort}`;
  const filter = scopeFilter(shape);
  return preparedPer((db) => ({
    page: db
      // The count of the whole filtered list rides along on every row: one statement for the page and its total
      // (and, sorted by unit price, how many of each unit).
      .select({
        ...productColumns,
        total: sql<number>`count(*) over ()`.mapWith(Number),
        unitG: unitCountOf(shape, 'g'),
        unitMl: unitCountOf(shape, 'ml'),
        unitEach: unitCountOf(shape, 'each'),
      })
      .from(products)
      .where(filter)
      .orderBy(...SORTS[shape.sort], asc(products.name), asc(products.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`product_page_${name}`),
    count: db.select({ n: count() }).from(products).where(filter).prepare(`product_count_${name}`),
  }));
}

const productPages = new Map<string, ReturnType<typeof productPageQueries>>();

function productPagesFor(shape: PageShape) {
  const key = JSON.stringify(shape);
  let queries = productPages.get(key);
  if (!queries) {
    queries = productPageQueries(shape);
    productPages.set(key, queries);
  }
  return queries;
}

/** A brand of an aisle or a search: its products there, and how many of them carry each dietary mark. */
export type BrandFacetRow = {
  brand: string | null;
  n: number;
  vegetarian: number;
  vegan: number;
  glutenFree: number;
};

const markCount = (mark: string) =>
  sql<number>`count(*) filter (where ${dietaryReadSql} @> array[${sql.raw(`'${mark}'`)}])`.mapWith(Number);

function facetQuery(shape: ScopeShape) {
  return preparedPer((db) =>
    db
      .select({
        brand: products.brand,
        n: count(),
        vegetarian: markCount('vegetarian'),
        vegan: markCount('vegan'),
        glutenFree: markCount('gluten_free'),
      })
      .from(products)
      .where(scopeFilter(shape))
      .groupBy(products.brand)
      .prepare(`product_facets_${shapeName(shape)}`),
  );
}

const facetQueries = new Map<string, ReturnType<typeof facetQuery>>();

/**
 * The active products of an aisle or a search by brand (a row for those without one), each with its counts of the
 * dietary marks: one statement, what the brand and dietary filters offer. Every word of the keyword must match.
 */
export async function countByBrand(db: Executor, scope: ProductScope): Promise<BrandFacetRow[]> {
  const shape = scopeShape(scope);
  const key = JSON.stringify(shape);
  let query = facetQueries.get(key);
  if (!query) {
    query = facetQuery(shape);
    facetQueries.set(key, query);
  }
  const words = scope.keyword ? keywordWords(scope.keyword) : [];
  return query(db).execute(scopeValues(scope, words, ' & '));
}

export type SuggestionRow = Pick<
  ProductRow,
  'id' | 'name' | 'priceCents' | 'regularPriceCents' | 'imageUrl' | 'imageKey'
>;

// The same search as the listing's (every word, as a word or a word start, or a stem; the SKU by any part), ranked
// the same; the aisles' counts of every match ride along on each row.
const keywordScope = scopeShape({ keyword: 'k' });
const suggestQuery = preparedPer((db) => {
  const filter = scopeFilter(keywordScope);
  return db
    .select({
      id: products.id,
      name: products.name,
      priceCents: sellingPriceSql,
      regularPriceCents: products.priceCents,
      imageUrl: products.imageUrl,
      imageKey: products.imageKey,
      // Uncorrelated (its "products" is its own), so it runs once for the statement.
      aisles: sql<string>`(select coalesce(json_agg(json_build_array(a.category, a.n)), '[]')::text
        from (select ${products.category} as category, count(*)::int as n from ${products} where ${filter}
          group by ${products.category}) a)`,
    })
    .from(products)
    .where(filter)
    .orderBy(...relevance, asc(products.name), asc(products.id))
    .limit(sql.placeholder('limit'))
    .prepare('product_suggest');
});

/**
 * The best `limit` products the keyword finds, ranked as the listing ranks them, and how many it finds in each aisle:
 * one statement.
 */
export async function suggestProducts(
  db: Executor,
  keyword: string,
  limit: number,
): Promise<{ rows: SuggestionRow[]; aisles: { category: string; n: number }[] }> {
  const rows = await suggestQuery(db).execute({
    ...scopeValues({ keyword }, keywordWords(keyword), ' & '),
    limit,
  });
  const [first] = rows;
  if (!first) return { rows: [], aisles: [] };
  const counted = JSON.parse(first.aisles) as [string, number][];
  return {
    rows: rows.map(({ aisles: _, ...row }) => row),
    aisles: counted.map(([category, n]) => ({ category, n })),
  };
}

export async function countActiveByCategory(db: Executor): Promise<{ category: string; n: number }[]> {
  return db
    .select({ category: products.category, n: count() })
    .from(products)
    .where(eq(products.isActive, true))
    .groupBy(products.category);
}

/** Active products other than the given ones: the given categories first, then the seasonal one, in stock first. */
export async function findRelatedProducts(
  db: Executor,
  where: { excludeIds: number[]; categories: string[]; seasonal: string; limit: number },
): Promise<ProductRow[]> {
  const sameCategory =
    where.categories.length > 0 ? inArray(products.category, where.categories) : sql`false`;
  return db
    .select(productColumns)
    .from(products)
    .where(
      and(
        eq(products.isActive, true),
        notInArray(products.id, where.excludeIds),
        or(sameCategory, eq(products.category, where.seasonal)),
      ),
    )
    .orderBy(
      sql`case when ${sameCategory} then 0 else 1 end`,
      sql`case when ${products.stock} > 0 then 0 else 1 end`,
      asc(products.name),
      asc(products.id),
    )
    .limit(where.limit);
}

/** Locks the given products in id order, so parallel checkouts of the same products queue rather than deadlock. */
export type StockChange = { productId: number; quantity: number };

/** The changes as a relation `change(product_id, quantity)` of two array parameters: one statement text for any count. */
function changeRelation(changes: StockChange[]) {
  const ids = sql.param(changes.map((c) => c.productId));
  const quantities = sql.param(changes.map((c) => c.quantity));
  return sql`(select unnest(${ids}::int[]) as product_id, unnest(${quantities}::int[]) as quantity) as change`;
}

/**
 * Takes each line's quantity off its product in one statement, only where that many are there; answers the ids
 * of the products it took from (a missing id had too little). The caller holds the rows' locks (checkout:
 * `listSelectedLinesLockingProducts`).
 */
/** The check that keeps stock from going below zero: a take of more than is left fails with it. */
export const STOCK_NON_NEGATIVE = 'products_stock_non_negative';

/**
 * Takes each product's quantity off its stock in one statement. More than is left is refused by the database (the
 * statement fails on STOCK_NON_NEGATIVE and changes nothing), so a transaction may COMMIT in the same round trip.
 */
export async function takeStock(tx: Executor, changes: StockChange[]): Promise<void> {
  if (changes.length === 0) return;
  await takeStockOf(tx).execute({
    productIds: changes.map((c) => c.productId),
    quantities: changes.map((c) => c.quantity),
  });
}

// Every checkout takes stock: one statement text for any number of lines, built once, prepared.
const takeStockOf = preparedPer((db) =>
  db
    .update(products)
    .set({ stock: sql`${products.stock} - change.quantity` })
    .from(
      sql`(select unnest(${sql.placeholder('productIds')}::int[]) as product_id, unnest(${sql.placeholder('quantities')}::int[]) as quantity) as change`,
    )
    .where(sql`${products.id} = change.product_id`)
    .prepare('take_stock'),
);

/** Puts each line's quantity back in one statement, locking the products in id order as checkout does. */
export async function returnStock(tx: Executor, changes: StockChange[]): Promise<void> {
  if (changes.length === 0) return;
  const ids = sql.param(changes.map((c) => c.productId));
  const inIdOrder = sql`select ${products.id} from ${products} where ${products.id} = any(${ids}::int[]) order by ${products.id} for update`;
  await tx
    .update(products)
    .set({ stock: sql`${products.stock} + change.quantity` })
    .from(changeRelation(changes))
    .where(sql`${products.id} = change.product_id and ${products.id} in (${inIdOrder})`);
}

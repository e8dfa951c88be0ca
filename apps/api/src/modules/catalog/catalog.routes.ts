import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  productCategoryList,
  productDetailQuery,
  productFacets,
  productFacetsQuery,
  productSuggestions,
  productSuggestQuery,
  productList,
  productListQuery,
  product,
  relatedBody,
  relatedProducts,
} from '@storefront/contract/catalog';
import { ok, routeOptions } from '../../lib/reply.js';
import type { CatalogService } from './catalog.service.js';

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  listProducts:
    'The shop grid: active products of an aisle or a search, a page at a time; filtered by special, stock, brand, dietary marks and allergens left out, and sorted when asked.',
  suggestProducts:
    'Suggestions while a shopper types (2 characters or more): up to 4 matching aisles and 6 products, ranked as the search ranks them.',
  listProductFacets:
    "What the brand and dietary filters can offer for an aisle or a search, each with its product count; the listing's own brand and dietary filters do not narrow them.",
  getProduct: 'One product with its price, stock, pack and allergens. Refused (404) for an unknown product.',
  listCategories: 'The aisles, each with how many active products it has.',
  listRelatedProducts:
    'Active products to suggest beside the given ones: the same category first, then the seasonal mooncakes; never the given ones.',
};

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  const { open } = routeOptions(app, ['catalog'], routeDocs);

  app.get(
    '/product/list',
    open('listProducts', { querystring: productListQuery }, productList),
    async (req) => ok(await catalog.list(req.query)),
  );

  app.get(
    '/product/suggest',
    open('suggestProducts', { querystring: productSuggestQuery }, productSuggestions),
    async (req) => ok(await catalog.suggest(req.query.keyword)),
  );

  app.get(
    '/product/facets',
    open('listProductFacets', { querystring: productFacetsQuery }, productFacets),
    async (req) => ok(await catalog.facets(req.query)),
  );

  app.get('/product/detail', open('getProduct', { querystring: productDetailQuery }, product), async (req) =>
    ok(await catalog.detail(req.query.productID)),
  );

  app.get('/product/categories', open('listCategories', {}, productCategoryList), async () =>
    ok(await catalog.categories()),
  );

  app.post(
    '/mooncake/related',
    open('listRelatedProducts', { body: relatedBody }, relatedProducts),
    async (req) => ok(await catalog.related(req.body)),
  );
};

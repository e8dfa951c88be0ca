import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  productCategoryList,
  productDetailQuery,
  productList,
  productListQuery,
  product,
  relatedBody,
  relatedProducts,
} from '@storefront/contract/catalog';
import { ok, replies } from '../../lib/reply.js';
import type { CatalogService } from './catalog.service.js';

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  const tags = ['catalog'];

  app.get(
    '/product/list',
    { schema: { tags, querystring: productListQuery, response: replies(productList) } },
    async (req) => ok(await catalog.list(req.query)),
  );

  app.get(
    '/product/detail',
    { schema: { tags, querystring: productDetailQuery, response: replies(product) } },
    async (req) => ok(await catalog.detail(req.query.productID)),
  );

  app.get('/product/categories', { schema: { tags, response: replies(productCategoryList) } }, async () =>
    ok(await catalog.categories()),
  );

  app.post(
    '/mooncake/related',
    { schema: { tags, body: relatedBody, response: replies(relatedProducts) } },
    async (req) => ok(await catalog.related(req.body)),
  );
};

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
import { ok, routeOptions } from '../../lib/reply.js';
import type { CatalogService } from './catalog.service.js';

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  const { open } = routeOptions(app, ['catalog']);

  app.get('/product/list', open({ querystring: productListQuery }, productList), async (req) =>
    ok(await catalog.list(req.query)),
  );

  app.get('/product/detail', open({ querystring: productDetailQuery }, product), async (req) =>
    ok(await catalog.detail(req.query.productID)),
  );

  app.get('/product/categories', open({}, productCategoryList), async () => ok(await catalog.categories()));

  app.post('/mooncake/related', open({ body: relatedBody }, relatedProducts), async (req) =>
    ok(await catalog.related(req.body)),
  );
};

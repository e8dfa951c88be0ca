import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminProduct,
  adminProductList,
  adminProductListQuery,
  adminProductParams,
  productCreateBody,
  productUpdateBody,
  stockAdjustBody,
  stockMovementList,
} from '@storefront/contract/catalogue-admin';
import type { Db } from '../../db/client.js';
import { ok } from '../../lib/reply.js';
import { actorOf, staffRouteOptions } from '../../plugins/staff-auth.js';
import { createProductAdmin } from './products.service.js';

/** Products and their stock, as staff keep them. */
export const catalogueAdminRoutes: FastifyPluginAsyncZod<{ db: Db; now: () => Date }> = async (
  app,
  { db, now },
) => {
  const { allow } = staffRouteOptions(app);
  const products = createProductAdmin(db, now);
  const keepers = ['owner', 'manager'] as const;

  app.get(
    '/products',
    allow(keepers, { querystring: adminProductListQuery }, adminProductList),
    async (req) => ok(await products.list(req.query)),
  );

  app.post('/products', allow(keepers, { body: productCreateBody }, adminProduct), async (req) =>
    ok(await products.create(req.body, actorOf(req))),
  );

  app.get('/products/:productID', allow(keepers, { params: adminProductParams }, adminProduct), async (req) =>
    ok(await products.get(req.params.productID)),
  );

  app.put(
    '/products/:productID',
    allow(keepers, { params: adminProductParams, body: productUpdateBody }, adminProduct),
    async (req) => ok(await products.update(req.params.productID, req.body, actorOf(req))),
  );

  app.post(
    '/products/:productID/stock',
    allow(keepers, { params: adminProductParams, body: stockAdjustBody }, adminProduct),
    async (req) => ok(await products.adjustStock(req.params.productID, req.body, actorOf(req))),
  );

  app.get(
    '/products/:productID/stock',
    allow(keepers, { params: adminProductParams }, stockMovementList),
    async (req) => ok(await products.movements(req.params.productID)),
  );
};

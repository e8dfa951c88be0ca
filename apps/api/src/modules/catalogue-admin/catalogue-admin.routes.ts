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

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  adminListProducts:
    'Products as staff keep them, active or not, a page at a time; searched by name, brand or SKU and filtered by category, status or low stock.',
  adminCreateProduct:
    'Adds a product with its opening stock, audited and shown in the shop at once. Refused when another product has the SKU.',
  adminGetProduct:
    'One product as staff keep it, with its version for editing. Refused (404) for an unknown product.',
  adminUpdateProduct:
    'Changes a product (not its stock), audited and shown in the shop at once. Refused when someone changed it since the version sent, or another product has the SKU.',
  adminAdjustStock:
    'Moves stock with its reason (received, damaged, returned) or sets it by stocktake, recorded in the stock ledger and audited. Refused when stock would fall below zero.',
  adminListStockMovements:
    "A product's stock ledger: each movement with its reason, who made it and the stock after, newest first.",
};

/** Products and their stock, as staff keep them. */
export const catalogueAdminRoutes: FastifyPluginAsyncZod<{ db: Db; now: () => Date }> = async (
  app,
  { db, now },
) => {
  const { allow } = staffRouteOptions(app, routeDocs);
  const products = createProductAdmin(db, now);
  const keepers = ['owner', 'manager'] as const;

  app.get(
    '/products',
    allow('adminListProducts', keepers, { querystring: adminProductListQuery }, adminProductList),
    async (req) => ok(await products.list(req.query)),
  );

  app.post(
    '/products',
    allow('adminCreateProduct', keepers, { body: productCreateBody }, adminProduct),
    async (req) => ok(await products.create(req.body, actorOf(req))),
  );

  app.get(
    '/products/:productID',
    allow('adminGetProduct', keepers, { params: adminProductParams }, adminProduct),
    async (req) => ok(await products.get(req.params.productID)),
  );

  app.put(
    '/products/:productID',
    allow(
      'adminUpdateProduct',
      keepers,
      { params: adminProductParams, body: productUpdateBody },
      adminProduct,
    ),
    async (req) => ok(await products.update(req.params.productID, req.body, actorOf(req))),
  );

  app.post(
    '/products/:productID/stock',
    allow('adminAdjustStock', keepers, { params: adminProductParams, body: stockAdjustBody }, adminProduct),
    async (req) => ok(await products.adjustStock(req.params.productID, req.body, actorOf(req))),
  );

  app.get(
    '/products/:productID/stock',
    allow('adminListStockMovements', keepers, { params: adminProductParams }, stockMovementList),
    async (req) => ok(await products.movements(req.params.productID)),
  );
};

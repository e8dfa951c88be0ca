import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { USUALS_MAX, usualProducts } from '@storefront/contract/usuals';
import type { Db } from '../../db/client.js';
import { customerIdOf } from '../../plugins/auth.js';
import { ok, routeOptions } from '../../lib/reply.js';
import { toProduct } from '../catalog/catalog.service.js';
import { listUsualProducts } from './usuals.repo.js';

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  listUsualProducts:
    'My usuals: the active products the customer has bought in the most paid orders (not cancelled, not awaiting payment), the most recently bought first among equals; at most 12.',
};

/** "My usuals": the products the signed-in customer buys most, for the home page. One read, no rules of its own. */
export const usualsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const { signedIn } = routeOptions(app, ['usuals'], routeDocs);

  app.get('/product/usuals', signedIn('listUsualProducts', {}, usualProducts), async (req) =>
    ok({ list: (await listUsualProducts(db, customerIdOf(req), USUALS_MAX)).map(toProduct) }),
  );
};

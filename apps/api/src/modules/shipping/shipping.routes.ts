import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calcSelectedQuery, calcSingleBody, shippingQuote } from '@storefront/contract/shipping';
import { customerIdOf } from '../../plugins/auth.js';
import { ok, routeOptions } from '../../lib/reply.js';
import type { ShippingService } from './shipping.service.js';

export const shippingRoutes: FastifyPluginAsyncZod<{ shipping: ShippingService }> = async (
  app,
  { shipping },
) => {
  const { signedIn, optional } = routeOptions(app, ['shipping']);

  app.get(
    '/shipping/calc-selected',
    signedIn({ querystring: calcSelectedQuery }, shippingQuote),
    async (req) => ok(await shipping.calcSelected(customerIdOf(req), req.query)),
  );

  app.post('/shipping/calc-single', optional({ body: calcSingleBody }, shippingQuote), async (req) =>
    ok(await shipping.calcSingle(req.auth?.customerId ?? null, req.body)),
  );
};

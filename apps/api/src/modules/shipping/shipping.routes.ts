import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calcSelectedQuery, calcSingleBody, shippingQuote } from '@storefront/contract/shipping';
import { authOf } from '../../plugins/auth.js';
import { bearer, ok, replies } from '../../lib/reply.js';
import type { ShippingService } from './shipping.service.js';

export const shippingRoutes: FastifyPluginAsyncZod<{ shipping: ShippingService }> = async (
  app,
  { shipping },
) => {
  const tags = ['shipping'];

  app.get(
    '/shipping/calc-selected',
    {
      onRequest: app.requireAuth,
      schema: { tags, security: bearer, querystring: calcSelectedQuery, response: replies(shippingQuote) },
    },
    async (req) => ok(await shipping.calcSelected(authOf(req), req.query)),
  );

  app.post(
    '/shipping/calc-single',
    { onRequest: app.optionalAuth, schema: { tags, body: calcSingleBody, response: replies(shippingQuote) } },
    async (req) => ok(await shipping.calcSingle(req.auth, req.body)),
  );
};

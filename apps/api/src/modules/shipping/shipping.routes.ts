import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calcSelectedQuery, calcSingleBody, shippingQuote } from '@storefront/contract/shipping';
import { customerIdOf } from '../../plugins/auth.js';
import { ok, routeOptions } from '../../lib/reply.js';
import type { ShippingService } from './shipping.service.js';

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  quoteCartShipping:
    "Delivery options and costs for the cart's selected lines to an address (by default the cart's, else the default one, else the customer's postcode), with the zone's minimum order and what is left to reach it. Refused when nothing is selected or the suburb is not delivered to.",
  quoteProductShipping:
    "Delivery options and costs for a quantity of one product to a suburb or postcode (signed in, the customer's own postcode by default). Refused for an unknown or unavailable product, a postcode that is not the suburb's, or a suburb not delivered to.",
};

export const shippingRoutes: FastifyPluginAsyncZod<{ shipping: ShippingService }> = async (
  app,
  { shipping },
) => {
  const { signedIn, optional } = routeOptions(app, ['shipping'], routeDocs);

  app.get(
    '/shipping/calc-selected',
    signedIn('quoteCartShipping', { querystring: calcSelectedQuery }, shippingQuote),
    async (req) => ok(await shipping.calcSelected(customerIdOf(req), req.query)),
  );

  app.post(
    '/shipping/calc-single',
    optional('quoteProductShipping', { body: calcSingleBody }, shippingQuote),
    async (req) => ok(await shipping.calcSingle(req.auth?.customerId ?? null, req.body)),
  );
};

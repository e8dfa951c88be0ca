import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deliveryWindows, deliveryWindowsQuery } from '@storefront/contract/delivery';
import { customerIdOf } from '../../plugins/auth.js';
import { ok, routeOptions } from '../../lib/reply.js';
import type { DeliveryService } from './delivery.service.js';

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  listDeliveryWindows:
    "The delivery windows of the zone of one of the customer's addresses, by local day, with the places left in each. Refused (404) for an address that is not theirs.",
};

export const deliveryRoutes: FastifyPluginAsyncZod<{ delivery: DeliveryService }> = async (
  app,
  { delivery },
) => {
  const { signedIn } = routeOptions(app, ['delivery'], routeDocs);

  app.get(
    '/delivery/windows',
    signedIn('listDeliveryWindows', { querystring: deliveryWindowsQuery }, deliveryWindows),
    async (req) => ok(await delivery.windows(customerIdOf(req), req.query.addressID)),
  );
};

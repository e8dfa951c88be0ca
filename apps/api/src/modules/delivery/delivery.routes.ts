import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deliveryWindows, deliveryWindowsQuery } from '@storefront/contract/delivery';
import { customerIdOf } from '../../plugins/auth.js';
import { ok, routeOptions } from '../../lib/reply.js';
import type { DeliveryService } from './delivery.service.js';

export const deliveryRoutes: FastifyPluginAsyncZod<{ delivery: DeliveryService }> = async (
  app,
  { delivery },
) => {
  const { signedIn } = routeOptions(app, ['delivery']);

  app.get(
    '/delivery/windows',
    signedIn({ querystring: deliveryWindowsQuery }, deliveryWindows),
    async (req) => ok(await delivery.windows(customerIdOf(req), req.query.addressID)),
  );
};

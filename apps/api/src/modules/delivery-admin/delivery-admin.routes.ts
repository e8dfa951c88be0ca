import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok as okData } from '@storefront/contract/common';
import {
  closureCreateBody,
  closureParams,
  deliveryClosure,
  deliveryClosures,
  deliveryTemplate,
  deliveryTemplates,
  templateCreateBody,
  templateParams,
  templateUpdateBody,
} from '@storefront/contract/delivery-admin';
import type { Db } from '../../db/client.js';
import { actorOf, staffRouteOptions } from '../../plugins/staff-auth.js';
import { ok } from '../../lib/reply.js';
import { createDeliveryAdmin } from './delivery-admin.service.js';

/** Delivery window templates and closures (staff). */
export const deliveryAdminRoutes: FastifyPluginAsyncZod<{ db: Db; now: () => Date }> = async (
  app,
  { db, now },
) => {
  const { allow } = staffRouteOptions(app);
  const managers = ['owner', 'manager'] as const;
  const delivery = createDeliveryAdmin(db, now);

  app.get('/delivery/templates', allow(managers, {}, deliveryTemplates), async () =>
    ok(await delivery.templates()),
  );

  app.post(
    '/delivery/templates',
    allow(managers, { body: templateCreateBody }, deliveryTemplate),
    async (req) => ok(await delivery.createTemplate(req.body, actorOf(req))),
  );

  app.put(
    '/delivery/templates/:templateID',
    allow(managers, { params: templateParams, body: templateUpdateBody }, deliveryTemplate),
    async (req) => ok(await delivery.updateTemplate(req.params.templateID, req.body, actorOf(req))),
  );

  app.get('/delivery/closures', allow(managers, {}, deliveryClosures), async () =>
    ok(await delivery.closures()),
  );

  app.post('/delivery/closures', allow(managers, { body: closureCreateBody }, deliveryClosure), async (req) =>
    ok(await delivery.createClosure(req.body, actorOf(req))),
  );

  app.delete(
    '/delivery/closures/:closureID',
    allow(managers, { params: closureParams }, okData),
    async (req) => {
      await delivery.deleteClosure(req.params.closureID, actorOf(req));
      return ok(null);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok as okData } from '@storefront/contract/common';
import {
  closureCreateBody,
  closureParams,
  deliveryClosure,
  deliveryClosures,
  deliveryTemplate,
  deliveryTemplates,
  deliveryZone,
  deliveryZones,
  templateCreateBody,
  templateParams,
  templateUpdateBody,
  zoneParams,
  zoneUpdateBody,
} from '@storefront/contract/delivery-admin';
import type { Db } from '../../db/client.js';
import { actorOf, staffRouteOptions } from '../../plugins/staff-auth.js';
import { ok } from '../../lib/reply.js';
import { createDeliveryAdmin } from './delivery-admin.service.js';

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  adminListDeliveryTemplates:
    "Each zone's delivery window templates: weekdays, start and end, capacity, price difference, cut-off and whether active.",
  adminCreateDeliveryTemplate:
    'Adds a weekly window template to a zone, making its windows for the days ahead, audited. Refused when another window of the zone starts at that time.',
  adminUpdateDeliveryTemplate:
    'Changes a window template and the windows already made from it, audited. Refused whole when it would take away, retime or overfill a window orders are booked in, or clash with another start.',
  adminListDeliveryZones: "Each delivery zone's minimum order.",
  adminUpdateDeliveryZone:
    "Sets a zone's minimum order (0 takes it away), audited: the cart shows it and checkout refuses an order below it from then on.",
  adminListDeliveryClosures: 'Days delivery is closed, in every zone or one, with the reason.',
  adminCreateDeliveryClosure:
    "Closes delivery on a day, in one zone or all, audited: that day's windows are no longer offered. Refused for a past day, a day already closed, or one with orders booked.",
  adminDeleteDeliveryClosure: 'Opens a closed day again, audited. Refused (404) for an unknown closure.',
};

/** Delivery window templates, closures and zone minimum orders (staff). */
export const deliveryAdminRoutes: FastifyPluginAsyncZod<{ db: Db; now: () => Date }> = async (
  app,
  { db, now },
) => {
  const { allow } = staffRouteOptions(app, routeDocs);
  const managers = ['owner', 'manager'] as const;
  const delivery = createDeliveryAdmin(db, now);

  app.get(
    '/delivery/templates',
    allow('adminListDeliveryTemplates', managers, {}, deliveryTemplates),
    async () => ok(await delivery.templates()),
  );

  app.post(
    '/delivery/templates',
    allow('adminCreateDeliveryTemplate', managers, { body: templateCreateBody }, deliveryTemplate),
    async (req) => ok(await delivery.createTemplate(req.body, actorOf(req))),
  );

  app.put(
    '/delivery/templates/:templateID',
    allow(
      'adminUpdateDeliveryTemplate',
      managers,
      { params: templateParams, body: templateUpdateBody },
      deliveryTemplate,
    ),
    async (req) => ok(await delivery.updateTemplate(req.params.templateID, req.body, actorOf(req))),
  );

  app.get('/delivery/zones', allow('adminListDeliveryZones', managers, {}, deliveryZones), async () =>
    ok(await delivery.zones()),
  );

  app.put(
    '/delivery/zones/:zone',
    allow('adminUpdateDeliveryZone', managers, { params: zoneParams, body: zoneUpdateBody }, deliveryZone),
    async (req) => ok(await delivery.updateZone(req.params.zone, req.body, actorOf(req))),
  );

  app.get(
    '/delivery/closures',
    allow('adminListDeliveryClosures', managers, {}, deliveryClosures),
    async () => ok(await delivery.closures()),
  );

  app.post(
    '/delivery/closures',
    allow('adminCreateDeliveryClosure', managers, { body: closureCreateBody }, deliveryClosure),
    async (req) => ok(await delivery.createClosure(req.body, actorOf(req))),
  );

  app.delete(
    '/delivery/closures/:closureID',
    allow('adminDeleteDeliveryClosure', managers, { params: closureParams }, okData),
    async (req) => {
      await delivery.deleteClosure(req.params.closureID, actorOf(req));
      return ok(null);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyBody } from '@storefront/contract/common';
import {
  dispatchBody,
  packBody,
  pickList,
  pickListQuery,
  staffCancelBody,
  staffOrderDetail,
  staffOrderList,
  staffOrderListQuery,
  staffOrderParams,
  staffRefundBody,
} from '@storefront/contract/fulfilment';
import { actorOf, staffRouteOptions } from '../../plugins/staff-auth.js';
import { ok } from '../../lib/reply.js';
import type { FulfilmentService } from './fulfilment.service.js';

/** Orders as the shop works them: lists, the pick list, and each step of an order's life. */
export const fulfilmentRoutes: FastifyPluginAsyncZod<{ fulfilment: FulfilmentService }> = async (
  app,
  { fulfilment },
) => {
  const { allow } = staffRouteOptions(app);
  const readers = ['owner', 'manager', 'support', 'picker'] as const;
  const packers = ['owner', 'manager', 'picker'] as const;
  const managers = ['owner', 'manager'] as const;

  app.get(
    '/orders',
    allow(['owner', 'manager', 'support'], { querystring: staffOrderListQuery }, staffOrderList),
    async (req) => ok(await fulfilment.list(req.query)),
  );

  app.get('/orders/:orderID', allow(readers, { params: staffOrderParams }, staffOrderDetail), async (req) =>
    ok(await fulfilment.detail(req.params.orderID)),
  );

  app.get('/pick-list', allow(packers, { querystring: pickListQuery }, pickList), async (req) =>
    ok(await fulfilment.pickList(req.query)),
  );

  app.post(
    '/orders/:orderID/start-picking',
    allow(packers, { params: staffOrderParams, body: emptyBody }, staffOrderDetail),
    async (req) => ok(await fulfilment.startPicking(req.params.orderID, actorOf(req))),
  );

  app.post(
    '/orders/:orderID/pack',
    allow(packers, { params: staffOrderParams, body: packBody }, staffOrderDetail),
    async (req) => ok(await fulfilment.pack(req.params.orderID, req.body, actorOf(req))),
  );

  app.post(
    '/orders/:orderID/dispatch',
    allow(managers, { params: staffOrderParams, body: dispatchBody }, staffOrderDetail),
    async (req) => ok(await fulfilment.dispatch(req.params.orderID, req.body, actorOf(req))),
  );

  app.post(
    '/orders/:orderID/deliver',
    allow(managers, { params: staffOrderParams, body: emptyBody }, staffOrderDetail),
    async (req) => ok(await fulfilment.deliver(req.params.orderID, actorOf(req))),
  );

  app.post(
    '/orders/:orderID/cancel',
    allow(managers, { params: staffOrderParams, body: staffCancelBody }, staffOrderDetail),
    async (req) => ok(await fulfilment.cancel(req.params.orderID, req.body.reason, actorOf(req))),
  );

  app.post(
    '/orders/:orderID/refund',
    allow(managers, { params: staffOrderParams, body: staffRefundBody }, staffOrderDetail),
    async (req) => ok(await fulfilment.refund(req.params.orderID, req.body, actorOf(req))),
  );
};

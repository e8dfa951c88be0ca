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

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  adminListOrders:
    "Orders, a page at a time; filtered by status, delivery day or window, and searched by order number or the customer's email or name.",
  adminGetOrder:
    "One order as staff see it: lines, customer, payments, refunds, each status move with who made it, and the customer's mails. Refused (404) for an unknown order.",
  adminGetPickList:
    'Everything to pick for a delivery day (or one window of it): products summed over the paid orders, then the orders.',
  adminStartPicking:
    'Moves a paid order to picking, recorded, audited and mailed; asked again it answers the order as it is. Refused for an order in any other status.',
  adminPackOrder:
    'Packs an order being picked, with what was short or substituted: what was not packed is refunded at once, the provider first and the rest as store credit. Refused for a substitute on a line that allows none, or one not in stock.',
  adminDispatchOrder:
    'Sends a packed order out: out for delivery with a window, or shipped by courier with its tracking reference, and mails the customer. Refused for a courier order without tracking.',
  adminMarkOrderDelivered: 'Marks an order out for delivery or shipped as delivered, and mails the customer.',
  adminCancelOrder:
    "Cancels an order with a reason, also while picking: stock and the window's place go back and what was paid is refunded as a customer's cancel would. Refused once packed.",
  adminRefundOrder:
    'Refunds part of a packed or later order (damaged goods, a complaint), the provider first and the rest as store credit, and mails the customer. Refused beyond what is left to refund.',
};

/** Orders as the shop works them: lists, the pick list, and each step of an order's life. */
export const fulfilmentRoutes: FastifyPluginAsyncZod<{ fulfilment: FulfilmentService }> = async (
  app,
  { fulfilment },
) => {
  const { allow } = staffRouteOptions(app, routeDocs);
  const readers = ['owner', 'manager', 'support', 'picker'] as const;
  const packers = ['owner', 'manager', 'picker'] as const;
  const managers = ['owner', 'manager'] as const;

  app.get(
    '/orders',
    allow(
      'adminListOrders',
      ['owner', 'manager', 'support'],
      { querystring: staffOrderListQuery },
      staffOrderList,
    ),
    async (req) => ok(await fulfilment.list(req.query)),
  );

  app.get(
    '/orders/:orderID',
    allow('adminGetOrder', readers, { params: staffOrderParams }, staffOrderDetail),
    async (req) => ok(await fulfilment.detail(req.params.orderID)),
  );

  app.get(
    '/pick-list',
    allow('adminGetPickList', packers, { querystring: pickListQuery }, pickList),
    async (req) => ok(await fulfilment.pickList(req.query)),
  );

  app.post(
    '/orders/:orderID/start-picking',
    allow('adminStartPicking', packers, { params: staffOrderParams, body: emptyBody }, staffOrderDetail),
    async (req) => ok(await fulfilment.startPicking(req.params.orderID, actorOf(req))),
  );

  app.post(
    '/orders/:orderID/pack',
    allow('adminPackOrder', packers, { params: staffOrderParams, body: packBody }, staffOrderDetail),
    async (req) => ok(await fulfilment.pack(req.params.orderID, req.body, actorOf(req))),
  );

  app.post(
    '/orders/:orderID/dispatch',
    allow('adminDispatchOrder', managers, { params: staffOrderParams, body: dispatchBody }, staffOrderDetail),
    async (req) => ok(await fulfilment.dispatch(req.params.orderID, req.body, actorOf(req))),
  );

  app.post(
    '/orders/:orderID/deliver',
    allow(
      'adminMarkOrderDelivered',
      managers,
      { params: staffOrderParams, body: emptyBody },
      staffOrderDetail,
    ),
    async (req) => ok(await fulfilment.deliver(req.params.orderID, actorOf(req))),
  );

  app.post(
    '/orders/:orderID/cancel',
    allow(
      'adminCancelOrder',
      managers,
      { params: staffOrderParams, body: staffCancelBody },
      staffOrderDetail,
    ),
    async (req) => ok(await fulfilment.cancel(req.params.orderID, req.body.reason, actorOf(req))),
  );

  app.post(
    '/orders/:orderID/refund',
    allow(
      'adminRefundOrder',
      managers,
      { params: staffOrderParams, body: staffRefundBody },
      staffOrderDetail,
    ),
    async (req) => ok(await fulfilment.refund(req.params.orderID, req.body, actorOf(req))),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orderAddressBody,
  orderCancelBody,
  orderCreateBody,
  orderDetail,
  orderDetailQuery,
  orderList,
  orderListQuery,
  orderStat,
} from '@storefront/contract/order';
import { authOf } from '../../plugins/auth.js';
import { bearer, ok, replies } from '../../lib/reply.js';
import type { OrderService } from './order.service.js';

/** Orders of the signed-in customer; another customer's order answers like a missing one. */
export const orderRoutes: FastifyPluginAsyncZod<{ orders: OrderService }> = async (app, { orders }) => {
  const tags = ['order'];
  const onRequest = app.requireAuth;

  app.post(
    '/order/create',
    { onRequest, schema: { tags, security: bearer, body: orderCreateBody, response: replies(orderDetail) } },
    async (req) => ok(await orders.create(authOf(req), req.body)),
  );

  app.get(
    '/order/list',
    {
      onRequest,
      schema: { tags, security: bearer, querystring: orderListQuery, response: replies(orderList) },
    },
    async (req) => ok(await orders.list(authOf(req), req.query)),
  );

  app.get(
    '/order/stat',
    { onRequest, schema: { tags, security: bearer, response: replies(orderStat) } },
    async (req) => ok(await orders.stat(authOf(req))),
  );

  app.get(
    '/order/detail',
    {
      onRequest,
      schema: { tags, security: bearer, querystring: orderDetailQuery, response: replies(orderDetail) },
    },
    async (req) => ok(await orders.detail(authOf(req), req.query.orderID)),
  );

  app.put(
    '/order/address',
    { onRequest, schema: { tags, security: bearer, body: orderAddressBody, response: replies(orderDetail) } },
    async (req) => ok(await orders.changeAddress(authOf(req), req.body)),
  );

  app.put(
    '/order/cancel',
    { onRequest, schema: { tags, security: bearer, body: orderCancelBody, response: replies(orderDetail) } },
    async (req) => ok(await orders.cancel(authOf(req), req.body)),
  );
};

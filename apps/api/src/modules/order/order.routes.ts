import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orderAddressBody,
  orderAddressOptions,
  orderAddressOptionsQuery,
  orderCancelBody,
  orderCreateBody,
  orderDeliveryNotesBody,
  orderSubstitutesBody,
  orderDetail,
  orderDetailQuery,
  orderList,
  orderListQuery,
  orderReorderBody,
  orderStat,
  reorderResult,
} from '@storefront/contract/order';
import { idempotencyHeaders } from '@storefront/contract/payment';
import { orderDeliveryWindowBody } from '@storefront/contract/delivery';
import { customerIdOf } from '../../plugins/auth.js';
import { ok, routeOptions } from '../../lib/reply.js';
import type { OrderService } from './order.service.js';

/** Orders of the signed-in customer; another customer's order answers like a missing one. */
export const orderRoutes: FastifyPluginAsyncZod<{ orders: OrderService }> = async (app, { orders }) => {
  const { signedIn } = routeOptions(app, ['order']);

  app.post(
    '/order/create',
    signedIn({ body: orderCreateBody, headers: idempotencyHeaders }, orderDetail),
    async (req) => ok(await orders.create(customerIdOf(req), req.body, req.headers['idempotency-key'])),
  );

  app.get('/order/list', signedIn({ querystring: orderListQuery }, orderList), async (req) =>
    ok(await orders.list(customerIdOf(req), req.query)),
  );

  app.get('/order/stat', signedIn({}, orderStat), async (req) => ok(await orders.stat(customerIdOf(req))));

  app.get('/order/detail', signedIn({ querystring: orderDetailQuery }, orderDetail), async (req) =>
    ok(await orders.detail(customerIdOf(req), req.query.orderID)),
  );

  app.get(
    '/order/address-options',
    signedIn({ querystring: orderAddressOptionsQuery }, orderAddressOptions),
    async (req) => ok(await orders.addressOptions(customerIdOf(req), req.query.orderID)),
  );

  app.put('/order/address', signedIn({ body: orderAddressBody }, orderDetail), async (req) =>
    ok(await orders.changeAddress(customerIdOf(req), req.body)),
  );

  app.put('/order/delivery-notes', signedIn({ body: orderDeliveryNotesBody }, orderDetail), async (req) =>
    ok(await orders.changeDeliveryNotes(customerIdOf(req), req.body)),
  );

  app.put('/order/substitutes', signedIn({ body: orderSubstitutesBody }, orderDetail), async (req) =>
    ok(await orders.changeSubstitutes(customerIdOf(req), req.body)),
  );

  app.post('/order/reorder', signedIn({ body: orderReorderBody }, reorderResult), async (req) =>
    ok(await orders.reorder(customerIdOf(req), req.body)),
  );

  app.put('/order/delivery-window', signedIn({ body: orderDeliveryWindowBody }, orderDetail), async (req) =>
    ok(await orders.changeWindow(customerIdOf(req), req.body)),
  );

  app.put('/order/cancel', signedIn({ body: orderCancelBody }, orderDetail), async (req) =>
    ok(await orders.cancel(customerIdOf(req), req.body)),
  );
};

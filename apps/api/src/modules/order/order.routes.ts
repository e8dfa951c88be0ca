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
import { authOf, customerIdOf } from '../../plugins/auth.js';
import { ok, routeOptions } from '../../lib/reply.js';
import type { OrderService } from './order.service.js';

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  createOrder:
    "Checkout: orders the cart's selected lines to one of the customer's addresses, taking stock, coupon, store credit and the window's place, and answers the order awaiting payment. Refused when nothing is selected, stock or the total shown has changed, the order is below the zone's minimum, the window is full or closed, or too many orders await payment; an Idempotency-Key makes a retry place it once.",
  listOrders:
    "The customer's orders, newest first, a page at a time; filtered by status and dates when asked.",
  getOrderCounts: "How many of the customer's orders are in each status.",
  getOrder:
    "One of the customer's orders with its lines, payments, refunds and delivery. Refused (404) for an order that is not theirs.",
  listOrderAddressOptions:
    "The customer's addresses an open order may move to: doors in the zone it was charged for.",
  changeOrderAddress:
    "Moves an open order to another of the customer's addresses in the same zone. Refused once it ships, for another zone, or for an address that is not a door.",
  changeOrderDeliveryNotes:
    "Changes the driver's instructions and authority to leave the order unattended. Refused once the order ships.",
  changeOrderSubstitutes:
    "Changes which of an order's lines may be substituted when out of stock. Refused once the order ships, or for a product not in it.",
  reorder:
    "Buy again: puts a past order's products into the cart on top of what is there, capped at stock, and says which were left out and why.",
  changeOrderDeliveryWindow:
    "Moves an open order to another window of its zone at the same price before either window's cut-off. Refused when the window is full, closed, elsewhere or priced differently.",
  cancelOrder:
    "Cancels an open order: stock, coupon use and store credit go back and what was paid is refunded the way it came. Refused once picking has started or the window's cut-off has passed.",
};

/** Orders of the signed-in customer; another customer's order answers like a missing one. */
export const orderRoutes: FastifyPluginAsyncZod<{ orders: OrderService }> = async (app, { orders }) => {
  const { signedIn } = routeOptions(app, ['order'], routeDocs);

  app.post(
    '/order/create',
    signedIn('createOrder', { body: orderCreateBody, headers: idempotencyHeaders }, orderDetail),
    async (req) => {
      const { customerId, customer } = authOf(req);
      const buyer = { id: customerId, email: customer.email, firstName: customer.firstName };
      return ok(await orders.create(buyer, req.body, req.headers['idempotency-key']));
    },
  );

  app.get('/order/list', signedIn('listOrders', { querystring: orderListQuery }, orderList), async (req) =>
    ok(await orders.list(customerIdOf(req), req.query)),
  );

  app.get('/order/stat', signedIn('getOrderCounts', {}, orderStat), async (req) =>
    ok(await orders.stat(customerIdOf(req))),
  );

  app.get(
    '/order/detail',
    signedIn('getOrder', { querystring: orderDetailQuery }, orderDetail),
    async (req) => ok(await orders.detail(customerIdOf(req), req.query.orderID)),
  );

  app.get(
    '/order/address-options',
    signedIn('listOrderAddressOptions', { querystring: orderAddressOptionsQuery }, orderAddressOptions),
    async (req) => ok(await orders.addressOptions(customerIdOf(req), req.query.orderID)),
  );

  app.put(
    '/order/address',
    signedIn('changeOrderAddress', { body: orderAddressBody }, orderDetail),
    async (req) => ok(await orders.changeAddress(customerIdOf(req), req.body)),
  );

  app.put(
    '/order/delivery-notes',
    signedIn('changeOrderDeliveryNotes', { body: orderDeliveryNotesBody }, orderDetail),
    async (req) => ok(await orders.changeDeliveryNotes(customerIdOf(req), req.body)),
  );

  app.put(
    '/order/substitutes',
    signedIn('changeOrderSubstitutes', { body: orderSubstitutesBody }, orderDetail),
    async (req) => ok(await orders.changeSubstitutes(customerIdOf(req), req.body)),
  );

  app.post('/order/reorder', signedIn('reorder', { body: orderReorderBody }, reorderResult), async (req) =>
    ok(await orders.reorder(customerIdOf(req), req.body)),
  );

  app.put(
    '/order/delivery-window',
    signedIn('changeOrderDeliveryWindow', { body: orderDeliveryWindowBody }, orderDetail),
    async (req) => ok(await orders.changeWindow(customerIdOf(req), req.body)),
  );

  app.put('/order/cancel', signedIn('cancelOrder', { body: orderCancelBody }, orderDetail), async (req) =>
    ok(await orders.cancel(customerIdOf(req), req.body)),
  );
};

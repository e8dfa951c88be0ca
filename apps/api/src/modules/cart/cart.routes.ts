import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applyDiscountBody,
  cartAddBatchBody,
  cartAddBody,
  cartCompareBody,
  cartCompareResult,
  cartDeleteBody,
  cartList,
  cartSelectAllBody,
  cartUpdateBody,
} from '@storefront/contract/cart';
import { authOf } from '../../plugins/auth.js';
import { bearer, ok, replies } from '../../lib/reply.js';
import type { CartService } from './cart.service.js';

/** Every cart route answers the cart as it is afterwards, except compare. */
export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  const tags = ['cart'];
  const onRequest = app.requireAuth;

  app.get(
    '/cart/list',
    { onRequest, schema: { tags, security: bearer, response: replies(cartList) } },
    async (req) => ok(await cart.list(authOf(req))),
  );

  app.post(
    '/cart/add',
    { onRequest, schema: { tags, security: bearer, body: cartAddBody, response: replies(cartList) } },
    async (req) => ok(await cart.add(authOf(req), req.body)),
  );

  app.post(
    '/cart/add/batch',
    { onRequest, schema: { tags, security: bearer, body: cartAddBatchBody, response: replies(cartList) } },
    async (req) => ok(await cart.addBatch(authOf(req), req.body)),
  );

  app.delete(
    '/cart/delete',
    { onRequest, schema: { tags, security: bearer, body: cartDeleteBody, response: replies(cartList) } },
    async (req) => ok(await cart.remove(authOf(req), req.body)),
  );

  app.put(
    '/cart/update',
    { onRequest, schema: { tags, security: bearer, body: cartUpdateBody, response: replies(cartList) } },
    async (req) => ok(await cart.update(authOf(req), req.body)),
  );

  app.put(
    '/cart/select-all',
    { onRequest, schema: { tags, security: bearer, body: cartSelectAllBody, response: replies(cartList) } },
    async (req) => ok(await cart.selectAll(authOf(req), req.body)),
  );

  app.post(
    '/cart/compare',
    {
      onRequest,
      schema: { tags, security: bearer, body: cartCompareBody, response: replies(cartCompareResult) },
    },
    async (req) => ok(await cart.compare(authOf(req), req.body)),
  );

  app.post(
    '/cart/apply-discount',
    { onRequest, schema: { tags, security: bearer, body: applyDiscountBody, response: replies(cartList) } },
    async (req) => ok(await cart.applyDiscount(authOf(req), req.body)),
  );
};

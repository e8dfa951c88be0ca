import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applyDiscountBody,
  cartAddBatchBody,
  cartAddBody,
  cartAdded,
  cartCompareBody,
  cartCompareResult,
  cartDeleteBody,
  cartList,
  cartMergeBody,
  cartMergeResult,
  cartSelectAllBody,
  cartUpdateBody,
} from '@storefront/contract/cart';
import { idempotencyHeaders } from '@storefront/contract/payment';
import { customerIdOf } from '../../plugins/auth.js';
import { ok, routeOptions } from '../../lib/reply.js';
import type { CartService } from './cart.service.js';

/**
 * Every cart route answers the cart as it is afterwards, except compare, merge (which wraps it) and add, which
 * answers the line and the cart's counts (`CartAdded`).
 */
export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  const { signedIn } = routeOptions(app, ['cart']);

  app.get('/cart/list', signedIn({}, cartList), async (req) => ok(await cart.list(customerIdOf(req))));

  app.post('/cart/add', signedIn({ body: cartAddBody }, cartAdded), async (req) =>
    ok(await cart.add(customerIdOf(req), req.body)),
  );

  app.post('/cart/add/batch', signedIn({ body: cartAddBatchBody }, cartList), async (req) =>
    ok(await cart.addBatch(customerIdOf(req), req.body)),
  );

  app.post(
    '/cart/merge',
    signedIn({ body: cartMergeBody, headers: idempotencyHeaders }, cartMergeResult),
    async (req) => ok(await cart.merge(customerIdOf(req), req.body, req.headers['idempotency-key'])),
  );

  app.delete('/cart/delete', signedIn({ body: cartDeleteBody }, cartList), async (req) =>
    ok(await cart.remove(customerIdOf(req), req.body)),
  );

  app.put('/cart/update', signedIn({ body: cartUpdateBody }, cartList), async (req) =>
    ok(await cart.update(customerIdOf(req), req.body)),
  );

  app.put('/cart/select-all', signedIn({ body: cartSelectAllBody }, cartList), async (req) =>
    ok(await cart.selectAll(customerIdOf(req), req.body)),
  );

  app.post('/cart/compare', signedIn({ body: cartCompareBody }, cartCompareResult), async (req) =>
    ok(await cart.compare(customerIdOf(req), req.body)),
  );

  app.post('/cart/apply-discount', signedIn({ body: applyDiscountBody }, cartList), async (req) =>
    ok(await cart.applyDiscount(customerIdOf(req), req.body)),
  );
};

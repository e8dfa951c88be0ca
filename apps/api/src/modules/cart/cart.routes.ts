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

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  getCart: "The customer's cart priced as checkout would price it: lines, discount, credit and totals.",
  addToCart:
    "Adds a quantity of a product to its cart line and answers the line with the cart's counts. Refused for an unknown or unavailable product, more than its stock or 99 on the line, or a new line in a full cart.",
  addManyToCart:
    "Adds several products at once, all or none, with addToCart's refusals, and answers the cart.",
  mergeGuestCart:
    "Adds a guest cart (kept while signed out) on top of the account's: capped at stock, saying what could not go in rather than refusing. An Idempotency-Key makes a retry or second tab add once; a key reused for another cart is refused.",
  removeFromCart: 'Takes products off the cart and answers the cart; products not in it are ignored.',
  updateCartLine:
    "Changes a line's quantity, whether it is selected for checkout, or whether it may be substituted, and answers the cart. Refused for a product not in the cart, or a quantity beyond stock.",
  selectAllCartLines: 'Selects or clears every line for checkout and answers the cart.',
  compareCart:
    'Compares the cart the browser showed with the cart as it is now: each line whose price, quantity or stock changed, or that was added or removed.',
  applyDiscountCode:
    'Applies a discount code to the cart (null or empty removes it) and answers the cart. Refused when the code is unknown, not started, expired, used up, or the cart is below its minimum spend.',
};

/**
 * Every cart route answers the cart as it is afterwards, except compare, merge (which wraps it) and add, which
 * answers the line and the cart's counts (`CartAdded`).
 */
export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  const { signedIn } = routeOptions(app, ['cart'], routeDocs);

  app.get('/cart/list', signedIn('getCart', {}, cartList), async (req) =>
    ok(await cart.list(customerIdOf(req))),
  );

  app.post('/cart/add', signedIn('addToCart', { body: cartAddBody }, cartAdded), async (req) =>
    ok(await cart.add(customerIdOf(req), req.body)),
  );

  app.post('/cart/add/batch', signedIn('addManyToCart', { body: cartAddBatchBody }, cartList), async (req) =>
    ok(await cart.addBatch(customerIdOf(req), req.body)),
  );

  app.post(
    '/cart/merge',
    signedIn('mergeGuestCart', { body: cartMergeBody, headers: idempotencyHeaders }, cartMergeResult),
    async (req) => ok(await cart.merge(customerIdOf(req), req.body, req.headers['idempotency-key'])),
  );

  app.delete('/cart/delete', signedIn('removeFromCart', { body: cartDeleteBody }, cartList), async (req) =>
    ok(await cart.remove(customerIdOf(req), req.body)),
  );

  app.put('/cart/update', signedIn('updateCartLine', { body: cartUpdateBody }, cartList), async (req) =>
    ok(await cart.update(customerIdOf(req), req.body)),
  );

  app.put(
    '/cart/select-all',
    signedIn('selectAllCartLines', { body: cartSelectAllBody }, cartList),
    async (req) => ok(await cart.selectAll(customerIdOf(req), req.body)),
  );

  app.post(
    '/cart/compare',
    signedIn('compareCart', { body: cartCompareBody }, cartCompareResult),
    async (req) => ok(await cart.compare(customerIdOf(req), req.body)),
  );

  app.post(
    '/cart/apply-discount',
    signedIn('applyDiscountCode', { body: applyDiscountBody }, cartList),
    async (req) => ok(await cart.applyDiscount(customerIdOf(req), req.body)),
  );
};

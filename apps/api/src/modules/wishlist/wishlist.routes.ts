import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  wishlistBatchAddBody,
  wishlistIdParams,
  wishlistList,
  wishlistMoveResult,
  wishlistMoveToCartBody,
} from '@storefront/contract/wishlist';
import { customerIdOf } from '../../plugins/auth.js';
import { ok, routeOptions } from '../../lib/reply.js';
import type { WishlistService } from './wishlist.service.js';

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  listWishlist: "The customer's wishlist with each product as it is now (price, stock).",
  addToWishlist:
    'Adds products to the wishlist (ones already on it are kept once) and answers the list. Refused when a product does not exist or the list would be full.',
  moveWishlistToCart:
    'Moves wishlist items into the cart, one of each, and answers both. All or nothing: refused when an item is not on the list or its product is unavailable or out of stock.',
  removeFromWishlist:
    'Takes an item off the wishlist and answers the list. Refused (404) for an item that is not on it.',
};

export const wishlistRoutes: FastifyPluginAsyncZod<{ wishlist: WishlistService }> = async (
  app,
  { wishlist },
) => {
  const { signedIn } = routeOptions(app, ['wishlist'], routeDocs);

  app.get('/wishlist/list', signedIn('listWishlist', {}, wishlistList), async (req) =>
    ok(await wishlist.list(customerIdOf(req))),
  );

  app.post(
    '/wishlist/batch/add',
    signedIn('addToWishlist', { body: wishlistBatchAddBody }, wishlistList),
    async (req) => ok(await wishlist.batchAdd(customerIdOf(req), req.body)),
  );

  app.post(
    '/wishlist/move-to-cart',
    signedIn('moveWishlistToCart', { body: wishlistMoveToCartBody }, wishlistMoveResult),
    async (req) => ok(await wishlist.moveToCart(customerIdOf(req), req.body)),
  );

  app.delete(
    '/wishlist/:id',
    signedIn('removeFromWishlist', { params: wishlistIdParams }, wishlistList),
    async (req) => ok(await wishlist.remove(customerIdOf(req), req.params.id)),
  );
};

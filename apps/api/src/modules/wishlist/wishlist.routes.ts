import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  wishlistBatchAddBody,
  wishlistIdParams,
  wishlistList,
  wishlistMoveResult,
  wishlistMoveToCartBody,
} from '@storefront/contract/wishlist';
import { authOf } from '../../plugins/auth.js';
import { bearer, ok, replies } from '../../lib/reply.js';
import type { WishlistService } from './wishlist.service.js';

export const wishlistRoutes: FastifyPluginAsyncZod<{ wishlist: WishlistService }> = async (
  app,
  { wishlist },
) => {
  const tags = ['wishlist'];
  const onRequest = app.requireAuth;

  app.get(
    '/wishlist/list',
    { onRequest, schema: { tags, security: bearer, response: replies(wishlistList) } },
    async (req) => ok(await wishlist.list(authOf(req))),
  );

  app.post(
    '/wishlist/batch/add',
    {
      onRequest,
      schema: { tags, security: bearer, body: wishlistBatchAddBody, response: replies(wishlistList) },
    },
    async (req) => ok(await wishlist.batchAdd(authOf(req), req.body)),
  );

  app.post(
    '/wishlist/move-to-cart',
    {
      onRequest,
      schema: { tags, security: bearer, body: wishlistMoveToCartBody, response: replies(wishlistMoveResult) },
    },
    async (req) => ok(await wishlist.moveToCart(authOf(req), req.body)),
  );

  app.delete(
    '/wishlist/:id',
    {
      onRequest,
      schema: { tags, security: bearer, params: wishlistIdParams, response: replies(wishlistList) },
    },
    async (req) => ok(await wishlist.remove(authOf(req), req.params.id)),
  );
};

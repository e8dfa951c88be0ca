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

export const wishlistRoutes: FastifyPluginAsyncZod<{ wishlist: WishlistService }> = async (
  app,
  { wishlist },
) => {
  const { signedIn } = routeOptions(app, ['wishlist']);

  app.get('/wishlist/list', signedIn({}, wishlistList), async (req) =>
    ok(await wishlist.list(customerIdOf(req))),
  );

  app.post('/wishlist/batch/add', signedIn({ body: wishlistBatchAddBody }, wishlistList), async (req) =>
    ok(await wishlist.batchAdd(customerIdOf(req), req.body)),
  );

  app.post(
    '/wishlist/move-to-cart',
    signedIn({ body: wishlistMoveToCartBody }, wishlistMoveResult),
    async (req) => ok(await wishlist.moveToCart(customerIdOf(req), req.body)),
  );

  app.delete('/wishlist/:id', signedIn({ params: wishlistIdParams }, wishlistList), async (req) =>
    ok(await wishlist.remove(customerIdOf(req), req.params.id)),
  );
};

import type {
  WishlistBatchAddBody,
  WishlistItem,
  WishlistList,
  WishlistMoveResult,
  WishlistMoveToCartBody,
} from '@storefront/contract/wishlist';
import { WISHLIST_MAX } from '@storefront/contract/wishlist';
import type { Db, Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthContext } from '../account/session.service.js';
import { findProductsByIds } from '../catalog/catalog.repo.js';
import { toProduct } from '../catalog/catalog.service.js';
import { lockCart } from '../cart/cart.repo.js';
import { addToCartInTx, type CartService } from '../cart/cart.service.js';
import {
  countWishlist,
  deleteWishlistItems,
  findWishlistEntries,
  insertWishlistItems,
  listWishlist,
  wishlistProductIds,
  type WishlistEntry,
} from './wishlist.repo.js';

function toWishlistItem({ item, product }: WishlistEntry): WishlistItem {
  return {
    id: item.id,
    productID: product.id,
    addedAt: item.createdAt.toISOString(),
    product: toProduct(product),
  };
}

export function createWishlistService(db: Db, cart: CartService) {
  async function list(customerId: number, executor: Executor = db): Promise<WishlistList> {
    const entries = await listWishlist(executor, customerId);
    return { list: entries.map(toWishlistItem), total: entries.length };
  }

  return {
    list: (auth: AuthContext) => list(auth.customerId),

    async remove(auth: AuthContext, id: number): Promise<WishlistList> {
      const removed = await deleteWishlistItems(db, auth.customerId, [id]);
      if (removed === 0) throw new AppError('NOT_FOUND', 'No such wishlist item.');
      return list(auth.customerId);
    },

    async batchAdd(auth: AuthContext, body: WishlistBatchAddBody): Promise<WishlistList> {
      const productIds = [...new Set(body.productIDs)];
      // The customer's cart row doubles as the lock on their wishlist, so parallel adds respect the size cap.
      await db.transaction(async (tx) => {
        await lockCart(tx, auth.customerId);
        const found = new Map((await findProductsByIds(tx, productIds)).map((p) => [p.id, p]));
        for (const productId of productIds) {
          const product = found.get(productId);
          if (!product) throw new AppError('NOT_FOUND', 'No such product.');
          if (!product.isActive)
            throw new AppError('PRODUCT_UNAVAILABLE', `${product.name} is not available.`);
        }
        const already = await wishlistProductIds(tx, auth.customerId);
        const fresh = productIds.filter((id) => !already.has(id));
        if ((await countWishlist(tx, auth.customerId)) + fresh.length > WISHLIST_MAX) {
          throw new AppError('WISHLIST_LIMIT');
        }
        await insertWishlistItems(tx, auth.customerId, fresh);
      });
      return list(auth.customerId);
    },

    async moveToCart(auth: AuthContext, body: WishlistMoveToCartBody): Promise<WishlistMoveResult> {
      const ids = [...new Set(body.ids)].sort((a, b) => a - b);
      // Under the cart lock, so the stock and line checks hold until the items are in the cart and off the list.
      await db.transaction(async (tx) => {
        await lockCart(tx, auth.customerId);
        const entries = await findWishlistEntries(tx, auth.customerId, ids);
        if (entries.length !== ids.length) throw new AppError('NOT_FOUND', 'No such wishlist item.');
        for (const { product } of entries) {
          if (!product.isActive)
            throw new AppError('PRODUCT_UNAVAILABLE', `${product.name} is not available.`);
          if (product.stock <= 0) throw new AppError('NOT_ENOUGH_STOCK', `${product.name} is out of stock.`);
        }
        for (const { product } of entries) await addToCartInTx(tx, auth.customerId, product.id, 1);
        await deleteWishlistItems(tx, auth.customerId, ids);
      });
      return { wishlist: await list(auth.customerId), cart: await cart.list(auth) };
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;

import type {
  WishlistBatchAddBody,
  WishlistItem,
  WishlistList,
  WishlistMoveResult,
  WishlistMoveToCartBody,
} from '@storefront/contract/wishlist';
import { WISHLIST_MAX } from '@storefront/contract/wishlist';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { findProductsByIds, type ProductRow } from '../catalog/catalog.repo.js';
import { toProduct, withProducts } from '../catalog/catalog.service.js';
import { stockError, unavailableReasonOf } from '../catalog/stock.js';
import { lockCart } from '../cart/cart.repo.js';
import { addToCartInTx, type CartService } from '../cart/cart.service.js';
import {
  deleteWishlistItems,
  insertWishlistItems,
  listWishlist,
  type WishlistItemRow,
} from './wishlist.repo.js';

type WishlistEntry = { row: WishlistItemRow; product: ProductRow };

function toWishlistItem({ row: item, product }: WishlistEntry): WishlistItem {
  return {
    id: item.id,
    productID: product.id,
    addedAt: item.createdAt.toISOString(),
    product: toProduct(product),
  };
}

export function createWishlistService(db: Db, cart: CartService) {
  async function list(customerId: number): Promise<WishlistList> {
    const entries = await withProducts(db, await listWishlist(db, customerId));
    return { list: entries.map(toWishlistItem), total: entries.length };
  }

  return {
    list,

    async remove(customerId: number, id: number): Promise<WishlistList> {
      const removed = await deleteWishlistItems(db, customerId, [id]);
      if (removed === 0) throw new AppError('NOT_FOUND', 'No such wishlist item.');
      return list(customerId);
    },

    async batchAdd(customerId: number, body: WishlistBatchAddBody): Promise<WishlistList> {
      const productIds = [...new Set(body.productIDs)];
      // The customer's cart row doubles as the lock on their wishlist, so parallel adds respect the size cap.
      await db.transaction(async (tx) => {
        await lockCart(tx, customerId);
        const found = new Map((await findProductsByIds(tx, productIds)).map((p) => [p.id, p]));
        for (const productId of productIds) {
          const product = found.get(productId);
          if (!product) throw new AppError('NOT_FOUND', 'No such product.');
          if (!product.isActive) throw stockError(product, 1);
        }
        const current = await listWishlist(tx, customerId);
        const already = new Set(current.map((i) => i.productId));
        const fresh = productIds.filter((id) => !already.has(id));
        if (current.length + fresh.length > WISHLIST_MAX) throw new AppError('WISHLIST_LIMIT');
        await insertWishlistItems(tx, customerId, fresh);
      });
      return list(customerId);
    },

    async moveToCart(customerId: number, body: WishlistMoveToCartBody): Promise<WishlistMoveResult> {
      const ids = [...new Set(body.ids)].sort((a, b) => a - b);
      // Under the cart lock, so the stock and line checks hold until the items are in the cart and off the list.
      await db.transaction(async (tx) => {
        await lockCart(tx, customerId);
        const entries = await withProducts(tx, await listWishlist(tx, customerId, ids));
        if (entries.length !== ids.length) throw new AppError('NOT_FOUND', 'No such wishlist item.');
        for (const { product } of entries) {
          if (unavailableReasonOf(product, 1)) throw stockError(product, 1);
        }
        for (const { product } of entries) await addToCartInTx(tx, customerId, product.id, 1);
        await deleteWishlistItems(tx, customerId, ids);
      });
      return { wishlist: await list(customerId), cart: await cart.list(customerId) };
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;

import { z } from 'zod';
import { id, idParam, isoDateTime } from './common.js';
import { product } from './catalog.js';
import { cartList } from './cart.js';

import { WISHLIST_MAX } from './limits.js';

export { WISHLIST_MAX };

/** `id` is the wishlist item's own id (DELETE /wishlist/{id}, move-to-cart); the product says if it can be bought. */
export const wishlistItem = z.object({
  id: z.number().int(),
  productID: z.number().int(),
  addedAt: isoDateTime,
  product,
});
export type WishlistItem = z.infer<typeof wishlistItem>;

/** The whole wishlist, newest first (it holds at most WISHLIST_MAX items). */
export const wishlistList = z.object({
  list: z.array(wishlistItem).max(WISHLIST_MAX),
  total: z.number().int(),
});
export type WishlistList = z.infer<typeof wishlistList>;

export const wishlistIdParams = z.strictObject({ id: idParam });
export type WishlistIdParams = z.infer<typeof wishlistIdParams>;

/** Products already on the wishlist are left as they are. */
export const wishlistBatchAddBody = z.strictObject({ productIDs: z.array(id).min(1).max(50) });
export type WishlistBatchAddBody = z.infer<typeof wishlistBatchAddBody>;

/** Wishlist item ids; each moves as quantity 1, all or nothing. */
export const wishlistMoveToCartBody = z.strictObject({ ids: z.array(id).min(1).max(50) });
export type WishlistMoveToCartBody = z.infer<typeof wishlistMoveToCartBody>;

export const wishlistMoveResult = z.object({ wishlist: wishlistList, cart: cartList });
export type WishlistMoveResult = z.infer<typeof wishlistMoveResult>;

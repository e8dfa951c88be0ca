import { z } from 'zod';
import { id, idParam, isoDateTime, text } from './common.js';
import { product, productText } from './catalog.js';
import { quantity } from './cart.js';
import {
  CART_LINE_QUANTITY_MAX,
  SHOPPING_LIST_ITEMS_MAX,
  SHOPPING_LIST_NAME_MAX,
  SHOPPING_LISTS_MAX,
} from './limits.js';

export { SHOPPING_LIST_ITEMS_MAX, SHOPPING_LIST_NAME_MAX, SHOPPING_LISTS_MAX };

/** A list's name: 1 to 60 characters once trimmed; unique per customer in any letter case. */
export const shoppingListName = text(SHOPPING_LIST_NAME_MAX)
  .min(1, { error: 'must not be empty' })
  .meta({ example: 'Weekly shop' });

/** One of the customer's lists, without its products. */
export const shoppingListSummary = z.object({
  listID: z.number().int(),
  name: z.string().max(SHOPPING_LIST_NAME_MAX),
  /** Products on the list (not units). */
  itemCount: z.number().int(),
  createdAt: isoDateTime,
  /** When its name or products last changed. */
  updatedAt: isoDateTime,
});
export type ShoppingListSummary = z.infer<typeof shoppingListSummary>;

/** The customer's lists, by name (any letter case). */
export const shoppingLists = z.object({
  list: z.array(shoppingListSummary).max(SHOPPING_LISTS_MAX),
  total: z.number().int(),
});
export type ShoppingLists = z.infer<typeof shoppingLists>;

export const shoppingListCreateBody = z.strictObject({ name: shoppingListName });
export type ShoppingListCreateBody = z.infer<typeof shoppingListCreateBody>;

export const shoppingListIdParams = z.strictObject({ listID: idParam });
export type ShoppingListIdParams = z.infer<typeof shoppingListIdParams>;

export const shoppingListRenameBody = z.strictObject({ name: shoppingListName });
export type ShoppingListRenameBody = z.infer<typeof shoppingListRenameBody>;

export const shoppingListDetailQuery = z.strictObject({ listID: idParam });
export type ShoppingListDetailQuery = z.infer<typeof shoppingListDetailQuery>;

/**
 * A product on a list and how many of it; the product as the shop sells it now (its special's price while one
 * runs, `wasPrice` the regular one; stock; `available`), as the cart prices it.
 */
export const shoppingListItem = z.object({
  productID: z.number().int(),
  quantity: z.number().int(),
  addedAt: isoDateTime,
  product,
});
export type ShoppingListItem = z.infer<typeof shoppingListItem>;

/** A list with its products, newest added first. */
export const shoppingListDetail = shoppingListSummary.extend({
  items: z.array(shoppingListItem).max(SHOPPING_LIST_ITEMS_MAX),
});
export type ShoppingListDetail = z.infer<typeof shoppingListDetail>;

/** Adds a product sold now; a product already on the list gets the quantity added to its own (at most 99). */
export const shoppingListItemAddBody = z.strictObject({ listID: id, productID: id, quantity });
export type ShoppingListItemAddBody = z.infer<typeof shoppingListItemAddBody>;

/** What an add answers: the list (its name and size now) and the product's quantity on it after the add. */
export const shoppingListItemAdded = z.object({
  list: shoppingListSummary,
  productID: z.number().int(),
  quantity: z.number().int().max(CART_LINE_QUANTITY_MAX),
});
export type ShoppingListItemAdded = z.infer<typeof shoppingListItemAdded>;

export const shoppingListItemUpdateBody = z.strictObject({ listID: id, productID: id, quantity });
export type ShoppingListItemUpdateBody = z.infer<typeof shoppingListItemUpdateBody>;

/** Products not on the list are ignored. */
export const shoppingListItemDeleteBody = z.strictObject({
  listID: id,
  productIDs: z.array(id).min(1).max(SHOPPING_LIST_ITEMS_MAX),
});
export type ShoppingListItemDeleteBody = z.infer<typeof shoppingListItemDeleteBody>;

/** Puts a past order's products on the list with the order's quantities, merged with what it holds (at most 99). */
export const shoppingListAddOrderBody = z.strictObject({ listID: id, orderID: id });
export type ShoppingListAddOrderBody = z.infer<typeof shoppingListAddOrderBody>;

/** `added`: products of the order now on the list; `leftOut`: those the shop no longer sells, not added. */
export const shoppingListOrderAdded = z.object({
  list: shoppingListSummary,
  added: z.number().int(),
  leftOut: z
    .array(z.object({ productID: z.number().int(), name: productText.name }))
    .max(SHOPPING_LIST_ITEMS_MAX),
});
export type ShoppingListOrderAdded = z.infer<typeof shoppingListOrderAdded>;

/**
 * Puts every product of the list into the cart with the list's quantities, on top of what the cart holds (the
 * list stays as it is). What cannot go in (no longer sold, sold out, more than the stock, a full cart) is said in
 * the answer's lines (`cartMergeResult` of `cart.ts`), not refused as a whole.
 */
export const shoppingListAddToCartBody = z.strictObject({ listID: id });
export type ShoppingListAddToCartBody = z.infer<typeof shoppingListAddToCartBody>;

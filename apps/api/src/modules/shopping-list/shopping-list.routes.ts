import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartMergeResult } from '@storefront/contract/cart';
import {
  shoppingListAddOrderBody,
  shoppingListAddToCartBody,
  shoppingListCreateBody,
  shoppingListDetail,
  shoppingListDetailQuery,
  shoppingListIdParams,
  shoppingListItemAddBody,
  shoppingListItemAdded,
  shoppingListItemDeleteBody,
  shoppingListItemUpdateBody,
  shoppingListOrderAdded,
  shoppingListRenameBody,
  shoppingLists,
  shoppingListSummary,
} from '@storefront/contract/shopping-list';
import { customerIdOf } from '../../plugins/auth.js';
import { ok, routeOptions } from '../../lib/reply.js';
import type { ShoppingListService } from './shopping-list.service.js';

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  listShoppingLists:
    "The customer's shopping lists by name, each with its number of products and when it last changed.",
  createShoppingList:
    'Makes an empty named list. Refused when the customer has a list of that name (in any letter case) or as many lists as they can keep.',
  getShoppingList:
    "One of the customer's lists with its products as the shop sells them now, newest added first. Refused (404) for a list that is not theirs.",
  renameShoppingList:
    "Renames one of the customer's lists. Refused when another of their lists has the name, or (404) for a list that is not theirs.",
  deleteShoppingList:
    "Deletes one of the customer's lists and answers the rest. Refused (404) for a list that is not theirs.",
  addToShoppingList:
    "Adds a product sold now to a list, or adds the quantity to its own there, and answers the product's quantity on the list. Refused for an unknown or unavailable product, more than 99 of it, or a full list.",
  updateShoppingListItem:
    "Sets a product's quantity on a list and answers the list. Refused (404) for a product not on it.",
  removeFromShoppingList: 'Takes products off a list and answers the list; products not on it are ignored.',
  addOrderToShoppingList:
    "Puts a past order's products on a list with the order's quantities, merged with what it holds (at most 99 each), and says which the shop no longer sells. Refused whole when the list would be too full.",
  addShoppingListToCart:
    "Puts every product of a list into the cart with the list's quantities, on top of what the cart holds; what cannot go in (no longer sold, sold out, a full cart) is said per line, not refused. Refused for an empty list.",
};

/** The customer's named shopping lists. */
export const shoppingListRoutes: FastifyPluginAsyncZod<{ lists: ShoppingListService }> = async (
  app,
  { lists },
) => {
  const { signedIn } = routeOptions(app, ['shopping-list'], routeDocs);

  app.get('/list/list', signedIn('listShoppingLists', {}, shoppingLists), async (req) =>
    ok(await lists.lists(customerIdOf(req))),
  );

  app.post(
    '/list/create',
    signedIn('createShoppingList', { body: shoppingListCreateBody }, shoppingListSummary),
    async (req) => ok(await lists.create(customerIdOf(req), req.body)),
  );

  app.get(
    '/list/detail',
    signedIn('getShoppingList', { querystring: shoppingListDetailQuery }, shoppingListDetail),
    async (req) => ok(await lists.detail(customerIdOf(req), req.query.listID)),
  );

  app.put(
    '/list/:listID',
    signedIn(
      'renameShoppingList',
      { params: shoppingListIdParams, body: shoppingListRenameBody },
      shoppingListSummary,
    ),
    async (req) => ok(await lists.rename(customerIdOf(req), req.params.listID, req.body.name)),
  );

  app.delete(
    '/list/:listID',
    signedIn('deleteShoppingList', { params: shoppingListIdParams }, shoppingLists),
    async (req) => ok(await lists.remove(customerIdOf(req), req.params.listID)),
  );

  app.post(
    '/list/item/add',
    signedIn('addToShoppingList', { body: shoppingListItemAddBody }, shoppingListItemAdded),
    async (req) => ok(await lists.addItem(customerIdOf(req), req.body)),
  );

  app.put(
    '/list/item/update',
    signedIn('updateShoppingListItem', { body: shoppingListItemUpdateBody }, shoppingListDetail),
    async (req) => ok(await lists.updateItem(customerIdOf(req), req.body)),
  );

  app.delete(
    '/list/item/delete',
    signedIn('removeFromShoppingList', { body: shoppingListItemDeleteBody }, shoppingListDetail),
    async (req) => ok(await lists.removeItems(customerIdOf(req), req.body)),
  );

  app.post(
    '/list/add-order',
    signedIn('addOrderToShoppingList', { body: shoppingListAddOrderBody }, shoppingListOrderAdded),
    async (req) => ok(await lists.addOrder(customerIdOf(req), req.body)),
  );

  app.post(
    '/list/add-to-cart',
    signedIn('addShoppingListToCart', { body: shoppingListAddToCartBody }, cartMergeResult),
    async (req) => ok(await lists.addToCart(customerIdOf(req), req.body)),
  );
};

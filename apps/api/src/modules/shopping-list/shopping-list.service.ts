import type { CartMergeResult } from '@storefront/contract/cart';
import {
  SHOPPING_LIST_ITEMS_MAX,
  SHOPPING_LISTS_MAX,
  type ShoppingListAddOrderBody,
  type ShoppingListAddToCartBody,
  type ShoppingListCreateBody,
  type ShoppingListDetail,
  type ShoppingListItemAddBody,
  type ShoppingListItemAdded,
  type ShoppingListItemDeleteBody,
  type ShoppingListItemUpdateBody,
  type ShoppingListOrderAdded,
  type ShoppingLists,
  type ShoppingListSummary,
} from '@storefront/contract/shopping-list';
import { violatedConstraint, type Db, type Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { lockCustomer } from '../account/account.repo.js';
import { lockCart } from '../cart/cart.repo.js';
import { mergeIntoCart } from '../cart/cart-merge.js';
import type { CartService } from '../cart/cart.service.js';
import { findProductById, findProductsByIds } from '../catalog/catalog.repo.js';
import { toProduct } from '../catalog/catalog.service.js';
import { stockError } from '../catalog/stock.js';
import { findOrder, listOrderLines } from '../order/order.repo.js';
import {
  addItems,
  countItems,
  countLists,
  deleteItems,
  deleteList,
  findListWithCount,
  insertList,
  LIST_NAME_KEY,
  listItems,
  listItemsWithProducts,
  listListsWithCounts,
  setItemQuantity,
  touchList,
  type ListWithCount,
  type ShoppingListRow,
} from './shopping-list.repo.js';

function toSummary(list: ShoppingListRow, itemCount: number): ShoppingListSummary {
  return {
    listID: list.id,
    name: list.name,
    itemCount,
    createdAt: list.createdAt.toISOString(),
    updatedAt: list.updatedAt.toISOString(),
  };
}

const summaryOf = (list: ListWithCount) => toSummary(list, list.itemCount);

const noSuchList = () => new AppError('NOT_FOUND', 'No such list.');

/** A name another of the customer's lists has (in any letter case) is refused by its unique index. */
async function namingList<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (violatedConstraint(err) === LIST_NAME_KEY) throw new AppError('SHOPPING_LIST_NAME_TAKEN');
    throw err;
  }
}

/** Locks the customer's own list for the transaction and marks it changed; another's answers as a missing one. */
async function takeList(tx: Executor, customerId: number, listId: number): Promise<ShoppingListRow> {
  const list = await touchList(tx, customerId, listId);
  if (!list) throw noSuchList();
  return list;
}

export function createShoppingListService(db: Db, cart: CartService) {
  async function lists(customerId: number): Promise<ShoppingLists> {
    const rows = await listListsWithCounts(db, customerId);
    return { list: rows.map(summaryOf), total: rows.length };
  }

  async function detail(customerId: number, listId: number): Promise<ShoppingListDetail> {
    const list = await findListWithCount(db, customerId, listId);
    if (!list) throw noSuchList();
    const items = await listItemsWithProducts(db, list.id);
    return {
      ...toSummary(list, items.length),
      items: items.map(({ item, product }) => ({
        productID: item.productId,
        quantity: item.quantity,
        addedAt: item.addedAt.toISOString(),
        product: toProduct(product),
      })),
    };
  }

  return {
    lists,
    detail,

    async create(customerId: number, body: ShoppingListCreateBody): Promise<ShoppingListSummary> {
      // The customer row lock serialises their list creations, so parallel ones respect the cap.
      const list = await db.transaction(async (tx) => {
        await lockCustomer(tx, customerId);
        if ((await countLists(tx, customerId)) >= SHOPPING_LISTS_MAX)
          throw new AppError('SHOPPING_LIST_LIMIT');
        return namingList(insertList(tx, customerId, body.name));
      });
      return toSummary(list, 0);
    },

    async rename(customerId: number, listId: number, name: string): Promise<ShoppingListSummary> {
      const list = await namingList(touchList(db, customerId, listId, name));
      if (!list) throw noSuchList();
      const counted = await findListWithCount(db, customerId, list.id);
      return toSummary(list, counted?.itemCount ?? 0);
    },

    async remove(customerId: number, listId: number): Promise<ShoppingLists> {
      if (!(await deleteList(db, customerId, listId))) throw noSuchList();
      return lists(customerId);
    },

    async addItem(customerId: number, body: ShoppingListItemAddBody): Promise<ShoppingListItemAdded> {
      return db.transaction(async (tx) => {
        // The list's row stays locked until the commit: the cap and the merged quantity count exactly.
        const list = await takeList(tx, customerId, body.listID);
        const product = await findProductById(tx, body.productID);
        if (!product) throw new AppError('NOT_FOUND', 'No such product.');
        if (!product.isActive) throw stockError(product, body.quantity);
        const { n, held } = await countItems(tx, list.id, [product.id]);
        if (!held.has(product.id) && n >= SHOPPING_LIST_ITEMS_MAX) throw new AppError('SHOPPING_LIST_FULL');
        const [written] = await addItems(tx, list.id, [{ productId: product.id, quantity: body.quantity }], {
          capped: false,
        });
        if (!written) throw new AppError('SHOPPING_LIST_QUANTITY_LIMIT');
        return {
          list: toSummary(list, held.has(product.id) ? n : n + 1),
          productID: product.id,
          quantity: written.quantity,
        };
      });
    },

    async updateItem(customerId: number, body: ShoppingListItemUpdateBody): Promise<ShoppingListDetail> {
      await db.transaction(async (tx) => {
        const list = await takeList(tx, customerId, body.listID);
        if (!(await setItemQuantity(tx, list.id, body.productID, body.quantity)))
          throw new AppError('NOT_FOUND', 'That product is not on the list.');
      });
      return detail(customerId, body.listID);
    },

    async removeItems(customerId: number, body: ShoppingListItemDeleteBody): Promise<ShoppingListDetail> {
      await db.transaction(async (tx) => {
        const list = await takeList(tx, customerId, body.listID);
        await deleteItems(tx, list.id, body.productIDs);
      });
      return detail(customerId, body.listID);
    },

    /**
     * The order's products with its quantities, merged with the list's own (at most 99 each). Those the shop no
     * longer sells are left out and said; a list that would pass its size is refused whole.
     */
    async addOrder(customerId: number, body: ShoppingListAddOrderBody): Promise<ShoppingListOrderAdded> {
      return db.transaction(async (tx) => {
        const list = await takeList(tx, customerId, body.listID);
        const order = await findOrder(tx, customerId, body.orderID);
        if (!order) throw new AppError('NOT_FOUND', 'No such order.');
        const lines = await listOrderLines(tx, [order.id]);
        const sold = new Set(
          (
            await findProductsByIds(
              tx,
              lines.map((l) => l.productId),
            )
          )
            .filter((p) => p.isActive)
            .map((p) => p.id),
        );
        const kept = lines.filter((l) => sold.has(l.productId));
        const { n, held } = await countItems(
          tx,
          list.id,
          kept.map((l) => l.productId),
        );
        const fresh = kept.filter((l) => !held.has(l.productId)).length;
        if (n + fresh > SHOPPING_LIST_ITEMS_MAX) throw new AppError('SHOPPING_LIST_FULL');
        await addItems(
          tx,
          list.id,
          kept.map((l) => ({ productId: l.productId, quantity: l.quantity })),
          { capped: true },
        );
        return {
          list: toSummary(list, n + fresh),
          added: kept.length,
          leftOut: lines
            .filter((l) => !sold.has(l.productId))
            .map((l) => ({ productID: l.productId, name: l.name })),
        };
      });
    },

    /**
     * The list into the cart the forgiving way a past order goes (`mergeIntoCart`): each product on top of what the
     * cart holds, capped at the stock and the line maximum, and what cannot go in said in the answer's lines.
     */
    async addToCart(customerId: number, body: ShoppingListAddToCartBody): Promise<CartMergeResult> {
      const outcomes = await db.transaction(async (tx) => {
        const list = await findListWithCount(tx, customerId, body.listID);
        if (!list) throw noSuchList();
        // The cart lock serialises this with the customer's other cart writes, so the stock caps count exactly.
        await lockCart(tx, customerId);
        const items = await listItems(tx, list.id);
        if (items.length === 0) throw new AppError('SHOPPING_LIST_EMPTY');
        return mergeIntoCart(
          tx,
          customerId,
          items.map((i) => ({ productId: i.productId, quantity: i.quantity })),
        );
      });
      return {
        added: outcomes.reduce((total, o) => total + o.added, 0),
        lines: outcomes.map(({ productId, ...o }) => ({ productID: productId, ...o })),
        cart: await cart.list(customerId),
      };
    },
  };
}

export type ShoppingListService = ReturnType<typeof createShoppingListService>;

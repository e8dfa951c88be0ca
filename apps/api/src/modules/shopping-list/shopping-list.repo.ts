import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { CART_LINE_QUANTITY_MAX } from '@storefront/contract/limits';
import type { Executor } from '../../db/client.js';
import { products, shoppingListItems, shoppingLists } from '../../db/schema/index.js';
import { productColumns, type ProductRow } from '../catalog/catalog.repo.js';

export type ShoppingListRow = typeof shoppingLists.$inferSelect;
export type ShoppingListItemRow = typeof shoppingListItems.$inferSelect;
export type ListWithCount = ShoppingListRow & { itemCount: number };

/** The unique index that keeps a customer's list names apart in any letter case (migration 0034). */
export const LIST_NAME_KEY = 'shopping_lists_customer_name_key';

const itemCountSql = sql<number>`(select count(*)::int from ${shoppingListItems} where ${shoppingListItems.listId} = ${shoppingLists.id})`;

/** The customer's lists with how many products each holds, by name in any letter case. */
export async function listListsWithCounts(db: Executor, customerId: number): Promise<ListWithCount[]> {
  return db
    .select({ ...shoppingListColumns, itemCount: itemCountSql })
    .from(shoppingLists)
    .where(eq(shoppingLists.customerId, customerId))
    .orderBy(sql`lower(${shoppingLists.name})`, asc(shoppingLists.id));
}

const shoppingListColumns = {
  id: shoppingLists.id,
  customerId: shoppingLists.customerId,
  name: shoppingLists.name,
  createdAt: shoppingLists.createdAt,
  updatedAt: shoppingLists.updatedAt,
};

export async function countLists(db: Executor, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(shoppingLists)
    .where(eq(shoppingLists.customerId, customerId));
  return row?.n ?? 0;
}

/** A new list; a name the customer already uses breaks LIST_NAME_KEY. */
export async function insertList(db: Executor, customerId: number, name: string): Promise<ShoppingListRow> {
  const [row] = await db.insert(shoppingLists).values({ customerId, name }).returning();
  if (!row) throw new Error('insert into shopping_lists returned no row');
  return row;
}

/** The customer's own list with its product count; undefined for a list that is missing or another's. */
export async function findListWithCount(
  db: Executor,
  customerId: number,
  listId: number,
): Promise<ListWithCount | undefined> {
  const [row] = await db
    .select({ ...shoppingListColumns, itemCount: itemCountSql })
    .from(shoppingLists)
    .where(and(eq(shoppingLists.id, listId), eq(shoppingLists.customerId, customerId)));
  return row;
}

/**
 * Marks the customer's own list changed now and locks it for the rest of the transaction (an update locks its row),
 * so changes to one list's products queue; with `name`, renames it. Undefined for a list that is missing or another's.
 */
export async function touchList(
  db: Executor,
  customerId: number,
  listId: number,
  name?: string,
): Promise<ShoppingListRow | undefined> {
  const [row] = await db
    .update(shoppingLists)
    .set({ updatedAt: sql`now()`, ...(name === undefined ? {} : { name }) })
    .where(and(eq(shoppingLists.id, listId), eq(shoppingLists.customerId, customerId)))
    .returning();
  return row;
}

/** Deletes the customer's own list (its items go with it); answers whether there was one. */
export async function deleteList(db: Executor, customerId: number, listId: number): Promise<boolean> {
  const rows = await db
    .delete(shoppingLists)
    .where(and(eq(shoppingLists.id, listId), eq(shoppingLists.customerId, customerId)))
    .returning({ id: shoppingLists.id });
  return rows.length > 0;
}

/** The list's items with their products as sold now, newest added first. */
export async function listItemsWithProducts(
  db: Executor,
  listId: number,
): Promise<{ item: ShoppingListItemRow; product: ProductRow }[]> {
  return db
    .select({ item: getItemColumns(), product: productColumns })
    .from(shoppingListItems)
    .innerJoin(products, eq(products.id, shoppingListItems.productId))
    .where(eq(shoppingListItems.listId, listId))
    .orderBy(desc(shoppingListItems.addedAt), asc(shoppingListItems.productId));
}

function getItemColumns() {
  return {
    listId: shoppingListItems.listId,
    productId: shoppingListItems.productId,
    quantity: shoppingListItems.quantity,
    addedAt: shoppingListItems.addedAt,
  };
}

/** How many products the list holds, and which of `productIds` are among them. */
export async function countItems(
  db: Executor,
  listId: number,
  productIds: number[],
): Promise<{ n: number; held: Set<number> }> {
  const [row] = await db
    .select({
      n: count(),
      held: sql<
        number[] | null
      >`array_agg(${shoppingListItems.productId}) filter (where ${shoppingListItems.productId} = any(${sql.param(productIds)}::int[]))`,
    })
    .from(shoppingListItems)
    .where(eq(shoppingListItems.listId, listId));
  return { n: row?.n ?? 0, held: new Set(row?.held ?? []) };
}

/** The list's items, product and quantity only. */
export async function listItems(db: Executor, listId: number): Promise<ShoppingListItemRow[]> {
  return db
    .select()
    .from(shoppingListItems)
    .where(eq(shoppingListItems.listId, listId))
    .orderBy(desc(shoppingListItems.addedAt), asc(shoppingListItems.productId));
}

/**
 * Puts products on the list, each quantity added to what the list holds of it. `capped`: a sum past the per-line
 * maximum is that maximum; otherwise such a product is left as it was and its row not answered. Answers the rows
 * written, with their quantities after the write.
 */
export async function addItems(
  db: Executor,
  listId: number,
  items: { productId: number; quantity: number }[],
  { capped }: { capped: boolean },
): Promise<{ productId: number; quantity: number }[]> {
  if (items.length === 0) return [];
  const sum = sql`${shoppingListItems.quantity} + excluded.quantity`;
  return db
    .insert(shoppingListItems)
    .values(items.map((i) => ({ listId, ...i })))
    .onConflictDoUpdate({
      target: [shoppingListItems.listId, shoppingListItems.productId],
      set: { quantity: capped ? sql`least(${sum}, ${CART_LINE_QUANTITY_MAX})` : sum },
      ...(capped ? {} : { setWhere: sql`${sum} <= ${CART_LINE_QUANTITY_MAX}` }),
    })
    .returning({ productId: shoppingListItems.productId, quantity: shoppingListItems.quantity });
}

/** Sets a product's quantity on the list; answers whether the product was on it. */
export async function setItemQuantity(
  db: Executor,
  listId: number,
  productId: number,
  quantity: number,
): Promise<boolean> {
  const rows = await db
    .update(shoppingListItems)
    .set({ quantity })
    .where(and(eq(shoppingListItems.listId, listId), eq(shoppingListItems.productId, productId)))
    .returning({ productId: shoppingListItems.productId });
  return rows.length > 0;
}

export async function deleteItems(db: Executor, listId: number, productIds: number[]): Promise<void> {
  await db
    .delete(shoppingListItems)
    .where(and(eq(shoppingListItems.listId, listId), inArray(shoppingListItems.productId, productIds)));
}

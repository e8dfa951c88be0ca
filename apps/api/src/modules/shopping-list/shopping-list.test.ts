import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartList, CartMergeResult } from '@storefront/contract/cart';
import {
  SHOPPING_LIST_ITEMS_MAX,
  SHOPPING_LISTS_MAX,
  type ShoppingListDetail,
  type ShoppingListItemAdded,
  type ShoppingListOrderAdded,
  type ShoppingLists,
  type ShoppingListSummary,
} from '@storefront/contract/shopping-list';
import { cartLines, shoppingListItems, shoppingLists } from '../../db/schema/index.js';
import {
  addAddress,
  addToCart,
  bearer,
  placeOrder,
  registerCustomer,
  type Customer,
} from '../../../test/factories.js';
import { createProduct, updateProduct } from '../../../test/catalog-factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(method: Method, url: string, c: Customer, payload?: object) {
  return t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(c.token), payload });
}

/** Calls a route that must succeed; answers its data. */
async function ok<T>(method: Method, url: string, c: Customer, payload?: object): Promise<T> {
  const res = await call(method, url, c, payload);
  expect(res.json<{ code: number }>().code, res.body).toBe(0);
  return res.json<{ data: T }>().data;
}

const answer = (res: { statusCode: number; json: () => { code: number } }) => ({
  status: res.statusCode,
  code: res.json().code,
});

const createList = (c: Customer, name: string) =>
  ok<ShoppingListSummary>('POST', '/list/create', c, { name });
const addItem = (c: Customer, listID: number, productID: number, quantity = 1) =>
  ok<ShoppingListItemAdded>('POST', '/list/item/add', c, { listID, productID, quantity });
const detail = (c: Customer, listID: number) =>
  ok<ShoppingListDetail>('GET', `/list/detail?listID=${listID}`, c);

const itemRows = (listId: number) =>
  db()
    .select({ productId: shoppingListItems.productId, quantity: shoppingListItems.quantity })
    .from(shoppingListItems)
    .where(eq(shoppingListItems.listId, listId))
    .orderBy(shoppingListItems.productId);
const cartRows = (customerId: number) =>
  db()
    .select({ productId: cartLines.productId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.customerId, customerId))
    .orderBy(cartLines.productId);

describe('shopping lists', () => {
  it('need a signed-in customer', async () => {
    expect((await t.app.inject({ url: '/api/v1/list/list' })).statusCode).toBe(401);
  });

  it('are listed by name with how many products each holds', async () => {
    const c = await registerCustomer(t.app);
    const weekly = await createList(c, '  weekly shop ');
    const party = await createList(c, 'Party');
    expect(weekly).toMatchObject({ name: 'weekly shop', itemCount: 0 });
    await addItem(c, party.listID, (await createProduct(db())).id);
    await addItem(c, party.listID, (await createProduct(db())).id, 3);
    const lists = await ok<ShoppingLists>('GET', '/list/list', c);
    expect(lists.total).toBe(2);
    expect(lists.list.map((l) => [l.name, l.itemCount])).toEqual([
      ['Party', 2],
      ['weekly shop', 0],
    ]);
  });

  it('refuses a second list of the same name in any letter case', async () => {
    const c = await registerCustomer(t.app);
    const weekly = await createList(c, 'Weekly shop');
    const res = await call('POST', '/list/create', c, { name: 'WEEKLY SHOP' });
    expect(answer(res)).toEqual({ status: 200, code: 101701 });
    const party = await createList(c, 'Party');
    const renamed = await call('PUT', `/list/${party.listID}`, c, { name: 'weekly Shop' });
    expect(answer(renamed)).toEqual({ status: 200, code: 101701 });
    // Another customer may use the name; the list itself may change its letter case.
    await createList(await registerCustomer(t.app), 'Weekly shop');
    const recased = await ok<ShoppingListSummary>('PUT', `/list/${weekly.listID}`, c, {
      name: 'weekly SHOP',
    });
    expect(recased.name).toBe('weekly SHOP');
  });

  it('refuses a name that is empty once trimmed, too long or not plain text, naming the field', async () => {
    const c = await registerCustomer(t.app);
    for (const name of ['   ', 'x'.repeat(61), 'tab\there']) {
      const res = await call('POST', '/list/create', c, { name });
      expect(res.statusCode, name).toBe(400);
      expect(res.json<{ data: { fields: { field: string }[] } }>().data.fields[0]?.field).toBe('body.name');
    }
    expect((await call('POST', '/list/create', c, { name: 'Ok', customerID: 1 })).statusCode).toBe(400);
    expect((await createList(c, 'x'.repeat(60))).name).toHaveLength(60);
  });

  it(`keeps at most ${SHOPPING_LISTS_MAX} lists, also when they are made at once`, async () => {
    const c = await registerCustomer(t.app);
    await db()
      .insert(shoppingLists)
      .values(
        Array.from({ length: SHOPPING_LISTS_MAX - 2 }, (_, i) => ({
          customerId: c.user.customerID,
          name: `L${i}`,
        })),
      );
    const made = await Promise.all(
      ['A', 'B', 'C', 'D'].map((name) => call('POST', '/list/create', c, { name })),
    );
    expect(made.map((r) => r.json<{ code: number }>().code).sort()).toEqual([0, 0, 101702, 101702]);
    expect((await ok<ShoppingLists>('GET', '/list/list', c)).total).toBe(SHOPPING_LISTS_MAX);
  });

  it('reads a list with its products priced as the cart prices them', async () => {
    const c = await registerCustomer(t.app);
    const list = await createList(c, 'Weekly');
    const special = await createProduct(db(), { priceCents: 350, wasPriceCents: 500, name: 'Oat milk' });
    const soldOut = await createProduct(db(), { stock: 0, name: 'Sold out' });
    const gone = await createProduct(db(), { name: 'Gone' });
    await addItem(c, list.listID, special.id, 2);
    await addItem(c, list.listID, soldOut.id);
    await addItem(c, list.listID, gone.id);
    await updateProduct(db(), gone.id, { isActive: false });
    const read = await detail(c, list.listID);
    expect(read).toMatchObject({ listID: list.listID, name: 'Weekly', itemCount: 3 });
    const byId = new Map(read.items.map((i) => [i.productID, i]));
    expect(byId.get(special.id)).toMatchObject({
      quantity: 2,
      product: { price: 350, wasPrice: 500, isOnSpecial: true, available: true },
    });
    expect(byId.get(soldOut.id)?.product).toMatchObject({ available: false, isActive: true, stock: 0 });
    expect(byId.get(gone.id)?.product).toMatchObject({ available: false, isActive: false });
    // The cart charges the same price for it.
    await addToCart(t.app, c, special.id);
    const cart = await ok<CartList>('GET', '/cart/list', c);
    expect(cart.available[0]).toMatchObject({ productID: special.id, price: 350, regularPrice: 500 });
  });

  it('merges a product added again, and refuses more than 99 of one without changing it', async () => {
    const c = await registerCustomer(t.app);
    const list = await createList(c, 'Weekly');
    const product = await createProduct(db());
    expect(await addItem(c, list.listID, product.id, 2)).toMatchObject({
      quantity: 2,
      list: { itemCount: 1 },
    });
    expect(await addItem(c, list.listID, product.id, 3)).toMatchObject({
      quantity: 5,
      list: { itemCount: 1 },
    });
    const tooMany = await call('POST', '/list/item/add', c, {
      listID: list.listID,
      productID: product.id,
      quantity: 95,
    });
    expect(answer(tooMany)).toEqual({ status: 200, code: 101704 });
    expect(await itemRows(list.listID)).toEqual([{ productId: product.id, quantity: 5 }]);
  });

  it('refuses products the shop does not sell, and quantities out of range', async () => {
    const c = await registerCustomer(t.app);
    const list = await createList(c, 'Weekly');
    const off = await createProduct(db(), { isActive: false });
    const inactive = await call('POST', '/list/item/add', c, {
      listID: list.listID,
      productID: off.id,
      quantity: 1,
    });
    expect(answer(inactive)).toEqual({ status: 200, code: 100402 });
    const unknown = await call('POST', '/list/item/add', c, {
      listID: list.listID,
      productID: 2_000_000_000,
      quantity: 1,
    });
    expect(answer(unknown)).toEqual({ status: 404, code: 100002 });
    for (const quantity of [0, 100, 1.5, '2']) {
      const res = await call('POST', '/list/item/add', c, {
        listID: list.listID,
        productID: off.id,
        quantity,
      });
      expect(res.statusCode, String(quantity)).toBe(400);
    }
    expect(await itemRows(list.listID)).toEqual([]);
  });

  it(`holds at most ${SHOPPING_LIST_ITEMS_MAX} products`, async () => {
    const c = await registerCustomer(t.app);
    const list = await createList(c, 'Big');
    const kept = await createProduct(db());
    const others = await Promise.all(
      Array.from({ length: SHOPPING_LIST_ITEMS_MAX - 1 }, () => createProduct(db())),
    );
    await db()
      .insert(shoppingListItems)
      .values([kept, ...others].map((p) => ({ listId: list.listID, productId: p.id, quantity: 1 })));
    const extra = await createProduct(db());
    const res = await call('POST', '/list/item/add', c, {
      listID: list.listID,
      productID: extra.id,
      quantity: 1,
    });
    expect(answer(res)).toEqual({ status: 200, code: 101703 });
    // One already on it can still grow.
    expect(await addItem(c, list.listID, kept.id)).toMatchObject({ quantity: 2 });
  });

  it('changes a quantity and removes products, answering the list as it is', async () => {
    const c = await registerCustomer(t.app);
    const list = await createList(c, 'Weekly');
    const [a, b, x] = [await createProduct(db()), await createProduct(db()), await createProduct(db())];
    await addItem(c, list.listID, a.id);
    await addItem(c, list.listID, b.id);
    const changed = await ok<ShoppingListDetail>('PUT', '/list/item/update', c, {
      listID: list.listID,
      productID: a.id,
      quantity: 7,
    });
    expect(changed.items.find((i) => i.productID === a.id)?.quantity).toBe(7);
    const missing = await call('PUT', '/list/item/update', c, {
      listID: list.listID,
      productID: x.id,
      quantity: 2,
    });
    expect(answer(missing)).toEqual({ status: 404, code: 100002 });
    const removed = await ok<ShoppingListDetail>('DELETE', '/list/item/delete', c, {
      listID: list.listID,
      productIDs: [b.id, x.id],
    });
    expect(removed.items.map((i) => i.productID)).toEqual([a.id]);
    expect(removed.itemCount).toBe(1);
  });

  it('renames and deletes a list, its products with it', async () => {
    const c = await registerCustomer(t.app);
    const list = await createList(c, 'Weekly');
    await addItem(c, list.listID, (await createProduct(db())).id);
    const renamed = await ok<ShoppingListSummary>('PUT', `/list/${list.listID}`, c, { name: 'Fortnightly' });
    expect(renamed).toMatchObject({ listID: list.listID, name: 'Fortnightly', itemCount: 1 });
    const left = await ok<ShoppingLists>('DELETE', `/list/${list.listID}`, c);
    expect(left.total).toBe(0);
    expect(await itemRows(list.listID)).toEqual([]);
    expect(answer(await call('DELETE', `/list/${list.listID}`, c))).toEqual({ status: 404, code: 100002 });
  });

  it("answers another customer's list as a missing one and changes nothing of it", async () => {
    const a = await registerCustomer(t.app);
    const b = await registerCustomer(t.app);
    const theirs = await createList(a, 'Mine');
    const product = await createProduct(db());
    await addItem(a, theirs.listID, product.id);
    const missing = { status: 404, code: 100002 };
    const id = theirs.listID;
    for (const [method, url, payload] of [
      ['GET', `/list/detail?listID=${id}`, undefined],
      ['PUT', `/list/${id}`, { name: 'Stolen' }],
      ['DELETE', `/list/${id}`, undefined],
      ['POST', '/list/item/add', { listID: id, productID: product.id, quantity: 1 }],
      ['PUT', '/list/item/update', { listID: id, productID: product.id, quantity: 9 }],
      ['DELETE', '/list/item/delete', { listID: id, productIDs: [product.id] }],
      ['POST', '/list/add-to-cart', { listID: id }],
    ] as const) {
      expect(answer(await call(method, url, b, payload)), `${method} ${url}`).toEqual(missing);
    }
    expect(await detail(a, id)).toMatchObject({
      name: 'Mine',
      items: [{ productID: product.id, quantity: 1 }],
    });
    expect(await cartRows(b.user.customerID)).toEqual([]);
  });

  it("puts a past order's products on a list, merged, leaving out what is no longer sold", async () => {
    const c = await registerCustomer(t.app);
    const addressID = await addAddress(t.app, c);
    const [a, b, gone] = [
      await createProduct(db(), { stock: 20 }),
      await createProduct(db(), { stock: 20 }),
      await createProduct(db(), { stock: 20, name: 'Seasonal cake' }),
    ];
    await addToCart(t.app, c, a.id, 2);
    await addToCart(t.app, c, b.id, 1);
    await addToCart(t.app, c, gone.id, 1);
    const order = await placeOrder(t.app, c, { addressID });
    await updateProduct(db(), gone.id, { isActive: false });
    const list = await createList(c, 'From the order');
    await addItem(c, list.listID, a.id, 98);
    const added = await ok<ShoppingListOrderAdded>('POST', '/list/add-order', c, {
      listID: list.listID,
      orderID: order.orderID,
    });
    expect(added).toMatchObject({
      added: 2,
      leftOut: [{ productID: gone.id, name: 'Seasonal cake' }],
      list: { itemCount: 2 },
    });
    // 98 and the order's 2 make 99 at most.
    expect(await itemRows(list.listID)).toEqual([
      { productId: a.id, quantity: 99 },
      { productId: b.id, quantity: 1 },
    ]);
    const other = await registerCustomer(t.app);
    const theirs = await call('POST', '/list/add-order', other, {
      listID: (await createList(other, 'Theirs')).listID,
      orderID: order.orderID,
    });
    expect(answer(theirs)).toEqual({ status: 404, code: 100002 });
  });

  it('refuses a whole past order that would take the list past its size', async () => {
    const c = await registerCustomer(t.app);
    const addressID = await addAddress(t.app, c);
    const [a, b] = [await createProduct(db()), await createProduct(db())];
    await addToCart(t.app, c, a.id);
    await addToCart(t.app, c, b.id);
    const order = await placeOrder(t.app, c, { addressID });
    const list = await createList(c, 'Nearly full');
    const fillers = await Promise.all(
      Array.from({ length: SHOPPING_LIST_ITEMS_MAX - 1 }, () => createProduct(db())),
    );
    await db()
      .insert(shoppingListItems)
      .values(fillers.map((p) => ({ listId: list.listID, productId: p.id, quantity: 1 })));
    const res = await call('POST', '/list/add-order', c, { listID: list.listID, orderID: order.orderID });
    expect(answer(res)).toEqual({ status: 200, code: 101703 });
    expect(await itemRows(list.listID)).toHaveLength(SHOPPING_LIST_ITEMS_MAX - 1);
  });

  it('adds a whole list to the cart, saying what could not go in, and keeps the list', async () => {
    const c = await registerCustomer(t.app);
    const list = await createList(c, 'Weekly');
    const [plenty, few, soldOut, gone] = [
      await createProduct(db(), { stock: 50, name: 'Plenty' }),
      await createProduct(db(), { stock: 3, name: 'Few' }),
      await createProduct(db(), { stock: 5, name: 'Sold out' }),
      await createProduct(db(), { name: 'Gone' }),
    ];
    await addItem(c, list.listID, plenty.id, 2);
    await addItem(c, list.listID, few.id, 5);
    await addItem(c, list.listID, soldOut.id);
    await addItem(c, list.listID, gone.id);
    await updateProduct(db(), soldOut.id, { stock: 0 });
    await updateProduct(db(), gone.id, { isActive: false });
    await addToCart(t.app, c, plenty.id, 1);

    const result = await ok<CartMergeResult>('POST', '/list/add-to-cart', c, { listID: list.listID });
    expect(result.added).toBe(5);
    expect(result.lines.map((l) => [l.name, l.asked, l.added, l.reason])).toEqual([
      ['Plenty', 2, 2, null],
      ['Few', 5, 3, 'capped'],
      ['Sold out', 1, 0, 'out_of_stock'],
      ['Gone', 1, 0, 'unavailable'],
    ]);
    expect(await cartRows(c.user.customerID)).toEqual([
      { productId: plenty.id, quantity: 3 },
      { productId: few.id, quantity: 3 },
    ]);
    expect(result.cart.count).toBe(6);
    expect(await itemRows(list.listID)).toHaveLength(4);
  });

  it('says so when a list with nothing on it is added to the cart', async () => {
    const c = await registerCustomer(t.app);
    const list = await createList(c, 'Empty');
    const res = await call('POST', '/list/add-to-cart', c, { listID: list.listID });
    expect(answer(res)).toEqual({ status: 200, code: 101705 });
  });
});

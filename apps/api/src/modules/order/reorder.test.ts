import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartList } from '@storefront/contract/cart';
import type { ReorderResult } from '@storefront/contract/order';
import { createProduct, updateProduct } from '../../../test/catalog-factories.js';
import {
  addAddress,
  addToCart,
  bearer,
  placeOrder,
  registerCustomer,
  type Customer,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function call<T>(c: Customer, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(c.token),
    ...(payload ? { payload } : {}),
  });
  return { statusCode: res.statusCode, ...res.json<{ code: number; data: T }>() };
}

const cartOf = async (c: Customer) =>
  Object.fromEntries(
    (await call<CartList>(c, 'GET', '/cart/list')).data.available.map((l) => [l.productID, l.quantity]),
  );

/** A past order of 2 apples, 3 pears, 1 tea and 4 figs; the cart is empty afterwards. */
async function pastOrder() {
  const c = await registerCustomer(t.app);
  const addressID = await addAddress(t.app, c);
  const [apples, pears, tea, figs] = await Promise.all(
    ['Apples', 'Pears', 'Tea', 'Figs'].map((name) =>
      createProduct(db(), { name, priceCents: 300, stock: 50 }),
    ),
  );
  if (!apples || !pears || !tea || !figs) throw new Error('products not made');
  await addToCart(t.app, c, apples.id, 2);
  await addToCart(t.app, c, pears.id, 3);
  await addToCart(t.app, c, tea.id, 1);
  await addToCart(t.app, c, figs.id, 4);
  const order = await placeOrder(t.app, c, { addressID });
  return { c, order, apples, pears, tea, figs };
}

describe('buy again', () => {
  it("puts a past order's products into the cart, on top of what is there", async () => {
    const { c, order, apples, pears, tea, figs } = await pastOrder();
    await addToCart(t.app, c, apples.id, 1);
    const res = await call<ReorderResult>(c, 'POST', '/order/reorder', { orderID: order.orderID });
    expect(res.code).toBe(0);
    expect(res.data.added).toBe(10);
    expect(res.data.lines.every((l) => l.reason === null)).toBe(true);
    expect(res.data.lines).toHaveLength(4);
    expect(await cartOf(c)).toEqual({ [apples.id]: 3, [pears.id]: 3, [tea.id]: 1, [figs.id]: 4 });
  });

  it("brings back the past order's substitute choices on the lines it adds; a line the cart holds keeps its own", async () => {
    const c = await registerCustomer(t.app);
    const addressID = await addAddress(t.app, c);
    const [apples, tea, bread] = [
      await createProduct(db(), { stock: 50 }),
      await createProduct(db(), { stock: 50 }),
      await createProduct(db(), { stock: 50 }),
    ];
    await addToCart(t.app, c, apples.id, 2);
    await addToCart(t.app, c, tea.id, 1);
    await addToCart(t.app, c, bread.id, 1);
    const noSubstitute = (productID: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/cart/update',
        headers: bearer(c.token),
        payload: { productID, allowSubstitute: false },
      });
    await noSubstitute(tea.id);
    const order = await placeOrder(t.app, c, { addressID });
    await addToCart(t.app, c, apples.id, 1);
    await noSubstitute(apples.id);

    expect((await call(c, 'POST', '/order/reorder', { orderID: order.orderID })).code).toBe(0);
    const lines = (await call<CartList>(c, 'GET', '/cart/list')).data.available;
    expect(Object.fromEntries(lines.map((l) => [l.productID, [l.quantity, l.allowSubstitute]]))).toEqual({
      [apples.id]: [3, false],
      [tea.id]: [1, false],
      [bread.id]: [1, true],
    });
  });

  it('caps at stock, skips what is no longer sold or sold out, and says which and why', async () => {
    const { c, order, apples, pears, tea, figs } = await pastOrder();
    await updateProduct(db(), pears.id, { stock: 2 });
    await updateProduct(db(), tea.id, { isActive: false });
    await updateProduct(db(), figs.id, { stock: 0 });
    const res = await call<ReorderResult>(c, 'POST', '/order/reorder', { orderID: order.orderID });
    expect(res.data.added).toBe(4);
    const byProduct = Object.fromEntries(res.data.lines.map((l) => [l.productID, l]));
    expect(byProduct[apples.id]).toEqual({
      productID: apples.id,
      name: 'Apples',
      asked: 2,
      added: 2,
      reason: null,
    });
    expect(byProduct[pears.id]).toMatchObject({ asked: 3, added: 2, reason: 'capped' });
    expect(byProduct[tea.id]).toMatchObject({ asked: 1, added: 0, reason: 'unavailable' });
    expect(byProduct[figs.id]).toMatchObject({ asked: 4, added: 0, reason: 'out_of_stock' });
    expect(await cartOf(c)).toEqual({ [apples.id]: 2, [pears.id]: 2 });
  });

  it('a line already at the stock adds nothing and says it is capped', async () => {
    const { c, order, apples } = await pastOrder();
    await updateProduct(db(), apples.id, { stock: 5 });
    await addToCart(t.app, c, apples.id, 5);
    const res = await call<ReorderResult>(c, 'POST', '/order/reorder', { orderID: order.orderID });
    expect(res.data.lines.find((l) => l.productID === apples.id)).toMatchObject({
      added: 0,
      reason: 'capped',
    });
    expect((await cartOf(c))[apples.id]).toBe(5);
  });

  it("another customer's order answers like a missing one, and their cart is untouched", async () => {
    const { c, order } = await pastOrder();
    const stranger = await registerCustomer(t.app);
    const theirs = await call(stranger, 'POST', '/order/reorder', { orderID: order.orderID });
    const missing = await call(stranger, 'POST', '/order/reorder', { orderID: 2_000_000_000 });
    expect(theirs).toMatchObject({ statusCode: missing.statusCode, code: missing.code });
    expect(missing.code).toBe(100002);
    expect(await cartOf(stranger)).toEqual({});
    expect(await cartOf(c)).toEqual({});
  });
});

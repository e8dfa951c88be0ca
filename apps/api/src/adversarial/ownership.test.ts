/**
 * Customer B calls every route that takes a customer-owned id with customer A's id: the answer must be the one B
 * gets for a missing id, and nothing of A's may change. The routes come from the app's own route table, so a new
 * route taking an id the table below does not know fails the suite until someone says how to test it.
 */
import type * as FastifyModule from 'fastify';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { errorCatalogue } from '@storefront/contract/errors';
import type { ShoppingListSummary } from '@storefront/contract/shopping-list';
import type { WishlistList } from '@storefront/contract/wishlist';
import { createCoupon, createProduct, giveCoupon, giveCredit } from '../../test/catalog-factories.js';
import { customerRows } from '../../test/customer-rows.js';
import {
  addAddress,
  addToCart,
  bearer,
  placeOrder,
  registerCustomer,
  sydneyAddress,
  type Customer,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

type SeenRoute = { method: string | string[]; url: string; schema?: unknown };
const { seenRoutes } = vi.hoisted(() => ({ seenRoutes: [] as SeenRoute[] }));

// Fastify's onRoute hook has to be in place before the routes are added, and buildApp adds them itself: so the hook
// goes on where the instance is made.
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>();
  const recording = ((options?: FastifyModule.FastifyServerOptions) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      seenRoutes.push({ method: route.method, url: route.url, schema: route.schema });
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: recording, fastify: recording };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

const API = '/api/v1';
/** An id no row has: what "missing" means for ids that are not product ids. */
const MISSING_ID = 2_000_000_000;

type Request = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };
/** B's own things a request may need besides the id under test. */
type Other = { addressID: number; orderID: number; listID: number };
/** The kinds of customer-owned things an id can name. */
type Kind =
  | 'address'
  | 'order'
  | 'wishlistItem'
  | 'cartLine'
  | 'wishlistProduct'
  | 'walletCoupon'
  | 'creditEntry'
  | 'shoppingList';
type OwnedId =
  | { kind: Kind; list?: false; request: (id: number, b: Other) => Request }
  | { kind: Kind; list: true; request: (ids: number[], b: Other) => Request };
/** A catalogue id anyone may use: products, suburbs. */
const PUBLIC = 'public';
type IdUse = OwnedId | typeof PUBLIC;

/** A route taking one id of this kind. */
const one = (kind: Kind, request: (id: number, b: Other) => Request): OwnedId => ({ kind, request });
/** A route taking a list of ids of this kind. */
const many = (kind: Kind, request: (ids: number[], b: Other) => Request): OwnedId => ({
  kind,
  list: true,
  request,
});
const del = (url: string): Request => ({ method: 'DELETE', url });
const get = (url: string): Request => ({ method: 'GET', url });
const post = (url: string, payload: object): Request => ({ method: 'POST', url, payload });
const put = (url: string, payload: object): Request => ({ method: 'PUT', url, payload });
const checkout = { shippingService: 'standard', useCredit: false };

/**
 * Every id a route takes, by `METHOD /path` and where it sits (params, query or body; `[]` steps into a list).
 * Cart lines and wishlist entries are keyed by product in this API, so a product id on a cart or wishlist route
 * names the caller's own line: A's line is a product in A's cart (or on A's wishlist).
 */
const ID_TABLE: Record<string, Record<string, IdUse>> = {
  'PUT /address/:addressID': {
    'params.addressID': one('address', (id) => put(`/address/${id}`, sydneyAddress)),
  },
  'DELETE /address/:addressID': { 'params.addressID': one('address', (id) => del(`/address/${id}`)) },
  'POST /address/set-default': {
    'body.addressID': one('address', (id) => post('/address/set-default', { addressID: id })),
  },
  'POST /address/set-billing': {
    'body.addressID': one('address', (id) => post('/address/set-billing', { addressID: id })),
  },
  'POST /address/change': {
    'body.addressID': one('address', (id) => post('/address/change', { addressID: id })),
  },
  'GET /shipping/calc-selected': {
    'query.addressID': one('address', (id) => get(`/shipping/calc-selected?addressID=${id}`)),
  },
  'POST /order/create': {
    'body.addressID': one('address', (id) => post('/order/create', { ...checkout, addressID: id })),
    'body.billingAddressID': one('address', (id, b) =>
      post('/order/create', { ...checkout, addressID: b.addressID, billingAddressID: id }),
    ),
    'body.deliveryWindowID': PUBLIC,
  },
  'GET /order/detail': { 'query.orderID': one('order', (id) => get(`/order/detail?orderID=${id}`)) },
  'GET /order/address-options': {
    'query.orderID': one('order', (id) => get(`/order/address-options?orderID=${id}`)),
  },
  'PUT /order/delivery-notes': {
    'body.orderID': one('order', (id) =>
      put('/order/delivery-notes', {
        orderID: id,
        deliveryNotes: 'Leave it on the street',
        leaveUnattended: true,
      }),
    ),
  },
  'PUT /order/substitutes': {
    'body.orderID': one('order', (id) =>
      put('/order/substitutes', { orderID: id, noSubstituteProductIDs: [] }),
    ),
    // Products: a product that is not one of the order's lines is refused like a missing one.
    'body.noSubstituteProductIDs': PUBLIC,
  },
  'PUT /order/address': {
    'body.orderID': one('order', (id, b) => put('/order/address', { orderID: id, addressID: b.addressID })),
    'body.addressID': one('address', (id, b) => put('/order/address', { orderID: b.orderID, addressID: id })),
  },
  'PUT /order/cancel': { 'body.orderID': one('order', (id) => put('/order/cancel', { orderID: id })) },
  'POST /order/reorder': { 'body.orderID': one('order', (id) => post('/order/reorder', { orderID: id })) },
  'PUT /order/delivery-window': {
    'body.orderID': one('order', (id) => put('/order/delivery-window', { orderID: id, windowID: 1 })),
    // Windows belong to a zone, not a customer: anyone may read and book them.
    'body.windowID': PUBLIC,
  },
  'GET /delivery/windows': {
    'query.addressID': one('address', (id) => get(`/delivery/windows?addressID=${id}`)),
  },
  'GET /payment/methods': { 'query.orderID': one('order', (id) => get(`/payment/methods?orderID=${id}`)) },
  'POST /payment/start': {
    'body.orderID': one('order', (id) => post('/payment/start', { orderID: id, provider: 'demo' })),
  },
  'POST /paypal/express-capture': {
    'body.orderID': one('order', (id) =>
      post('/paypal/express-capture', { orderID: id, token: 'PAYPAL-ORDER' }),
    ),
  },
  'POST /after-pay/capture': {
    'body.orderID': one('order', (id) => post('/after-pay/capture', { orderID: id, orderToken: 'AP-TOKEN' })),
  },
  'POST /payment/demo/capture': {
    'body.orderID': one('order', (id) => post('/payment/demo/capture', { orderID: id, ref: 'demo_ref' })),
  },
  'DELETE /wishlist/:id': { 'params.id': one('wishlistItem', (id) => del(`/wishlist/${id}`)) },
  'POST /wishlist/move-to-cart': {
    'body.ids': many('wishlistItem', (ids) => post('/wishlist/move-to-cart', { ids })),
  },
  'POST /wishlist/batch/add': {
    'body.productIDs': many('wishlistProduct', (ids) => post('/wishlist/batch/add', { productIDs: ids })),
  },
  'POST /cart/add': {
    'body.productID': one('cartLine', (id) => post('/cart/add', { productID: id, quantity: 1 })),
  },
  'POST /cart/add/batch': {
    'body.items[].productID': many('cartLine', (ids) =>
      post('/cart/add/batch', { items: ids.map((productID) => ({ productID, quantity: 1 })) }),
    ),
  },
  'POST /cart/merge': {
    'body.items[].productID': many('cartLine', (ids) =>
      post('/cart/merge', { items: ids.map((productID) => ({ productID, quantity: 1 })) }),
    ),
  },
  'DELETE /cart/delete': {
    'body.productIDs': many('cartLine', (ids) => ({ ...del('/cart/delete'), payload: { productIDs: ids } })),
  },
  'PUT /cart/update': {
    'body.productID': one('cartLine', (id) => put('/cart/update', { productID: id, quantity: 2 })),
  },
  'POST /cart/compare': {
    'body.items[].productID': many('cartLine', (ids) =>
      post('/cart/compare', { items: ids.map((productID) => ({ productID, quantity: 1, price: 500 })) }),
    ),
  },
  'GET /list/detail': { 'query.listID': one('shoppingList', (id) => get(`/list/detail?listID=${id}`)) },
  'PUT /list/:listID': {
    'params.listID': one('shoppingList', (id) => put(`/list/${id}`, { name: 'Renamed' })),
  },
  'DELETE /list/:listID': { 'params.listID': one('shoppingList', (id) => del(`/list/${id}`)) },
  // Products are the catalogue's: one not on the list is answered like a missing list item.
  'POST /list/item/add': {
    'body.listID': one('shoppingList', (id) =>
      post('/list/item/add', { listID: id, productID: 1, quantity: 1 }),
    ),
    'body.productID': PUBLIC,
  },
  'PUT /list/item/update': {
    'body.listID': one('shoppingList', (id) =>
      put('/list/item/update', { listID: id, productID: 1, quantity: 2 }),
    ),
    'body.productID': PUBLIC,
  },
  'DELETE /list/item/delete': {
    'body.listID': one('shoppingList', (id) => ({
      ...del('/list/item/delete'),
      payload: { listID: id, productIDs: [1] },
    })),
    'body.productIDs': PUBLIC,
  },
  'POST /list/add-order': {
    'body.listID': one('shoppingList', (id, b) =>
      post('/list/add-order', { listID: id, orderID: b.orderID }),
    ),
    'body.orderID': one('order', (id, b) => post('/list/add-order', { listID: b.listID, orderID: id })),
  },
  'POST /list/add-to-cart': {
    'body.listID': one('shoppingList', (id) => post('/list/add-to-cart', { listID: id })),
  },
  'GET /product/detail': { 'query.productID': PUBLIC },
  'POST /mooncake/related': { 'body.productIDs': PUBLIC },
  'POST /shipping/calc-single': { 'body.productID': PUBLIC, 'body.suburbID': PUBLIC },
  'GET /shipping/search/suburbID/:id': { 'params.id': PUBLIC },
};

function call(c: Customer, r: Request) {
  return t.app.inject({
    method: r.method,
    url: `${API}${r.url}`,
    headers: bearer(c.token),
    ...(r.payload ? { payload: r.payload } : {}),
  } satisfies InjectOptions);
}

async function wishlistItemFor(c: Customer, productID: number): Promise<number> {
  const res = await call(c, post('/wishlist/batch/add', { productIDs: [productID] }));
  const item = res.json<{ data: WishlistList }>().data.list.find((i) => i.productID === productID);
  if (!item) throw new Error(`wishlist/batch/add failed: ${res.body}`);
  return item.id;
}

/** A list of the customer's holding one product; answers its id. */
async function shoppingListFor(c: Customer): Promise<number> {
  const made = await call(
    c,
    post('/list/create', { name: `List ${Math.random().toString(36).slice(2, 10)}` }),
  );
  const listID = made.json<{ data: ShoppingListSummary }>().data.listID;
  const product = await createProduct(db());
  const added = await call(c, post('/list/item/add', { listID, productID: product.id, quantity: 2 }));
  if (added.json<{ code: number }>().code !== 0) throw new Error(`list/item/add failed: ${added.body}`);
  return listID;
}

/** How to make each kind of thing for a customer; answers the id a route would take. */
const MAKE: Record<Kind, (c: Customer) => Promise<number>> = {
  address: (c) => addAddress(t.app, c, { ...sydneyAddress, line1: '9 Bridge St' }),
  async order(c) {
    const addressID = await addAddress(t.app, c);
    await addToCart(t.app, c, (await createProduct(db(), { stock: 5 })).id, 2);
    return (await placeOrder(t.app, c, { addressID })).orderID;
  },
  wishlistItem: async (c) => wishlistItemFor(c, (await createProduct(db())).id),
  async cartLine(c) {
    const product = await createProduct(db(), { stock: 5 });
    await addToCart(t.app, c, product.id);
    return product.id;
  },
  async wishlistProduct(c) {
    const product = await createProduct(db());
    await wishlistItemFor(c, product.id);
    return product.id;
  },
  async walletCoupon(c) {
    const coupon = await createCoupon(db(), {}, t.clock.now());
    await giveCoupon(db(), c.user.customerID, coupon.id);
    return coupon.id;
  },
  creditEntry: (c) => giveCredit(db(), c.user.customerID, 500),
  shoppingList: (c) => shoppingListFor(c),
};

/** Where A's thing of each kind lives, so the snapshot is known to hold it. */
const TABLE_OF: Record<Kind, string> = {
  address: 'addresses',
  order: 'orders',
  wishlistItem: 'wishlist_items',
  cartLine: 'cart_lines',
  wishlistProduct: 'wishlist_items',
  walletCoupon: 'customer_coupons',
  creditEntry: 'credit_ledger',
  shoppingList: 'shopping_lists',
};

const PRODUCT_KINDS: readonly Kind[] = ['cartLine', 'wishlistProduct'];

/** The id of a thing that is nobody's: an id no row has, or for a product kind a product in no cart or wishlist. */
async function missingId(kind: Kind): Promise<number> {
  return PRODUCT_KINDS.includes(kind) ? (await createProduct(db(), { stock: 5 })).id : MISSING_ID;
}

/** B: an address, a placed order and a selected cart line, so requests reach the id check. */
async function makeB(): Promise<{ c: Customer; other: Other }> {
  const c = await registerCustomer(t.app);
  const addressID = await addAddress(t.app, c);
  const product = await createProduct(db(), { stock: 10 });
  await addToCart(t.app, c, product.id);
  const { orderID } = await placeOrder(t.app, c, { addressID });
  await addToCart(t.app, c, product.id);
  return { c, other: { addressID, orderID, listID: await shoppingListFor(c) } };
}

function requestWith(use: OwnedId, ids: number[], other: Other): Request {
  const [first] = ids;
  if (use.list) return use.request(ids, other);
  if (first === undefined || ids.length !== 1) throw new Error('a single id is needed');
  return use.request(first, other);
}

const answerOf = (res: { statusCode: number; json: () => { code: number; msg: string } }) => ({
  status: res.statusCode,
  code: res.json().code,
  msg: res.json().msg,
});

type Case = { title: string; use: OwnedId; withOwn: boolean };

const cases: Case[] = Object.entries(ID_TABLE).flatMap(([route, fields]) =>
  Object.entries(fields).flatMap(([field, use]) => {
    if (use === PUBLIC) return [];
    const title = `${route} ${field}: A's ${use.kind} answers B like a missing one and nothing of A's changes`;
    const alone: Case = { title, use, withOwn: false };
    return use.list ? [alone, { title: `${title}, listed after B's own`, use, withOwn: true }] : [alone];
  }),
);

const ID_NAME = /^(id|ids)$|I[dD]s?$/;

type JsonSchema = {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema | JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

function idPathsOf(schema: JsonSchema, path: string, found: Set<string>): void {
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (ID_NAME.test(name)) found.add(`${path}.${name}`);
    idPathsOf(property, `${path}.${name}`, found);
  }
  for (const item of [schema.items ?? []].flat()) idPathsOf(item, `${path}[]`, found);
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    idPathsOf(part, path, found);
}

const isZod = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** `METHOD /path field` for every id-named field of every API route, read from the routes' own schemas. */
function idFieldsOfRoutes(): Map<string, Set<string>> {
  const byRoute = new Map<string, Set<string>>();
  for (const route of seenRoutes) {
    if (!route.url.startsWith(`${API}/`)) continue;
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      // Path parameters count even when a route forgets to declare them in its schema.
      const found = new Set(
        [...route.url.matchAll(/:(\w+)/g)].flatMap(([, name]) =>
          name && ID_NAME.test(name) ? [`params.${name}`] : [],
        ),
      );
      for (const [where, part] of [
        ['params', schema.params],
        ['query', schema.querystring],
        ['body', schema.body],
      ] as const) {
        if (part === undefined) continue;
        if (!isZod(part))
          throw new Error(`${method} ${route.url}: ${where} schema is not a contract (zod) schema`);
        idPathsOf(z.toJSONSchema(part, { io: 'input', unrepresentable: 'any' }) as JsonSchema, where, found);
      }
      if (found.size > 0) byRoute.set(`${method} ${route.url.slice(API.length)}`, found);
    }
  }
  return byRoute;
}

describe('the ownership matrix', () => {
  it('knows every route that takes an id, and no route that is gone', () => {
    const routes = idFieldsOfRoutes();
    expect(seenRoutes.some((r) => r.url === `${API}/order/cancel`)).toBe(true);
    const seen = [...routes].flatMap(([route, fields]) => [...fields].map((f) => `${route} ${f}`)).sort();
    const known = Object.entries(ID_TABLE)
      .flatMap(([route, fields]) => Object.keys(fields).map((f) => `${route} ${f}`))
      .sort();
    // A failure here lists the route and field to add to ID_TABLE: how to make A's thing, or PUBLIC.
    expect(seen).toEqual(known);

    const ownedRoutes = Object.values(ID_TABLE).filter((f) => Object.values(f).some((u) => u !== PUBLIC));
    console.log(
      `ownership matrix: ${ownedRoutes.length} routes with customer-owned ids × ${cases.length} cases ` +
        `(${routes.size - ownedRoutes.length} more routes take only public catalogue ids)`,
    );
  });

  it.each(cases.map((c) => [c.title, c] as const))('%s', async (_title, { use, withOwn }) => {
    const a = await registerCustomer(t.app);
    const theirs = await MAKE[use.kind](a);
    const b = await makeB();
    const own = withOwn ? [await MAKE[use.kind](b.c)] : [];
    const [aBefore, bBefore] = [
      await customerRows(db(), a.user.customerID),
      await customerRows(db(), b.c.user.customerID),
    ];

    expect(aBefore[TABLE_OF[use.kind]]?.length).toBeGreaterThan(0);

    const answer = await call(b.c, requestWith(use, [...own, theirs], b.other));
    expect(await customerRows(db(), a.user.customerID)).toEqual(aBefore);
    // A refusal changes nothing at all, not even B's own rows (a half-done write under A's id would show here).
    if (answer.json().code !== 0) expect(await customerRows(db(), b.c.user.customerID)).toEqual(bBefore);

    const missing = await call(b.c, requestWith(use, [...own, await missingId(use.kind)], b.other));
    expect(missing.statusCode, missing.body).not.toBe(400);
    expect(answerOf(answer)).toEqual(answerOf(missing));
    if (!PRODUCT_KINDS.includes(use.kind))
      expect(answerOf(missing)).toMatchObject({
        status: errorCatalogue.NOT_FOUND.status,
        code: errorCatalogue.NOT_FOUND.code,
      });
  });
});

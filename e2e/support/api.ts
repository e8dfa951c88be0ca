import type { Product } from '@storefront/contract/catalog';
import { store } from './store';
import { makeEmail } from './browser';

/**
 * Calls the store's API directly, for test set-up the journey itself is not about. `token` may be raw or the
 * stored `Bearer <token>`. Throws on any failure so set-up errors surface at once.
 */
export async function callApi<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ data: T; headers: Headers }> {
  // A JSON type over no body is refused (a DELETE of one address, say).
  const headers: Record<string, string> =
    init.body === undefined ? {} : { 'Content-Type': 'application/json' };
  if (init.token) headers.Authorization = /^Bearer\s/i.test(init.token) ? init.token : `Bearer ${init.token}`;
  const res = await fetch(`${store().baseURL}/api/v1/${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (!res.ok || body.code > 100000) throw new Error(`${path}: ${res.status} ${body.msg}`);
  return { data: body.data, headers: res.headers };
}

type Name = { firstName: string; lastName: string };

/** Gives the customer an address at `place` (line1, suburb, state, postcode), by the API; answers its id. */
export async function addAddress(token: string, name: Name, place: Record<string, string>): Promise<number> {
  const { data } = await callApi<{ addressID: number }>('address/add', {
    method: 'POST',
    token,
    body: { ...name, phone: '0412345678', ...place },
  });
  return data.addressID;
}

/** Gives the customer a delivery address in Sydney NSW 2000 (metro: standard and express, windows), by the API. */
export async function addSydneyAddress(token: string, name: Name): Promise<number> {
  return addAddress(token, name, {
    line1: '1 Macquarie St',
    suburb: 'Sydney',
    state: 'NSW',
    postcode: '2000',
  });
}

/** Gives the customer a delivery address in Perth WA 6000 (courier: no delivery window to book), by the API. */
export async function addPerthAddress(token: string, name: Name): Promise<number> {
  return addAddress(token, name, { line1: '1 Hay St', suburb: 'Perth', state: 'WA', postcode: '6000' });
}

/** Registers a customer and signs them in by the API, on a session of their own (not the browser's). */
export async function registerByApi(
  label: string,
  name: Name,
): Promise<{ email: string; password: string; token: string }> {
  const login = { email: makeEmail(label), password: `${label}-pass-2000` };
  await callApi('register', { method: 'POST', body: { ...login, ...name } });
  const { headers } = await callApi('login', { method: 'POST', body: login });
  const token = headers.get('authorization');
  if (!token) throw new Error('login answered no token');
  return { ...login, token };
}

/** The first `count` products in stock, longest names first: the ones that make the longest lines on a page. */
export async function longestNamedInStock(count: number): Promise<Product[]> {
  const { data } = await callApi<{ list: Product[] }>('product/list?pageSize=50');
  const found = data.list
    .filter((p) => p.available && p.stock >= 10)
    .sort((a, b) => b.name.length - a.name.length)
    .slice(0, count);
  if (found.length < count) throw new Error(`the demo catalogue needs ${count} products in stock`);
  return found;
}

/**
 * Orders two of `product` by the API, delivered by standard delivery to `addressID` (in Sydney) in tomorrow's first
 * window with room; answers the order's id. The order awaits payment.
 */
export async function placeOrderByApi(token: string, addressID: number, product: Product): Promise<number> {
  await callApi('cart/add', { method: 'POST', token, body: { productID: product.productID, quantity: 2 } });
  const { data: windows } = await callApi<{ days: { windows: { windowID: number; isFull: boolean }[] }[] }>(
    `delivery/windows?addressID=${addressID}`,
    { token },
  );
  const deliveryWindowID = windows.days[1]?.windows.find((w) => !w.isFull)?.windowID;
  const { data } = await callApi<{ orderID: number }>('order/create', {
    method: 'POST',
    token,
    body: { addressID, shippingService: 'standard', useCredit: false, deliveryWindowID },
  });
  return data.orderID;
}

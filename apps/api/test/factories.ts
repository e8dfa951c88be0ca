import { randomBytes } from 'node:crypto';
import type { UserInfo } from '@storefront/contract/account';
import type { AddressBody } from '@storefront/contract/address';
import type { OrderCreateBody, OrderDetail } from '@storefront/contract/order';
import type { App } from '../src/app.js';

let counter = 0;

export function uniqueEmail(label = 'customer'): string {
  counter += 1;
  return `${label}.${counter}.${randomBytes(3).toString('hex')}@example.com`;
}

export type Customer = { user: UserInfo; token: string; email: string; password: string };

/** Registers a new customer through the API and returns its first session token. */
export async function registerCustomer(app: App, overrides: { email?: string; password?: string } = {}) {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'correct horse battery';
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/register',
    payload: { email, password, firstName: 'Test', lastName: 'Customer' },
  });
  const body = res.json<{ code: number; data: UserInfo }>();
  const token = res.headers.authorization;
  if (body.code !== 0 || typeof token !== 'string') throw new Error(`register failed: ${res.body}`);
  return { user: body.data, token, email, password } satisfies Customer;
}

/** Signs in through the API; answers the raw response (the token is in its Authorization header). */
export function signIn(
  app: App,
  credentials: { email: string; password?: string },
  options: { headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  const payload = { email: credentials.email, password: credentials.password };
  return app.inject({ method: 'POST', url: '/api/v1/login', payload, ...options });
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** A real Sydney address: its postcode, suburb and state agree with the suburb table. */
export const sydneyAddress = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '0412 345 678',
  line1: '1 Macquarie St',
  suburb: 'Sydney',
  state: 'NSW',
  postcode: '2000',
} satisfies AddressBody;

/** A real address in the regional zone (Newcastle NSW): its windows are the regional templates'. */
export const newcastleAddress = {
  ...sydneyAddress,
  line1: '1 Hunter St',
  suburb: 'Newcastle',
  postcode: '2300',
} satisfies AddressBody;

/** Adds an address to the customer's book through the API and answers its id. */
export async function addAddress(app: App, c: Customer, body: AddressBody = sydneyAddress): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/address/add',
    headers: bearer(c.token),
    payload: body,
  });
  const answer = res.json<{ code: number; data: { addressID: number } }>();
  if (answer.code !== 0) throw new Error(`address/add failed: ${res.body}`);
  return answer.data.addressID;
}

/** Puts `quantity` of a product into the customer's cart through the API. */
export async function addToCart(app: App, c: Customer, productID: number, quantity = 1): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/cart/add',
    headers: bearer(c.token),
    payload: { productID, quantity },
  });
  if (res.json<{ code: number }>().code !== 0) throw new Error(`cart/add failed: ${res.body}`);
}

/** Checks out the selected cart lines through the API (standard shipping, no credit unless told); answers the order. */
export async function placeOrder(
  app: App,
  c: Customer,
  body: Partial<OrderCreateBody> & Pick<OrderCreateBody, 'addressID'>,
): Promise<OrderDetail> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/order/create',
    headers: bearer(c.token),
    payload: { shippingService: 'standard', useCredit: false, ...body },
  });
  const answer = res.json<{ code: number; data: OrderDetail }>();
  if (answer.code !== 0) throw new Error(`order/create failed: ${res.body}`);
  return answer.data;
}

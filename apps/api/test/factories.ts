import { randomBytes } from 'node:crypto';
import type { UserInfo } from '@storefront/contract/account';
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

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

import { makeEmail } from './browser';

type Name = { firstName: string; lastName: string };
type CallInit = { method?: string; body?: unknown; token?: string };

/**
 * The customer API of a store a journey started for itself (support/built-store.ts), as support/api.ts is for the
 * worker's store: a call that throws on any refusal, a customer registered and signed in, a Sydney address.
 */
export function customerApiOf(baseURL: string) {
  async function call<T>(path: string, init: CallInit = {}): Promise<{ data: T; headers: Headers }> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (init.token)
      headers.Authorization = /^Bearer\s/i.test(init.token) ? init.token : `Bearer ${init.token}`;
    const res = await fetch(`${baseURL}/api/v1/${path}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const body = (await res.json()) as { code: number; msg: string; data: T };
    if (!res.ok || body.code > 100000) throw new Error(`${path}: ${res.status} ${body.code} ${body.msg}`);
    return { data: body.data, headers: res.headers };
  }

  async function register(label: string, name: Name): Promise<{ email: string; token: string }> {
    const login = { email: makeEmail(label), password: `${label}-pass-2000` };
    await call('register', { method: 'POST', body: { ...login, ...name } });
    const { headers } = await call('login', { method: 'POST', body: login });
    const token = headers.get('authorization');
    if (!token) throw new Error('login answered no token');
    return { email: login.email, token };
  }

  async function addSydneyAddress(token: string, name: Name): Promise<number> {
    const { data } = await call<{ addressID: number }>('address/add', {
      method: 'POST',
      token,
      body: {
        ...name,
        phone: '0412345678',
        line1: '1 Macquarie St',
        suburb: 'Sydney',
        state: 'NSW',
        postcode: '2000',
      },
    });
    return data.addressID;
  }

  return { call, register, addSydneyAddress };
}

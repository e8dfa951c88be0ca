import { store } from './store';

/**
 * Calls the store's API directly, for test set-up the journey itself is not about. `token` may be raw or the
 * stored `Bearer <token>`. Throws on any failure so set-up errors surface at once.
 */
export async function callApi<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
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

async function addAddress(token: string, name: Name, place: Record<string, string>): Promise<number> {
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

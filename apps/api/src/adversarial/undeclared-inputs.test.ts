import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddress, bearer, registerCustomer, type Customer } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let c: Customer;
beforeAll(async () => {
  t = await createTestApp();
  c = await registerCustomer(t.app);
});
afterAll(() => t.close());

function send(method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(c.token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function addressCount(): Promise<number> {
  const res = await send('GET', '/address/list');
  return res.json<{ data: { list: unknown[] } }>().data.list.length;
}

describe('a route takes only the inputs it declares', () => {
  it.each(['/order/stat?status=paid', '/customer/me?x=1', '/address/list?addressID=-1', '/health?x=1'])(
    'a query parameter on a route that takes none is a 400 naming it: %s',
    async (url) => {
      const res = await send('GET', url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 100001 });
      expect(res.json<{ msg: string }>().msg).toMatch(/querystring/);
      expect(res.json<{ msg: string }>().msg).toMatch(/status|x|addressID/);
    },
  );

  it('a delete sent with a query or a body it does not take is refused, and deletes nothing', async () => {
    const addressID = await addAddress(t.app, c);
    const before = await addressCount();
    for (const [url, payload] of [
      [`/address/${addressID}?dryRun=1`, undefined],
      [`/address/${addressID}`, { confirm: false }],
      [`/address/${addressID}`, [1, 2, 3]],
    ] as const) {
      const res = await send('DELETE', url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 100001 });
    }
    expect(await addressCount()).toBe(before);
  });

  it('a call without a body, or with the empty one the web app sends, still works', async () => {
    const first = await addAddress(t.app, c);
    const second = await addAddress(t.app, c);
    const before = await addressCount();
    const empty = await send('DELETE', `/address/${first}`, {});
    expect(empty.json(), empty.body).toMatchObject({ code: 0 });
    const none = await send('DELETE', `/address/${second}`);
    expect(none.json(), none.body).toMatchObject({ code: 0 });
    expect(await addressCount()).toBe(before - 2);
    expect((await send('GET', '/customer/me')).json()).toMatchObject({ code: 0 });
  });
});

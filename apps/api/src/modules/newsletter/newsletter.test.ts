import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerCustomer, uniqueEmail, type Customer } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST', url: string, c?: Customer, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/v1/newsletters${url}`,
    headers: c ? bearer(c.token) : {},
    ...(payload ? { payload } : {}),
  });
}

describe('newsletter, signed in', () => {
  it('subscribes the account address, twice harmlessly, and unsubscribes', async () => {
    const c = await registerCustomer(t.app);
    expect((await call('GET', '/front-subscribe', c)).json().data).toMatchObject({
      subscribed: false,
      email: c.email,
    });
    expect((await call('POST', '/front-subscribe', c, {})).json().data).toEqual({ subscribed: true });
    const first = (await call('GET', '/info', c)).json().data;
    expect((await call('POST', '/front-subscribe', c, {})).json().data).toEqual({ subscribed: true });
    const info = (await call('GET', '/info', c)).json().data;
    expect(info).toMatchObject({ email: c.email, subscribed: true, unsubscribedAt: null });
    expect(info.subscribedAt).toBe(first.subscribedAt);
    expect((await call('POST', '/check-subscribe', c)).json().data).toEqual({ subscribed: true });

    expect((await call('POST', '/front-unsubscribe', c, {})).json().data).toEqual({ subscribed: false });
    expect((await call('POST', '/check-subscribe', c)).json().data).toEqual({ subscribed: false });
    expect((await call('GET', '/info', c)).json().data.unsubscribedAt).not.toBeNull();
    expect((await call('POST', '/front-unsubscribe', c, {})).json().data).toEqual({ subscribed: false });
  });

  it('check-subscribe tells only the own state: it takes no email', async () => {
    const c = await registerCustomer(t.app);
    const res = await call('POST', '/check-subscribe', c, { email: 'someone@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('email');
    expect((await call('POST', '/check-subscribe')).statusCode).toBe(401);
    expect((await call('GET', '/info')).statusCode).toBe(401);
  });

  it('a footer subscription of the same address shows up in the account', async () => {
    const c = await registerCustomer(t.app);
    await call('POST', '/front-subscribe', undefined, { email: c.email.toUpperCase() });
    expect((await call('POST', '/check-subscribe', c)).json().data).toEqual({ subscribed: true });
  });
});

describe('newsletter, signed out', () => {
  it('front-subscribe shows the offer and nothing about anyone', async () => {
    const res = (await call('GET', '/front-subscribe')).json();
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ subscribed: null, email: null });
    expect(res.data.offer.title).toEqual(expect.any(String));
  });

  it('subscribes a given email with the same answer whether or not it was on the list', async () => {
    const email = uniqueEmail('footer');
    const first = await call('POST', '/front-subscribe', undefined, { email });
    const again = await call('POST', '/front-subscribe', undefined, { email });
    expect(first.json()).toEqual({ code: 0, msg: 'ok', data: { subscribed: true } });
    expect(again.json()).toEqual(first.json());
  });

  it('needs an email, and a valid one', async () => {
    expect((await call('POST', '/front-subscribe', undefined, {})).json().code).toBe(100801);
    const bad = await call('POST', '/front-subscribe', undefined, { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('email');
  });

  it('unsubscribing is always possible and says nothing about membership', async () => {
    const email = uniqueEmail('leaver');
    await call('POST', '/front-subscribe', undefined, { email });
    const known = await call('POST', '/front-unsubscribe', undefined, { email });
    const unknown = await call('POST', '/front-unsubscribe', undefined, { email: uniqueEmail('never') });
    expect(known.json()).toEqual({ code: 0, msg: 'ok', data: { subscribed: false } });
    expect(unknown.json()).toEqual(known.json());
  });

  it('front-success tells what the page after subscribing shows', async () => {
    const res = (await call('GET', '/front-success')).json();
    expect(res.data).toMatchObject({ title: expect.any(String), couponCode: 'WELCOME10' });
  });
});

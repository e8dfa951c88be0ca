import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMails } from '../../db/schema/index.js';
import { createThrottle } from '../throttle/throttle.service.js';
import { bearer, registerCustomer, uniqueEmail, type Customer } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createSigner } from '../../lib/signing.js';
import { createNewsletterService, type NewsletterService } from './newsletter.service.js';
import { renderedMail } from '../mail/outbox.repo.js';

const SECRET = 'newsletter-test-secret-of-at-least-32-characters';
const STORE = 'https://shop.example.com.au';

let t: TestApp;
let links: NewsletterService;
beforeAll(async () => {
  t = await createTestApp({ env: { APP_SECRET: SECRET } });
  links = createNewsletterService(t.database.db, {
    signer: createSigner(SECRET),
    mailFrom: 'hello@harbourgrocer.example',
    abn: null,
    throttle: createThrottle(t.database.db, {
      limits: { perIp: 1000, perAccount: 1000, untrustedPerAccount: 1000, perDevice: 1000 },
      windowMs: 60_000,
      now: () => new Date(),
    }),
    publicUrl: STORE,
    now: () => new Date(),
  });
});
afterAll(() => t.close());

/** The link of the newest confirmation mail written for `email`. */
async function confirmLinkFor(email: string): Promise<{ email: string; token: string } | undefined> {
  const [mail] = await t.database.db
    .select()
    .from(outboxMails)
    .where(and(eq(outboxMails.toAddress, email.toLowerCase()), eq(outboxMails.topic, 'newsletter-confirm')))
    .orderBy(desc(outboxMails.id))
    .limit(1);
  const href = (mail ? renderedMail(mail).text : '').match(
    /https?:\/\/\S+\/newsletter\/subscribed\?\S+/,
  )?.[0];
  if (!href) return undefined;
  const url = new URL(href);
  return { email: url.searchParams.get('email') ?? '', token: url.searchParams.get('token') ?? '' };
}

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
    const subscribed = { subscribed: true, confirmationSent: false };
    expect((await call('POST', '/front-subscribe', c, {})).json().data).toEqual(subscribed);
    const first = (await call('GET', '/info', c)).json().data;
    expect((await call('POST', '/front-subscribe', c, {})).json().data).toEqual(subscribed);
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

  it('a footer subscription of the same address, once confirmed, shows up in the account', async () => {
    const c = await registerCustomer(t.app);
    await call('POST', '/front-subscribe', undefined, { email: c.email.toUpperCase() });
    expect((await call('POST', '/check-subscribe', c)).json().data).toEqual({ subscribed: false });
    const link = await confirmLinkFor(c.email);
    expect(link?.email).toBe(c.email.toLowerCase());
    await call('POST', '/front-subscribe', undefined, link);
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

  it('mails a given address a link to confirm, answering alike whether or not it is on the list; the link subscribes it', async () => {
    const email = uniqueEmail('footer');
    const asked = await call('POST', '/front-subscribe', undefined, { email });
    expect(asked.json()).toEqual({ code: 0, msg: 'ok', data: { subscribed: false, confirmationSent: true } });
    const link = await confirmLinkFor(email);
    if (!link) throw new Error('no confirmation mail');
    const confirmed = await call('POST', '/front-subscribe', undefined, link);
    expect(confirmed.json().data).toEqual({ subscribed: true, confirmationSent: false });
    // On the list now: asking again answers the same and mails nothing more.
    const again = await call('POST', '/front-subscribe', undefined, { email });
    expect(again.json()).toEqual(asked.json());
    expect(await confirmLinkFor(email)).toEqual(link);
  });

  it('subscribes nobody before the link is followed: not a stranger, and not an address that left the list', async () => {
    const c = await registerCustomer(t.app);
    await call('POST', '/front-subscribe', c, {});
    await call('POST', '/front-unsubscribe', c, {});
    await call('POST', '/front-subscribe', undefined, { email: c.email });
    expect((await call('POST', '/check-subscribe', c)).json().data).toEqual({ subscribed: false });
  });

  it('mails one address at most AUTH_LIMIT_PER_ACCOUNT links a window, then answers 429', async () => {
    const email = uniqueEmail('flooded');
    const answers = [];
    for (let i = 0; i < 11; i += 1)
      answers.push((await call('POST', '/front-subscribe', undefined, { email })).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(answers[10]).toBe(429);
    const mails = await t.database.db
      .select({ id: outboxMails.id })
      .from(outboxMails)
      .where(eq(outboxMails.toAddress, email.toLowerCase()));
    expect(mails).toHaveLength(10);
  });

  it('a link for another address, a forged one or an expired one subscribes nobody', async () => {
    const email = uniqueEmail('confirm');
    await call('POST', '/front-subscribe', undefined, { email });
    const link = await confirmLinkFor(email);
    if (!link) throw new Error('no confirmation mail');
    const [until, signature = ''] = link.token.split('.');
    const refused = { code: 100803, data: null };
    const other = uniqueEmail('other');
    expect(
      (await call('POST', '/front-subscribe', undefined, { ...link, email: other })).json(),
    ).toMatchObject(refused);
    const forged = `${until}.${'A'.repeat(signature.length)}`;
    expect(
      (await call('POST', '/front-subscribe', undefined, { email, token: forged })).json(),
    ).toMatchObject(refused);
    const later = `${Number(until) + 60}.${signature}`;
    expect((await call('POST', '/front-subscribe', undefined, { email, token: later })).json()).toMatchObject(
      refused,
    );

    const start = t.clock.now();
    try {
      t.clock.advance(48 * 60 * 60_000 - 60_000);
      t.clock.advance(60_000);
      expect((await call('POST', '/front-subscribe', undefined, link)).json()).toMatchObject(refused);
      t.clock.set(start);
      t.clock.advance(48 * 60 * 60_000 - 60_000);
      expect((await call('POST', '/front-subscribe', undefined, link)).json().data.subscribed).toBe(true);
    } finally {
      t.clock.set(start);
    }
    const bad = await call('POST', '/front-subscribe', undefined, { email, token: 'not a token' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('token');
  });

  it('needs an email, and a valid one', async () => {
    expect((await call('POST', '/front-subscribe', undefined, {})).json().code).toBe(100801);
    const bad = await call('POST', '/front-subscribe', undefined, { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('email');
  });

  it('front-success tells what the page after subscribing shows', async () => {
    const res = (await call('GET', '/front-success')).json();
    expect(res.data).toMatchObject({ title: expect.any(String), couponCode: 'WELCOME10' });
  });
});

describe('unsubscribing through a signed link', () => {
  /** The email and token a newsletter's unsubscribe link carries. */
  function linkFor(email: string): { email: string; token: string } {
    const url = new URL(links.unsubscribeLink(email));
    return { email: url.searchParams.get('email') ?? '', token: url.searchParams.get('token') ?? '' };
  }

  async function subscribedCustomer(): Promise<Customer> {
    const c = await registerCustomer(t.app);
    expect((await call('POST', '/front-subscribe', c, {})).json().data.subscribed).toBe(true);
    return c;
  }

  const isSubscribed = async (c: Customer) =>
    (await call('POST', '/check-subscribe', c)).json().data.subscribed as boolean;

  it('the link points at the store page and carries the address in lower case and its signature', () => {
    const url = new URL(links.unsubscribeLink(' Ann.Lee@Example.com '));
    expect(url.origin).toBe(STORE);
    expect(url.pathname).toBe('/newsletter/unsubscribe');
    expect([...url.searchParams.keys()]).toEqual(['email', 'token']);
    expect(url.searchParams.get('email')).toBe('ann.lee@example.com');
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(links.unsubscribeLink('ann.lee@example.com')).toBe(url.toString());
  });

  it('signed out, a valid link unsubscribes its address, with the same answer whether or not it was on the list', async () => {
    const c = await subscribedCustomer();
    const known = await call('POST', '/front-unsubscribe', undefined, linkFor(c.email));
    expect(known.json()).toEqual({ code: 0, msg: 'ok', data: { subscribed: false } });
    expect(await isSubscribed(c)).toBe(false);

    const again = await call('POST', '/front-unsubscribe', undefined, linkFor(c.email));
    const never = await call('POST', '/front-unsubscribe', undefined, linkFor(uniqueEmail('never')));
    expect(again.json()).toEqual(known.json());
    expect(never.json()).toEqual(known.json());
  });

  it('signed out, a missing, forged or other-address token changes nothing and answers alike for any address', async () => {
    const c = await subscribedCustomer();
    const stranger = uniqueEmail('stranger');
    const forged = createSigner('another-secret-of-at-least-32-characters!');
    const attempts = (email: string) => [
      { email },
      { email, token: linkFor(uniqueEmail('other')).token },
      { email, token: forged.sign('newsletter-unsubscribe', email) },
      { email, token: createSigner(SECRET).sign('device', email) },
      { token: linkFor(email).token },
      {},
    ];
    const invalid = { code: 100802, msg: expect.stringContaining('link is not valid'), data: null };
    const answers = [];
    for (const body of [...attempts(c.email), ...attempts(stranger)]) {
      const res = await call('POST', '/front-unsubscribe', undefined, body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(invalid);
      answers.push(res.body);
    }
    expect(new Set(answers).size).toBe(1);
    expect(await isSubscribed(c)).toBe(true);
    expect((await call('GET', '/info', c)).json().data.unsubscribedAt).toBeNull();
  });

  it('answers a token that is not a link token with a 400 naming it', async () => {
    const res = await call('POST', '/front-unsubscribe', undefined, { email: 'a@example.com', token: 'a b' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('token');
  });

  it('signed in, a link for another address unsubscribes that address and not the account', async () => {
    const reader = await subscribedCustomer();
    const other = await subscribedCustomer();
    const res = await call('POST', '/front-unsubscribe', reader, linkFor(other.email));
    expect(res.json().data).toEqual({ subscribed: false });
    expect(await isSubscribed(other)).toBe(false);
    expect(await isSubscribed(reader)).toBe(true);
  });

  it('signed in, a bad link changes nothing, not even the account', async () => {
    const reader = await subscribedCustomer();
    const res = await call('POST', '/front-unsubscribe', reader, { email: reader.email, token: 'forged' });
    expect(res.json().code).toBe(100802);
    expect(await isSubscribed(reader)).toBe(true);
  });
});

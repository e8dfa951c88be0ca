import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerCustomer, uniqueEmail } from '../../../test/factories.js';
import { linkIn, startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

const STORE = 'https://shop.example.com.au';
const SENDER = `Sent by Harbour Grocer (ABN 51 824 753 556), ${STORE}/ · Contact us at hello@harbourgrocer.example`;
let smtp: SmtpCatcher;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      PUBLIC_URL: STORE,
      MAIL_FROM: 'Harbour Grocer <hello@harbourgrocer.example>',
      STORE_ABN: '51824753556',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const post = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/newsletters/front-subscribe', payload });

/** The footer's way in: the address asks, and the link mailed to it confirms. */
async function subscribe(email: string) {
  await post({ email });
  await t.app.mailWorker.sendDue();
  const confirm = smtp
    .to(email)
    .filter((m) => m.subject.startsWith('Confirm your'))
    .at(-1);
  const link = linkIn(confirm, `${STORE}/newsletter/subscribed?`);
  return post({ email: link.searchParams.get('email'), token: link.searchParams.get('token') });
}

async function welcomeTo(email: string) {
  await t.app.mailWorker.sendDue();
  return smtp.to(email).filter((m) => m.subject.startsWith('Welcome to the Harbour Grocer newsletter'));
}

describe('newsletter mail', () => {
  it('an address given in the footer is mailed a link to confirm, and no newsletter before it is followed', async () => {
    const email = uniqueEmail('asked');
    await post({ email });
    await t.app.mailWorker.sendDue();
    const [confirm, ...more] = smtp.to(email);
    expect(more).toEqual([]);
    expect(confirm?.subject).toBe('Confirm your Harbour Grocer newsletter subscription');
    const link = linkIn(confirm, `${STORE}/newsletter/subscribed?`);
    expect(link.searchParams.get('email')).toBe(email.toLowerCase());
    expect(link.searchParams.get('token')).toMatch(/^\d+\.[\w-]{43}$/);
    // It asks for consent to a commercial mail, so it names its sender as the newsletter does.
    expect(confirm?.text).toContain(SENDER);
  });

  it('a new subscriber is welcomed once, with a signed unsubscribe link and one-click List-Unsubscribe headers', async () => {
    const email = uniqueEmail('reader');
    await subscribe(email);
    await subscribe(email);
    const mails = await welcomeTo(email);
    expect(mails).toHaveLength(1);
    const [welcome] = mails;
    const page = linkIn(welcome, `${STORE}/newsletter/unsubscribe?`);
    expect(page.searchParams.get('email')).toBe(email.toLowerCase());
    expect(welcome?.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(welcome?.header('List-Unsubscribe') ?? '')?.[1] ?? '';
    expect(new URL(oneClick).pathname).toBe('/api/v1/newsletters/one-click-unsubscribe');
    expect(new URL(oneClick).searchParams.get('sig')).toBe(page.searchParams.get('token'));
    // The HTML's unsubscribe is a link, not a web address left for the mail program to spot.
    expect(welcome?.html).toContain(`<a href="${page.toString().replaceAll('&', '&amp;')}"`);
    expect(welcome?.html).toMatch(/>Unsubscribe<\/a>/);
    // Who sends it and how to contact them (Spam Act 2003, s 17): the store by name, ABN, web and mail address.
    expect(welcome?.text).toContain(SENDER);
  });

  it("a mail program's one-click POST unsubscribes the signed address; a forged one changes nothing", async () => {
    const c = await registerCustomer(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletters/front-subscribe',
      headers: bearer(c.token),
      payload: {},
    });
    const [welcome] = await welcomeTo(c.email);
    const oneClick = new URL(/^<(.+)>$/.exec(welcome?.header('List-Unsubscribe') ?? '')?.[1] ?? '');
    const click = (url: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const subscribed = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/newsletters/check-subscribe',
          headers: bearer(c.token),
          payload: {},
        })
      ).json<{ data: { subscribed: boolean } }>().data.subscribed;

    const forged = new URL(oneClick);
    forged.searchParams.set('sig', 'A'.repeat(43));
    expect((await click(`${forged.pathname}${forged.search}`)).json<{ code: number }>().code).toBe(100802);
    expect(await subscribed()).toBe(true);

    const res = await click(`${oneClick.pathname}${oneClick.search}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'ok', data: { subscribed: false } });
    expect(await subscribed()).toBe(false);
  });

  it('subscribing again after unsubscribing welcomes again', async () => {
    const email = uniqueEmail('returning');
    await subscribe(email);
    const [first] = await welcomeTo(email);
    const page = linkIn(first, `${STORE}/newsletter/unsubscribe?`);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletters/front-unsubscribe',
      payload: { email: page.searchParams.get('email'), token: page.searchParams.get('token') },
    });
    await subscribe(email);
    expect(await welcomeTo(email)).toHaveLength(2);
  });
});

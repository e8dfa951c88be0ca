import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callApi } from './support/api';
import { linkTo, waitForMail } from './support/mailbox';
import {
  useBrowser,
  makeEmail,
  openPage,
  PHONE,
  registerCustomer,
  saveScreenshot,
  signIn,
  testId,
} from './support/browser';
import { store } from './support/store';

const browser = useBrowser();

/** The link a newsletter e-mail carries: the address, signed with the server's secret for this one purpose. */
function unsubscribeLink(email: string, signedEmail = email): string {
  const token = createHmac('sha256', store().appSecret)
    .update(`newsletter-unsubscribe\n${signedEmail}`)
    .digest('base64url');
  return `/newsletter/unsubscribe?${new URLSearchParams({ email, token })}`;
}

/** A registered customer subscribed to the newsletter; answers the raw session token for checking afterwards. */
async function subscribedReader(label: string): Promise<{ email: string; token: string }> {
  const email = makeEmail(label);
  const { headers } = await callApi('register', {
    method: 'POST',
    body: { email, password: `${label}-pass-2000`, firstName: 'Rae', lastName: 'Reader' },
  });
  const token = headers.get('authorization') ?? '';
  await callApi('newsletters/front-subscribe', { method: 'POST', token, body: {} });
  return { email, token };
}

async function isSubscribed(reader: { token: string }): Promise<boolean> {
  const { data } = await callApi<{ subscribed: boolean }>('newsletters/check-subscribe', {
    method: 'POST',
    token: reader.token,
    body: {},
  });
  return data.subscribed;
}

describe('the newsletter', () => {
  it('a customer subscribes and unsubscribes from the account area', async () => {
    const { context, page } = await openPage(browser());
    await registerCustomer(page, {
      email: makeEmail('news'),
      password: 'news-pass-1',
      firstName: 'Nell',
      lastName: 'Ward',
    });
    await page.goto('/account/newsletter');
    await testId(page, 'newsletter-subscribe').click();
    await page.getByText('You are subscribed to the newsletter.').waitFor();
    await page.getByTestId('newsletter-status').filter({ hasText: 'Subscribed' }).waitFor();
    await saveScreenshot(page, 'account-newsletter-desktop');

    await page.reload();
    await testId(page, 'newsletter-unsubscribe').click();
    await page.getByText('You are unsubscribed.').waitFor();
    await testId(page, 'newsletter-subscribe').waitFor();
    expect(await testId(page, 'newsletter-status').textContent()).toBe('Not subscribed');
    await context.close();
  });

  it("the footer shows a subscribed customer's address instead of the form; the newsletter page sees an unsubscribe made elsewhere", async () => {
    const reader = await subscribedReader('footer-state');
    const { context, page } = await openPage(browser(), PHONE);
    await page.goto('/login?redirect=%2Faccount%2Fnewsletter');
    await testId(page, 'footer-subscribe-email').waitFor();
    await signIn(page, reader.email, 'footer-state-pass-2000');
    await page.waitForURL('**/account/newsletter');
    await testId(page, 'footer-subscribed').scrollIntoViewIfNeeded();
    expect(await testId(page, 'footer-subscribed').textContent()).toContain(reader.email);
    expect(await testId(page, 'footer-subscribe-submit').count()).toBe(0);
    await page.getByTestId('newsletter-status').filter({ hasText: 'Subscribed' }).waitFor();
    await saveScreenshot(page, 'footer-subscribed-phone');

    // Unsubscribed from another device; coming back to the tab shows it.
    await callApi('newsletters/front-unsubscribe', { method: 'POST', token: reader.token, body: {} });
    expect(await isSubscribed(reader)).toBe(false);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => testId(page, 'newsletter-status').textContent()).toBe('Not subscribed');
    await context.close();
  });

  it('a visitor subscribes from the footer without signing in', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    const reads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && r.url().includes('/api/v1/newsletters/front-subscribe'))
        reads.push(r.url());
    });
    await page.goto('/');
    await testId(page, 'home-specials-list').waitFor();
    // Signed out, the offer is read (the logged-out variant of the call) when the visitor reaches for the form.
    expect(reads).toEqual([]);
    const read = page.waitForResponse(
      (r) => r.request().method() === 'GET' && r.url().includes('/api/v1/newsletters/front-subscribe'),
    );
    await testId(page, 'footer-subscribe-submit').click();
    expect((await (await read).json()) as unknown).toMatchObject({
      code: 0,
      data: { subscribed: null, email: null, offer: { title: 'Fresh deals, weekly' } },
    });
    await page.getByText('Enter your email.').waitFor();
    await testId(page, 'footer-subscribe-email').fill('not-an-email');
    await testId(page, 'footer-subscribe-submit').click();
    await page.getByText('Enter a valid email.').waitFor();
    const email = makeEmail('footer');
    await testId(page, 'footer-subscribe-email').fill(email);
    await saveScreenshot(page, 'footer-subscribe-phone');
    await testId(page, 'footer-subscribe-submit').click();
    // Nobody is put on the list by typing their address: its owner confirms from the mail.
    await testId(page, 'footer-subscribe-sent').waitFor();
    expect(await testId(page, 'footer-subscribe-sent').textContent()).toContain(email);
    await saveScreenshot(page, 'footer-subscribe-sent-phone');
    const link = linkTo(
      await waitForMail(email, 'Confirm your Harbour Grocer newsletter'),
      '/newsletter/subscribed',
    );
    await page.goto(link);
    await testId(page, 'newsletter-success-title').waitFor();
    expect(await testId(page, 'newsletter-success-code').textContent()).toBe('WELCOME10');
    await saveScreenshot(page, 'newsletter-success-phone');
    await waitForMail(email, 'Welcome to the Harbour Grocer newsletter');

    // A link that was tampered with subscribes nobody and says so.
    const forged = new URL(link, 'http://store.test');
    forged.searchParams.set('email', makeEmail('someone-else'));
    await page.goto(`${forged.pathname}${forged.search}`);
    await testId(page, 'newsletter-success-error').waitFor();
    expect(await testId(page, 'newsletter-success-error').textContent()).toContain('confirmation link');
    await context.close();
  });

  it('a reader unsubscribes in one click from the signed link of a newsletter e-mail, signed out, at phone width', async () => {
    const reader = await subscribedReader('leaver');
    expect(await isSubscribed(reader)).toBe(true);
    const { context, page } = await openPage(browser(), PHONE);
    await page.goto(unsubscribeLink(reader.email));
    await testId(page, 'newsletter-unsubscribe-page').waitFor();
    expect(await page.title()).toBe('Unsubscribe from the newsletter · Harbour Grocer');
    expect(await page.locator('h1').allTextContents()).toEqual(['Unsubscribe from the newsletter']);
    expect(await testId(page, 'newsletter-unsubscribe-email').textContent()).toBe(reader.email);
    await saveScreenshot(page, 'newsletter-unsubscribe-phone');
    expect(await isSubscribed(reader)).toBe(true);

    await testId(page, 'newsletter-unsubscribe-confirm').click();
    await testId(page, 'newsletter-unsubscribe-done').waitFor();
    expect(await page.locator('h1').allTextContents()).toEqual(['You are unsubscribed']);
    expect(await isSubscribed(reader)).toBe(false);
    await saveScreenshot(page, 'newsletter-unsubscribed-phone');
    await context.close();
  });

  it('a link whose signature belongs to another address says so and unsubscribes nobody', async () => {
    const reader = await subscribedReader('kept');
    const sender = makeEmail('forger');
    const { context, page } = await openPage(browser());
    await page.goto(unsubscribeLink(reader.email, sender));
    await testId(page, 'newsletter-unsubscribe-confirm').click();
    await testId(page, 'newsletter-unsubscribe-invalid').waitFor();
    expect(await page.locator('h1').allTextContents()).toEqual(['This unsubscribe link does not work']);
    expect(await isSubscribed(reader)).toBe(true);
    await saveScreenshot(page, 'newsletter-unsubscribe-invalid-desktop');

    await page.goto(`/newsletter/unsubscribe?email=${encodeURIComponent(reader.email)}`);
    await testId(page, 'newsletter-unsubscribe-invalid').waitFor();
    await context.close();
  });
});

import { describe, expect, it } from 'vitest';
import { callApi } from './support/api';
import {
  makeEmail,
  openPage,
  PHONE,
  registerCustomer,
  saveScreenshot,
  signIn,
  signOut,
  testId,
  useBrowser,
} from './support/browser';
import { linkTo, waitForMail } from './support/mailbox';

const browser = useBrowser();

describe('mail from the store', () => {
  it('a customer who forgot the password gets a link by mail, chooses a new one and signs in with it', async () => {
    const email = makeEmail('forgot');
    await callApi('register', {
      method: 'POST',
      body: { email, password: 'first-pass-2000', firstName: 'Fay', lastName: 'Gotten' },
    });
    const { context, page } = await openPage(browser(), PHONE);
    await page.goto('/login');
    await testId(page, 'forgot-password-link').click();
    await page.waitForURL('**/forgot-password');
    await testId(page, 'forgot-email').fill(email);
    await testId(page, 'forgot-submit').click();
    await testId(page, 'forgot-sent').waitFor();
    expect(await page.title()).toBe('Reset your password · Harbour Grocer');

    const link = linkTo(await waitForMail(email, 'Reset your Harbour Grocer password'), '/reset-password');
    await page.goto(link);
    await testId(page, 'reset-password').fill('second-pass-2000');
    await testId(page, 'reset-confirm').fill('second-pass-2000');
    await saveScreenshot(page, 'reset-password-phone');
    await testId(page, 'reset-submit').click();
    await testId(page, 'reset-done').waitFor();
    await testId(page, 'reset-sign-in').click();
    await page.waitForURL('**/login');
    await signIn(page, email, 'second-pass-2000');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('storefront.token'))).toMatch(/^Bearer /);

    // The link is spent, and the page says so as it opens, before a new password is typed.
    await page.goto(link);
    await testId(page, 'reset-invalid').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This link no longer works');
    expect(await testId(page, 'reset-password').count()).toBe(0);
    await testId(page, 'reset-ask-again').click();
    await page.waitForURL('**/forgot-password');
    await context.close();
  });

  it('a reset link opened in a browser signed in as another customer signs it out, and its customer signs in', async () => {
    const email = makeEmail('reset-shared');
    await callApi('register', {
      method: 'POST',
      body: { email, password: 'first-pass-2000', firstName: 'Sharon', lastName: 'Ed' },
    });
    const { context, page } = await openPage(browser(), PHONE);
    await registerCustomer(page, {
      email: makeEmail('reset-holder'),
      password: 'holder-pass-1',
      firstName: 'Hal',
      lastName: 'Holder',
    });
    await callApi('password/forgot', { method: 'POST', body: { email } });
    await page.goto(
      linkTo(await waitForMail(email, 'Reset your Harbour Grocer password'), '/reset-password'),
    );
    await testId(page, 'reset-signed-in').waitFor();
    await testId(page, 'reset-password').fill('second-pass-2000');
    await testId(page, 'reset-confirm').fill('second-pass-2000');
    await saveScreenshot(page, 'reset-signed-in-as-another-phone');
    await testId(page, 'reset-submit').click();
    await testId(page, 'reset-done').waitFor();
    await testId(page, 'reset-sign-in').click();
    await page.waitForURL('**/login');
    await signIn(page, email, 'second-pass-2000');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('storefront.email'))).toBe(email);
    await context.close();
  });

  it('a new customer confirms the email address with the mailed link', async () => {
    const email = makeEmail('verify');
    const { context, page } = await openPage(browser());
    await registerCustomer(page, { email, password: 'verify-pass-1', firstName: 'Vera', lastName: 'Fied' });
    await testId(page, 'verify-banner').waitFor();
    await saveScreenshot(page, 'verify-banner-desktop');
    // On a phone its button goes under the text instead of squeezing it into a narrow column.
    await page.setViewportSize(PHONE);
    const banner = await testId(page, 'verify-banner').boundingBox();
    const resend = await testId(page, 'verify-resend').boundingBox();
    if (!banner || !resend) throw new Error('the banner or its button has no box');
    expect(banner.height).toBeLessThan(220);
    expect(resend.y).toBeGreaterThan(banner.y + 40);
    await saveScreenshot(page, 'verify-banner-phone');

    const link = linkTo(await waitForMail(email, 'Confirm your email address'), '/verify-email');
    await page.goto(link);
    await testId(page, 'verify-done').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Your email address is confirmed',
    );
    // The profile reads the account's status again: once the address is confirmed the banner is gone.
    const statusRead = page.waitForResponse((r) => r.url().includes('/api/v1/customer/status'));
    await testId(page, 'verify-continue').click();
    await page.waitForURL('**/account/profile');
    await testId(page, 'profile-page').waitFor();
    await statusRead;
    await page.waitForLoadState('networkidle');
    expect(await testId(page, 'verify-banner').count()).toBe(0);
    await context.close();
  });

  it('a confirmation link opened again, signed in or in another browser, says the address is confirmed', async () => {
    const email = makeEmail('verify-again');
    const password = 'verify-again-1';
    const { context, page } = await openPage(browser(), PHONE);
    await registerCustomer(page, { email, password, firstName: 'Otto', lastName: 'Again' });
    const link = linkTo(await waitForMail(email, 'Confirm your email address'), '/verify-email');
    await page.goto(link);
    await testId(page, 'verify-done').waitFor();

    await page.goto(link);
    await testId(page, 'verify-already').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Your email address is already confirmed',
    );
    expect(await page.getByText('did not confirm').count()).toBe(0);
    await saveScreenshot(page, 'verify-again-signed-in-phone');

    // Another browser, signed out: the link itself tells that its address is confirmed.
    const other = await openPage(browser(), PHONE);
    await other.page.goto(link);
    await testId(other.page, 'verify-already').waitFor();
    await saveScreenshot(other.page, 'verify-again-signed-out-phone');
    await other.context.close();
    await context.close();
  });

  it('an older confirmation link, replaced by a newer one, asks for a new link once', async () => {
    const email = makeEmail('verify-old');
    const { context, page } = await openPage(browser(), PHONE);
    await registerCustomer(page, { email, password: 'verify-old-1', firstName: 'Olga', lastName: 'Older' });
    const older = linkTo(await waitForMail(email, 'Confirm your email address'), '/verify-email');
    await testId(page, 'verify-resend').click();
    await page.getByText('We sent a new link').waitFor();
    await expect
      .poll(async () => linkTo(await waitForMail(email, 'Confirm your email address'), '/verify-email'))
      .not.toBe(older);
    await signOut(page);
    await page.goto(older);
    const spent = testId(page, 'verify-spent');
    await spent.waitFor();
    const sentences = ((await spent.textContent()) ?? '').split(/(?<=[.!?])\s*/).filter((s) => s.trim());
    expect(sentences.length).toBeGreaterThan(0);
    expect(new Set(sentences).size).toBe(sentences.length);
    expect(await page.getByText('from your account').count()).toBe(1);
    await saveScreenshot(page, 'verify-spent-signed-out-phone');
    await context.close();
  });

  it('the newsletter mail carries a link that unsubscribes, signed out', async () => {
    const email = makeEmail('mailed-reader');
    const { context, page } = await openPage(browser(), PHONE);
    await page.goto('/');
    await testId(page, 'footer-subscribe-email').fill(email);
    await testId(page, 'footer-subscribe-submit').click();
    await testId(page, 'footer-subscribe-sent').waitFor();
    const confirm = await waitForMail(email, 'Confirm your Harbour Grocer newsletter');
    await page.goto(linkTo(confirm, '/newsletter/subscribed'));
    await testId(page, 'newsletter-success-title').waitFor();

    const mail = await waitForMail(email, 'Welcome to the Harbour Grocer newsletter');
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    await page.goto(linkTo(mail, '/newsletter/unsubscribe'));
    expect(await testId(page, 'newsletter-unsubscribe-email').textContent()).toBe(email);
    await testId(page, 'newsletter-unsubscribe-confirm').click();
    await testId(page, 'newsletter-unsubscribe-done').waitFor();
    await context.close();
  });
});

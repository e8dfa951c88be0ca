import { describe, expect, it } from 'vitest';
import {
  useBrowser,
  makeEmail,
  openPage,
  PHONE,
  registerCustomer,
  saveScreenshot,
  testId,
} from './support/browser';

const browser = useBrowser();

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

  it('a visitor subscribes from the footer without signing in', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await page.goto('/');
    await testId(page, 'footer-subscribe-submit').click();
    await page.getByText('Enter your email.').waitFor();
    await testId(page, 'footer-subscribe-email').fill('not-an-email');
    await testId(page, 'footer-subscribe-submit').click();
    await page.getByText('Enter a valid email.').waitFor();
    await testId(page, 'footer-subscribe-email').fill(makeEmail('footer'));
    await saveScreenshot(page, 'footer-subscribe-phone');
    await testId(page, 'footer-subscribe-submit').click();
    await page.waitForURL('**/newsletter/subscribed');
    await testId(page, 'newsletter-success-title').waitFor();
    expect(await testId(page, 'newsletter-success-code').textContent()).toBe('WELCOME10');
    await saveScreenshot(page, 'newsletter-success-phone');
    await context.close();
  });
});

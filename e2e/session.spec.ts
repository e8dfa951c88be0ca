import { describe, expect, it } from 'vitest';
import {
  DEMO,
  useBrowser,
  makeEmail,
  NETWORK_MESSAGE,
  openPage,
  PHONE,
  registerCustomer,
  signIn,
  testId,
  toasts,
} from './support/browser';

const browser = useBrowser();

describe('sessions and failures', () => {
  it('an expired session on a page load goes to login and comes back to the same page', async () => {
    const { context, page } = await openPage(browser());
    await registerCustomer(page, {
      email: makeEmail('expired'),
      password: 'expired-pass-1',
      firstName: 'Pat',
      lastName: 'Ray',
    });
    const email = await page.evaluate(() => localStorage.getItem('storefront.email'));
    await page.evaluate(() => localStorage.setItem('storefront.token', 'Bearer not-a-real-token'));
    await page.goto('/account/security?tab=history');
    await page.waitForURL('**/login?redirect=*');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/account/security?tab=history');
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('storefront.token'),
      email: localStorage.getItem('storefront.email'),
      expiry: localStorage.getItem('storefront.tokenExpiresAt'),
      cookies: document.cookie,
    }));
    expect(stored).toEqual({ token: null, email: null, expiry: null, cookies: '' });

    await signIn(page, email ?? '', 'expired-pass-1');
    await page.waitForURL('**/account/security?tab=history');
    await testId(page, 'security-page').waitFor();
    await context.close();
  });

  it('an expired session on an action goes to login and comes back', async () => {
    const { context, page } = await openPage(browser());
    await page.goto('/login?redirect=%2Faccount%2Fprofile');
    await signIn(page, DEMO.email, DEMO.password);
    await page.waitForURL('**/account/profile');
    await testId(page, 'profile-edit').click();
    await page.evaluate(() => localStorage.setItem('storefront.token', 'Bearer garbage'));
    await testId(page, 'profile-first-name').fill('Dana');
    await testId(page, 'profile-last-name').fill('Demonstrated');
    await testId(page, 'profile-save').click();
    await page.waitForURL('**/login?redirect=%2Faccount%2Fprofile');
    await signIn(page, DEMO.email, DEMO.password);
    await page.waitForURL('**/account/profile');
    await testId(page, 'profile-name').waitFor();
    expect(await testId(page, 'profile-name').textContent()).toBe('Dana Demo');
    await context.close();
  });

  it('a call that gets no answer shows the network toast', async () => {
    const { context, page } = await openPage(browser());
    await page.route('**/api/v1/login', (route) => route.abort('internetdisconnected'));
    await page.goto('/login');
    await signIn(page, DEMO.email, DEMO.password);
    await toasts(page).getByText(NETWORK_MESSAGE).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('no more than three toasts show at once', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await page.route('**/api/v1/login', (route) => route.abort('internetdisconnected'));
    await page.goto('/login');
    await testId(page, 'login-email').fill(DEMO.email);
    await testId(page, 'login-password').fill(DEMO.password);
    let largest = 0;
    for (let i = 0; i < 5; i += 1) {
      // Enter instead of a click: on a phone the toasts at 300 px cover the button.
      await page.locator('[data-testid="login-submit"]:not(.ant-btn-loading):not([disabled])').waitFor();
      await testId(page, 'login-password').press('Enter');
      await page.waitForFunction(
        (n) =>
          document.querySelectorAll('.ant-message-notice:not(.ant-message-fade-leave)').length >=
          Math.min(n, 3),
        i + 1,
      );
      largest = Math.max(largest, await toasts(page).count());
    }
    expect(largest).toBe(3);
    expect(await toasts(page).count()).toBeLessThanOrEqual(3);
    // Where a toast comes to rest once its entrance animation (a short slide down) has finished.
    await expect
      .poll(async () => (await toasts(page).first().boundingBox())?.y ?? 0, { timeout: 2_000 })
      .toBeGreaterThanOrEqual(300);
    await context.close();
  });

  it('the debug console is loaded on every page', async () => {
    const { context, page } = await openPage(browser());
    for (const path of ['/', '/login', '/register']) {
      await page.goto(path);
      await page.locator('#__vconsole').waitFor({ state: 'attached' });
    }
    await context.close();
  });
});

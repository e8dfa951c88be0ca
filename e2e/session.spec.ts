import { describe, expect, it } from 'vitest';
import {
  DEMO,
  DESKTOP,
  installClock,
  useBrowser,
  makeEmail,
  NETWORK_MESSAGE,
  openPage,
  PHONE,
  saveScreenshot,
  registerCustomer,
  runClockPastDebugConsoleWait,
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
    // The page's first read can be answered 401 and send it to sign in before its own load event: waiting for that
    // load would see the navigation aborted (two clean-clone runs retried on it), so only its start is waited for.
    await page.goto('/account/security?tab=history', { waitUntil: 'commit' });
    await page.waitForURL('**/login?redirect=*');
    await testId(page, 'login-email').waitFor();
    // The sign-in page says why it is shown, once.
    expect(await testId(page, 'login-session-ended').textContent()).toBe(
      'Your session has ended. Please sign in again.',
    );
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
    await testId(page, 'login-session-ended').waitFor();
    await page.reload();
    await testId(page, 'login-email').waitFor();
    expect(await testId(page, 'login-session-ended').count()).toBe(0);
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

  it('offline, one network toast shows however many calls fail, and it leaves "Try again" uncovered', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await openPage(browser(), viewport);
      await page.goto(`/login?redirect=${encodeURIComponent('/account/profile')}`);
      await signIn(page, DEMO.email, DEMO.password);
      await page.waitForURL('**/account/profile');
      // Two calls (the counts and the list) fail at once: the same message shows once.
      await page.route('**/api/v1/**', (route) => route.abort('internetdisconnected'));
      const failed = new Set<string>();
      page.on('requestfailed', (request) => failed.add(new URL(request.url()).pathname));
      await testId(page, 'account-nav-orders')
        .or(testId(page, 'account-section-picker'))
        .filter({ visible: true })
        .first()
        .waitFor();
      failed.clear();
      // The page's clock runs as usual until the toast shows and stops a second later, so the toast stays for the
      // checks below however long a loaded machine takes over them (it closes after 3 s; a CI run once outlasted it).
      await installClock(page);
      await page.goto('/account/orders');
      const retry = testId(page, 'orders-error-retry');
      await retry.waitFor();
      await toasts(page).getByText(NETWORK_MESSAGE).first().waitFor();
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
      // Counted once both have failed (not after a fixed wait, which a loaded machine can stretch past the toast's 3 s).
      await expect
        .poll(() => ['/api/v1/order/stat', '/api/v1/order/list'].every((call) => failed.has(call)))
        .toBe(true);
      expect(await toasts(page).getByText(NETWORK_MESSAGE).count()).toBe(1);
      // Toasts rest 300 px from the top (spec section 9), once their entrance has played.
      await expect
        .poll(async () => Math.round((await toasts(page).first().boundingBox())?.y ?? -1))
        .toBeGreaterThanOrEqual(300);
      expect((await toasts(page).first().boundingBox())?.y).toBeLessThan(320);
      await saveScreenshot(page, `offline-toast-${viewport.width}`);
      const toastBox = await toasts(page).first().boundingBox();
      const retryBox = await retry.boundingBox();
      if (!toastBox || !retryBox) throw new Error('the toast or the retry button has no box');
      expect(toastBox.y + toastBox.height <= retryBox.y || retryBox.y + retryBox.height <= toastBox.y).toBe(
        true,
      );
      await retry.click({ trial: true });
      await context.close();
    }
  });

  it('no more than three toasts show at once', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await page.goto(`/login?redirect=${encodeURIComponent('/shop')}`);
    await signIn(page, DEMO.email, DEMO.password);
    await page.waitForURL('**/shop');
    // Five adds refused with five different messages (the same message twice shows once).
    let attempt = 0;
    await page.route('**/api/v1/cart/add', (route) => {
      attempt += 1;
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ code: 100401, msg: `Refused, attempt ${attempt}.`, data: null }),
      });
    });
    const add = page.locator('[data-testid^="product-add-"]').first();
    await add.waitFor();
    let largest = 0;
    for (let i = 1; i <= 5; i += 1) {
      await page.locator('[data-testid^="product-add-"]:not([disabled])').first().waitFor();
      await add.click();
      await toasts(page).getByText(`Refused, attempt ${i}.`).waitFor();
      largest = Math.max(largest, await toasts(page).count());
    }
    expect(attempt).toBe(5);
    expect(largest).toBe(3);
    expect(await toasts(page).count()).toBeLessThanOrEqual(3);
    await context.close();
  });

  it('the debug console is loaded on every page', async () => {
    const { context, page } = await openPage(browser());
    await installClock(page);
    for (const path of ['/', '/login', '/register']) {
      await page.goto(path);
      await runClockPastDebugConsoleWait(page);
      await page.locator('#__vconsole').waitFor({ state: 'attached' });
    }
    await context.close();
  });
});

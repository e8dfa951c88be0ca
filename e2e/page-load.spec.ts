import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DEMO,
  installClock,
  openPage,
  PHONE,
  runClockPastDebugConsoleWait,
  testId,
  useBrowser,
} from './support/browser';
import { store } from './support/store';

const browser = useBrowser();

/** The assets index.html asks for, as the server would serve them. */
async function listPageAssets(): Promise<string[]> {
  const html = await (await fetch(`${store().baseURL}/`)).text();
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
}

function fetchWith(path: string, acceptEncoding: string) {
  // Node's fetch would decompress (and so hide) the encoding: ask for the raw bytes' headers only.
  return fetch(`${store().baseURL}${path}`, { headers: { 'accept-encoding': acceptEncoding } });
}

/** The layout shifts the page has had so far, summed as Chromium reports them (no user input involved). */
function sumLayoutShifts(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) total += Number(Reflect.get(entry, 'value') ?? 0);
        }).observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
      }),
  );
}

describe('page load', () => {
  it('every asset of the page is sent pre-compressed, as the browser asks, and cached by its hash', async () => {
    const assets = await listPageAssets();
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      const br = await fetchWith(asset, 'gzip, deflate, br');
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const gzip = await fetchWith(asset, 'gzip');
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      const plain = await fetchWith(asset, 'identity');
      expect(plain.headers.get('content-encoding')).toBeNull();
    }
    const page = await fetchWith('/shop', 'br');
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });

  it('the debug console loads on every page, its switch hidden for customers and shown with ?debug=1', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await installClock(page);
    await page.goto('/shop');
    await runClockPastDebugConsoleWait(page);
    await page.locator('#__vconsole').waitFor({ state: 'attached' });
    expect(await page.locator('#__vconsole .vc-switch').isVisible()).toBe(false);

    await page.goto('/shop?debug=1');
    await runClockPastDebugConsoleWait(page);
    await page.locator('#__vconsole .vc-switch').waitFor({ state: 'visible' });
    await page.goto('/login');
    await runClockPastDebugConsoleWait(page);
    await page.locator('#__vconsole .vc-switch').waitFor({ state: 'visible' });
    await page.goto('/login?debug=0');
    await runClockPastDebugConsoleWait(page);
    await page.locator('#__vconsole').waitFor({ state: 'attached' });
    expect(await page.locator('#__vconsole .vc-switch').isVisible()).toBe(false);
    await context.close();
  });

  it('a page opened by a full load opens at its top, wherever the page the tab opened before was left', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    try {
      await page.goto('/shop');
      await testId(page, 'shop-products').waitFor();
      await page.evaluate(() => window.scrollTo({ top: 1500 }));
      await page.waitForFunction(() => window.scrollY > 1000);
      // Typed into the address bar: a full load, as a mail link or the way back from a payment provider is.
      await page.goto('/forgot-password');
      await testId(page, 'forgot-email').waitFor();
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))),
      );
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      // Back to the shop is still Back: the list is where it was left.
      await page.goBack();
      await testId(page, 'shop-products').waitFor();
      await page.waitForFunction(() => window.scrollY > 1000);
    } finally {
      await context.close();
    }
  });

  it('nothing moves while the shop, a product and a signed-in cart load', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await page.goto('/login');
    await testId(page, 'login-email').fill(DEMO.email);
    await testId(page, 'login-password').fill(DEMO.password);
    await testId(page, 'login-submit').click();
    await page.waitForURL((url) => url.pathname === '/');
    for (const [path, ready] of [
      ['/shop', 'shop-products'],
      ['/product/1', 'product-name'],
      ['/cart', 'cart-page'],
    ] as const) {
      await page.goto(path);
      await testId(page, ready).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await sumLayoutShifts(page)).toBeLessThan(0.1);
    }
    await context.close();
  });
});

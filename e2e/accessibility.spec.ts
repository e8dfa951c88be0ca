import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@storefront/contract/catalog';
import { callApi } from './support/api';
import { findSeriousViolations } from './support/axe';
import {
  DEMO,
  DESKTOP,
  openPage,
  PHONE,
  saveScreenshot,
  signIn,
  testId,
  useBrowser,
  waitForPageSettled,
} from './support/browser';

const browser = useBrowser();

type Route = { name: string; path: string | ((ids: KnownIDs) => string) };
type KnownIDs = { orderID: number };

/** Every page of apps/web/src/app/router.tsx that a visitor can open signed out. */
const signedOutRoutes: Route[] = [
  { name: 'home', path: '/' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'forgot-password', path: '/forgot-password' },
  { name: 'reset-password', path: '/reset-password?token=not-a-real-token' },
  { name: 'verify-email', path: '/verify-email?token=not-a-real-token' },
  { name: 'newsletter-subscribed', path: '/newsletter/subscribed' },
  { name: 'newsletter-unsubscribe', path: '/newsletter/unsubscribe?email=a%40example.test&token=forged' },
  { name: 'shop', path: '/shop' },
  { name: 'product', path: '/product/1' },
  { name: 'not-found', path: '/no-such-page' },
];

/** Every page that needs a session, as the demo customer (who has a cart and an order in each state). */
const signedInRoutes: Route[] = [
  { name: 'cart', path: '/cart' },
  { name: 'checkout', path: '/checkout' },
  { name: 'payment', path: ({ orderID }) => `/checkout/pay/${orderID}` },
  {
    name: 'payment-return',
    path: ({ orderID }) => `/checkout/payment-return?orderID=${orderID}&cancelled=1`,
  },
  { name: 'demo-approve', path: '/payment/demo/approve?ref=not-a-real-ref' },
  { name: 'profile', path: '/account/profile' },
  { name: 'security', path: '/account/security' },
  { name: 'addresses', path: '/account/addresses' },
  { name: 'wishlist', path: '/account/wishlist' },
  { name: 'lists', path: '/account/lists' },
  { name: 'orders', path: '/account/orders' },
  { name: 'order', path: ({ orderID }) => `/account/orders/${orderID}` },
  { name: 'newsletter', path: '/account/newsletter' },
  { name: 'credits', path: '/account/credits' },
  { name: 'coupons', path: '/account/coupons' },
  { name: 'vouchers', path: '/account/vouchers' },
  { name: 'account-not-found', path: '/account/no-such-section' },
];

async function checkPage(page: Page, route: Route, ids: KnownIDs, label: string): Promise<void> {
  const path = typeof route.path === 'string' ? route.path : route.path(ids);
  await page.goto(path);
  await waitForPageSettled(page);
  await saveScreenshot(page, `a11y-${route.name}-${label}`);
  const violations = await findSeriousViolations(page);
  expect(violations, `${path} at ${label}`).toEqual([]);
  expect(await page.locator('h1').count(), `one <h1> on ${path}`).toBe(1);
  const title = await page.title();
  expect(title, `the title of ${path}`).toMatch(/^.+ · Harbour Grocer$/);
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('accessibility at %s size', (label, viewport) => {
  describe('signed out', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      ({ context, page } = await openPage(browser(), viewport));
    });
    afterAll(async () => {
      await context.close();
    });

    it.each(signedOutRoutes.map((r) => [r.name, r] as const))(
      '%s has no serious axe violations, one <h1> and its own title',
      async (_, route) => {
        await checkPage(page, route, { orderID: 0 }, label);
      },
    );
  });

  it('the shop and the home page while their products load have no serious axe violations', async () => {
    const { context, page } = await openPage(browser(), viewport);
    // The products' reads are held until the check is done, so the placeholders are what is checked.
    const held: Array<() => Promise<void>> = [];
    await page.route('**/api/v1/product/list**', (route) => {
      held.push(() => route.continue());
    });
    try {
      for (const [path, placeholder] of [
        ['/shop', 'shop-loading'],
        ['/', 'home-specials-loading'],
      ] as const) {
        await page.goto(path);
        await testId(page, placeholder).waitFor();
        expect(await findSeriousViolations(page), `${path} loading at ${label}`).toEqual([]);
        expect(await testId(page, placeholder).getAttribute('role')).toBe('status');
      }
    } finally {
      await page.unroute('**/api/v1/product/list**');
      await Promise.all(held.map((release) => release().catch(() => undefined)));
      await context.close();
    }
  });

  describe('signed in', () => {
    let context: BrowserContext;
    let page: Page;
    const ids: KnownIDs = { orderID: 0 };
    beforeAll(async () => {
      ({ context, page } = await openPage(browser(), viewport));
      await page.goto('/login');
      await signIn(page, DEMO.email, DEMO.password);
      await page.waitForFunction(() => localStorage.getItem('storefront.token') !== null);
      // The cart and checkout are checked with something in them (other journeys may have emptied the cart).
      const token = await page.evaluate(() => localStorage.getItem('storefront.token'));
      const { data } = await callApi<{ list: Product[] }>('product/list?category=pantry&pageSize=50');
      const product = data.list.find((p) => p.available && p.stock > 5);
      if (!token || !product) throw new Error('no token or no pantry product in stock');
      await callApi('cart/add', {
        method: 'POST',
        token,
        body: { productID: product.productID, quantity: 1 },
      });
      await page.goto('/account/orders');
      const first = page.locator('[data-testid^="order-open-"]').first();
      await first.waitFor();
      ids.orderID = Number((await first.getAttribute('data-testid'))?.replace('order-open-', ''));
      await testId(page, 'orders-page').waitFor();
    });
    afterAll(async () => {
      await context.close();
    });

    it.each(signedInRoutes.map((r) => [r.name, r] as const))(
      '%s has no serious axe violations, one <h1> and its own title',
      async (_, route) => {
        await checkPage(page, route, ids, label);
      },
    );
  });
});

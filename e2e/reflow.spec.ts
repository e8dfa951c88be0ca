import type { Product } from '@storefront/contract/catalog';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addSydneyAddress,
  callApi,
  longestNamedInStock,
  placeOrderByApi,
  registerByApi,
} from './support/api';
import {
  findSidewaysOverflow,
  openPage,
  saveScreenshot,
  signIn,
  testId,
  toasts,
  useBrowser,
  waitForPageSettled,
} from './support/browser';
import { store } from './support/store';

const browser = useBrowser();

/**
 * Reflow (WCAG 1.4.10), docs/decisions/0019 "Narrow and short screens": a 1280 x 1024 desktop zoomed to 400% is 320 x
 * 256 CSS px, a phone held sideways 640 x 360. Nothing scrolls sideways, and what stays on screen as the page scrolls
 * (the header, the cart's and the checkout's bottom bar) leaves the page at least half the screen's height.
 */
const VIEWPORTS = [
  ['400% zoom', { width: 320, height: 256 }],
  ['phone sideways', { width: 640, height: 360 }],
] as const;

type Shopper = {
  email: string;
  password: string;
  pendingID: number;
  paidID: number;
  cancelledID: number;
  ref: string;
};
type Route = { name: string; path: (s: Shopper) => string; open?: (page: Page) => Promise<void> };
const at = (path: string) => () => path;

/** Every page of apps/web/src/app/router.tsx a visitor opens signed out. */
const signedOutRoutes: Route[] = [
  { name: 'home', path: at('/') },
  { name: 'login', path: at('/login?redirect=%2Fcheckout') },
  { name: 'register', path: at('/register') },
  { name: 'forgot-password', path: at('/forgot-password') },
  { name: 'reset-password', path: at('/reset-password?token=not-a-real-token') },
  { name: 'verify-email', path: at('/verify-email?token=not-a-real-token') },
  { name: 'newsletter-subscribed', path: at('/newsletter/subscribed') },
  { name: 'newsletter-unsubscribe', path: at('/newsletter/unsubscribe?email=a%40example.test&token=forged') },
  { name: 'shop', path: at('/shop') },
  { name: 'product', path: at('/product/1') },
  { name: 'not-found', path: at('/no-such-page') },
];

/** Every page that needs a session, as a customer with a cart, a coupon and an order paid, one awaiting payment, one cancelled. */
const signedInRoutes: Route[] = [
  { name: 'home', path: at('/') },
  { name: 'search', path: at('/shop?keyword=mooncake%20yolk') },
  { name: 'aisle', path: at('/shop?category=pantry&sort=price_asc') },
  { name: 'product', path: at('/product/1') },
  { name: 'cart', path: at('/cart') },
  { name: 'checkout', path: at('/checkout') },
  { name: 'payment', path: (s) => `/checkout/pay/${s.pendingID}` },
  { name: 'demo-approve', path: (s) => `/payment/demo/approve?ref=${s.ref}` },
  {
    name: 'payment-return',
    path: (s) => `/checkout/payment-return?orderID=${s.pendingID}&provider=demo&cancelled=1`,
  },
  { name: 'orders', path: at('/account/orders') },
  { name: 'order-paid', path: (s) => `/account/orders/${s.paidID}` },
  { name: 'order-pending', path: (s) => `/account/orders/${s.pendingID}` },
  { name: 'order-cancelled', path: (s) => `/account/orders/${s.cancelledID}` },
  { name: 'profile', path: at('/account/profile') },
  { name: 'security', path: at('/account/security') },
  { name: 'addresses', path: at('/account/addresses') },
  {
    name: 'address-form',
    path: at('/account/addresses'),
    open: async (page) => {
      await testId(page, 'address-add').first().click();
      await testId(page, 'address-first-name').waitFor();
    },
  },
  { name: 'wishlist', path: at('/account/wishlist') },
  { name: 'credits', path: at('/account/credits') },
  { name: 'coupons', path: at('/account/coupons') },
  { name: 'vouchers', path: at('/account/vouchers') },
  { name: 'newsletter', path: at('/account/newsletter') },
  { name: 'account-not-found', path: at('/account/no-such-section') },
];

/** A customer set up by the API on a session of its own, so the browser's session is never replaced by a capture's. */
async function newShopper(): Promise<Shopper> {
  const name = { firstName: 'Rae', lastName: 'Flow' };
  const { token, ...shopper } = await registerByApi('reflow', name);
  const addressID = await addSydneyAddress(token, name);
  // The longest names make the longest cart and order lines.
  const [first, second, third] = await longestNamedInStock(3);
  if (!first || !second || !third) throw new Error('the demo catalogue needs three products in stock');
  const order = (product: Product) => placeOrderByApi(token, addressID, product);
  const startDemoPayment = async (orderID: number) => {
    const { data } = await callApi<{ redirectUrl: string }>('payment/start', {
      method: 'POST',
      token,
      body: { orderID, provider: 'demo' },
    });
    const ref = new URL(data.redirectUrl, store().baseURL).searchParams.get('ref');
    if (!ref) throw new Error(`no ref in ${data.redirectUrl}`);
    return ref;
  };

  const paidID = await order(first);
  const paidRef = await startDemoPayment(paidID);
  await callApi('payment/demo/decide', {
    method: 'POST',
    token,
    body: { ref: paidRef, decision: 'approve' },
  });
  await callApi('payment/demo/capture', { method: 'POST', token, body: { orderID: paidID, ref: paidRef } });
  const cancelledID = await order(second);
  await callApi('order/cancel', { method: 'PUT', token, body: { orderID: cancelledID } });
  const pendingID = await order(third);
  const ref = await startDemoPayment(pendingID);
  for (const product of [first, second, third]) {
    await callApi('cart/add', { method: 'POST', token, body: { productID: product.productID, quantity: 2 } });
  }
  await callApi('cart/apply-discount', { method: 'POST', token, body: { code: 'WELCOME10' } });
  return { ...shopper, paidID, cancelledID, pendingID, ref };
}

/**
 * How much of the window's height what stays on screen as the page scrolls (fixed or sticky) covers, at its top and at
 * its foot: read down the middle of the window from each edge while what is drawn there is fixed or sticky.
 */
function findStuckBars(page: Page): Promise<{ covered: number; bars: string[] }> {
  return page.evaluate(() => {
    const x = window.innerWidth / 2;
    const height = window.innerHeight;
    const bars = new Map<Element, number>();
    let covered = 0;
    for (const [start, step] of [
      [0, 2],
      [height - 1, -2],
    ] as const) {
      for (let y = start; y >= 0 && y < height; y += step) {
        let stuck: Element | null = null;
        for (let el = document.elementFromPoint(x, y); el && !stuck; el = el.parentElement) {
          if (['fixed', 'sticky'].includes(getComputedStyle(el).position)) stuck = el;
        }
        if (!stuck) break;
        bars.set(stuck, (bars.get(stuck) ?? 0) + 2);
        covered += 2;
      }
    }
    return {
      covered,
      bars: [...bars].map(
        ([el, px]) =>
          `${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join('')} (${px} px)`,
      ),
    };
  });
}

async function checkPage(page: Page, route: Route, shopper: Shopper, label: string): Promise<void> {
  const path = route.path(shopper);
  await page.goto(path);
  await waitForPageSettled(page, 'attached');
  await route.open?.(page);
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  const where = `${path} at ${width} x ${height} (${label})`;
  const sideways = await findSidewaysOverflow(page);
  if (sideways.scrollWidth > width || sideways.culprits.length > 0) {
    await saveScreenshot(page, `reflow-${route.name}-${width}x${height}`);
  }
  expect(sideways.culprits, `${where}: drawn past the right edge`).toEqual([]);
  expect(sideways.scrollWidth, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(width);
  // Two rows: the brand and Shop, then the search (with the cart and the account under 375 px wide); a third row was
  // 40 px more of a 320 px phone's screen under a sticky header.
  const header = await page.locator('header.site-header').boundingBox();
  expect(header?.height, `${where}: the header's height`).toBeLessThanOrEqual(120);
  // A dialog covers the page on purpose; it scrolls on its own.
  if (route.open) return;
  const stuck = await findStuckBars(page);
  expect(
    stuck.covered,
    `${where}: what stays on screen (${stuck.bars.join(', ')}) leaves the page ${height - stuck.covered} px`,
  ).toBeLessThanOrEqual(height / 2);
}

let shopper: Shopper;
beforeAll(async () => {
  shopper = await newShopper();
});

describe.each(VIEWPORTS)('at %s', (label, viewport) => {
  // One context per size: the signed-out pages first, then the same context signs in.
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await openPage(browser(), viewport));
  });
  afterAll(async () => {
    await context.close();
  });

  it.each(signedOutRoutes.map((r) => [r.name, r] as const))(
    'signed out, %s fits the screen',
    async (_, route) => {
      await checkPage(page, route, shopper, label);
    },
  );

  it('a page whose code cannot load says so within the screen', async () => {
    const productCode = /product-detail-page[^/]*\.js$/;
    await page.route(productCode, (route) => route.abort());
    await checkPage(page, { name: 'route-error', path: at('/product/2') }, shopper, label);
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(1);
    await page.unroute(productCode);
  });

  it('a toast shows within the screen', async () => {
    await page.goto('/shop');
    await page.locator('[data-testid^="product-add-"]:not([disabled])').first().click();
    const toast = toasts(page).first();
    await toast.waitFor();
    const box = await toast.boundingBox();
    if (!box) throw new Error('the toast has no box');
    expect(
      box.y + box.height,
      `the toast's foot, in a window ${viewport.height} px tall`,
    ).toBeLessThanOrEqual(viewport.height);
  });

  describe('signed in', () => {
    beforeAll(async () => {
      await page.goto('/login');
      await signIn(page, shopper.email, shopper.password);
      await page.waitForFunction(() => localStorage.getItem('storefront.token') !== null);
    });

    it.each(signedInRoutes.map((r) => [r.name, r] as const))('%s fits the screen', async (_, route) => {
      await checkPage(page, route, shopper, label);
    });
  });
});

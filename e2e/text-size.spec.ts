import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAddress,
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
  useBrowser,
  waitForPageSettled,
} from './support/browser';

const browser = useBrowser();

/**
 * A customer who set the browser's text size to twice the default (Chrome's Settings > Appearance > Font size sets
 * the same preference as DevTools' Page.setFontSizes: 32 px instead of 16). docs/decisions/0019, "Text size".
 */
const TEXT_PX = 32;
const VIEWPORTS = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;
const PAGES = [
  '/',
  '/shop',
  '/product/1',
  '/cart',
  '/checkout',
  '/account/profile',
  '/account/security',
  '/account/addresses',
  '/account/orders',
  '/account/wishlist',
  '/account/credits',
  '/account/coupons',
  '/account/vouchers',
  '/account/newsletter',
];

/** Opens `path` with the browser's text size set: the preference holds for the document loaded after it is set. */
async function openWithLargeText(page: Page, cdp: CDPSession, path: string): Promise<void> {
  await page.goto(path);
  await cdp.send('Page.setFontSizes', {
    fontSizes: { standard: TEXT_PX, fixed: Math.round(TEXT_PX * 0.8125) },
  });
  await page.reload();
  await waitForPageSettled(page, 'attached');
}

type Reading = {
  rootPx: string;
  bodyPx: string;
  antButtonPx: string | null;
  cut: string[];
};

/** The text sizes in use, and every piece of text cut short: clipped by its box, or ended with an ellipsis. */
function readPage(page: Page): Promise<Reading> {
  return page.evaluate(() => {
    const cut: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const box = el.getBoundingClientRect();
      // Visually hidden text (1 x 1 px) is for screen readers, clipped on purpose.
      if (box.width <= 1 || box.height <= 1 || !el.textContent?.trim()) continue;
      if (
        el instanceof HTMLInputElement ||
        el instanceof HTMLTextAreaElement ||
        el instanceof HTMLSelectElement
      )
        continue;
      const style = getComputedStyle(el);
      const clipsX =
        style.overflowX !== 'visible' && style.overflowX !== 'auto' && style.overflowX !== 'scroll';
      const clipsY =
        style.overflowY !== 'visible' && style.overflowY !== 'auto' && style.overflowY !== 'scroll';
      const wide = el.scrollWidth > el.clientWidth + 1;
      const tall = el.scrollHeight > el.clientHeight + 1;
      if ((clipsX && wide) || (clipsY && tall)) {
        const name = `${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join('')}`;
        cut.push(`${name} "${el.textContent.trim().slice(0, 40)}"`);
      }
    }
    // A middle-sized one: a large one's text is the theme's large size (16 px by default, 34 px here).
    const antButton = document.querySelector('.ant-btn:not(.ant-btn-lg):not(.ant-btn-sm)');
    return {
      rootPx: getComputedStyle(document.documentElement).fontSize,
      bodyPx: getComputedStyle(document.body).fontSize,
      antButtonPx: antButton ? getComputedStyle(antButton).fontSize : null,
      cut,
    };
  });
}

let shopper: { email: string; password: string; orderID: number };
beforeAll(async () => {
  const name = { firstName: 'Tex', lastName: 'Large' };
  const { token, ...login } = await registerByApi('text-size', name);
  const addressID = await addSydneyAddress(token, name);
  // Another address the order can go to, its line longer than a phone's line at twice the text size: the order's
  // page offers it in a select.
  await addAddress(token, name, {
    line1: 'Unit 1204, 88 Bathurst Street',
    suburb: 'Sydney',
    state: 'NSW',
    postcode: '2000',
  });
  // The longest names: the ones most likely to be cut.
  const [ordered, ...inCart] = await longestNamedInStock(3);
  if (!ordered) throw new Error('no product to order');
  // An order awaiting payment, for the orders list and the order's page.
  const orderID = await placeOrderByApi(token, addressID, ordered);
  for (const product of inCart)
    await callApi('cart/add', { method: 'POST', token, body: { productID: product.productID, quantity: 2 } });
  shopper = { ...login, orderID };
});

const SIGNED_OUT_PAGES = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
];

/** Opens `path` with twice the text size and checks that it holds, keeping a screenshot of the window. */
async function checkPage(page: Page, cdp: CDPSession, path: string, label: string): Promise<void> {
  await openWithLargeText(page, cdp, path);
  const reading = await readPage(page);
  await saveScreenshot(page, `text-size-${label}${path.replace(/\W+/g, '-')}`, { fullPage: false });
  const width = page.viewportSize()?.width ?? 0;
  expect(reading.rootPx).toBe(`${TEXT_PX}px`);
  // The store's 14 px body text, at twice the size.
  expect(reading.bodyPx).toBe('28px');
  if (reading.antButtonPx !== null) expect(reading.antButtonPx).toBe('28px');
  expect(reading.cut, `${path}: text cut short`).toEqual([]);
  const sideways = await findSidewaysOverflow(page);
  expect(sideways.culprits, `${path}: drawn past the right edge`).toEqual([]);
  expect(sideways.scrollWidth, `${path}: the page scrolls sideways`).toBeLessThanOrEqual(width);
}

describe.each(VIEWPORTS)('text at twice the size, on a %s', (label, viewport) => {
  let context: BrowserContext;
  let page: Page;
  let cdp: CDPSession;
  beforeAll(async () => {
    ({ context, page } = await openPage(browser(), viewport));
    cdp = await context.newCDPSession(page);
  });
  afterAll(async () => {
    await context.close();
  });

  it.each(SIGNED_OUT_PAGES)(
    'signed out, %s: every text twice as large, none cut short, nothing sideways',
    async (path) => {
      await checkPage(page, cdp, path, label);
    },
  );

  describe('signed in', () => {
    beforeAll(async () => {
      await page.goto('/login');
      await signIn(page, shopper.email, shopper.password);
      await page.waitForFunction(() => localStorage.getItem('storefront.token') !== null);
    });

    it.each(PAGES)(
      '%s: every text twice as large, Ant Design’s too, none cut short, nothing sideways',
      async (path) => {
        await checkPage(page, cdp, path, label);
      },
    );

    it('an order’s page: every text twice as large, the address picker’s hint and choice too, none cut short, nothing sideways', async () => {
      await checkPage(page, cdp, `/account/orders/${shopper.orderID}`, label);
      // The picker of another address, its hint checked above; then its choice, a whole address.
      await testId(page, 'order-address-select').click();
      const choice = page.locator('.ant-select-item-option', { hasText: 'Bathurst' });
      await choice.waitFor();
      expect((await readPage(page)).cut, 'the list of addresses cut short').toEqual([]);
      await choice.click();
      await page.locator('.ant-select-dropdown').waitFor({ state: 'hidden' });
      expect(await testId(page, 'order-address-select').textContent()).toContain(
        'Unit 1204, 88 Bathurst Street',
      );
      expect((await readPage(page)).cut, 'the chosen address cut short').toEqual([]);
    });
  });
});

import type { Product } from '@storefront/contract/catalog';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addSydneyAddress, callApi } from './support/api';
import { findSeriousViolations } from './support/axe';
import {
  clickSelectOption,
  DEMO,
  makeEmail,
  NETWORK_MESSAGE,
  OPEN_SELECT_LIST,
  openPage,
  registerCustomer,
  saveScreenshot,
  signIn,
  testId,
  useBrowser,
  waitOrExplain,
} from './support/browser';
import { pickDeliveryWindow, waitForDeliveryPrices } from './support/checkout';

const browser = useBrowser();

/** React Router's own error page, which replaced the whole store. */
const ROUTER_ERROR_PAGE = /Unexpected Application Error|Hey developer/;
/** Long enough for an answer on a loaded machine; short enough that the build before the fix fails soon. */
const SHOWN_WITHIN = { timeout: 10_000 };

/** A fresh customer with one line in the cart; answers the stored token and the product on it. */
async function newCustomerWithCart(page: Page): Promise<{ token: string; product: Product }> {
  await registerCustomer(page, {
    email: makeEmail('offline-shell'),
    password: 'offline-shell-pass-1',
    firstName: 'Otto',
    lastName: 'Fline',
  });
  const token = await page.evaluate(() => localStorage.getItem('storefront.token'));
  if (!token) throw new Error('no stored token');
  const { data: products } = await callApi<{ list: Product[] }>('product/list?category=pantry&pageSize=50');
  const product = products.list.find((p) => p.available && p.stock >= 5 && p.stock < 999);
  if (!product) throw new Error('the demo catalogue needs a pantry product in stock');
  await callApi('cart/add', { method: 'POST', token, body: { productID: product.productID, quantity: 1 } });
  return { token, product };
}

/** The network toast as a toast: Ant Design's, or the plain one shown when its code could not be fetched. */
function networkToast(page: Page) {
  return page.locator('.ant-message-notice, [data-testid="plain-toast"]').getByText(NETWORK_MESSAGE).first();
}

/** Collects the page's uncaught errors and unhandled rejections. */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Every chunk of the store's code fails as if the connection had dropped; the API still answers. Answers the undo. */
async function failCodeRequests(page: Page, files = /\/assets\//): Promise<() => Promise<void>> {
  const abort = (route: Route) => route.abort('internetdisconnected');
  await page.route(files, abort);
  return () => page.unroute(files, abort);
}

/** Marks the page, so that a later check can tell it was not reloaded since. */
async function markPage(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => Reflect.set(window, 'e2eNotReloaded', true));
  return () => page.evaluate(() => Reflect.get(window, 'e2eNotReloaded') === true);
}

/** The store is still there around the page: its header, and not React Router's error page. */
async function expectStoreShown(page: Page): Promise<void> {
  expect(await testId(page, 'brand').isVisible()).toBe(true);
  expect(await testId(page, 'cart-button').isVisible()).toBe(true);
  expect(await page.getByText(ROUTER_ERROR_PAGE).count()).toBe(0);
}

describe('the store when the connection drops', () => {
  it('offline, a tap on + keeps the cart on screen and asks to check the connection; back online + works', async () => {
    const { context, page } = await openPage(browser());
    const { product } = await newCustomerWithCart(page);
    const pageErrors = collectPageErrors(page);
    const debugConsoleFailed = page.waitForEvent('requestfailed', {
      predicate: (request) => /vconsole/i.test(request.url()),
      timeout: 30_000,
    });
    // A fresh visit: no toast has been shown yet, so the toast host's code is not loaded.
    await page.goto('/cart');
    const quantity = testId(page, `cart-line-quantity-${product.productID}`);
    await quantity.waitFor();
    await context.setOffline(true);

    await page.getByRole('button', { name: 'One more' }).click();
    await waitOrExplain(page, 'offline-cart-plus-no-toast', () => networkToast(page).waitFor(SHOWN_WITHIN));
    expect(await quantity.inputValue()).toBe('1');
    // Said on the line too, where the eye is, not only in a toast that goes.
    expect(await testId(page, `cart-line-note-${product.productID}`).textContent()).toBe(
      'Not changed to 2: no connection. Try again when you are back online.',
    );
    expect(await testId(page, 'offline-banner').textContent()).toContain('You are offline.');
    await expectStoreShown(page);
    expect(await findSeriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'offline-cart-plus');

    // The debug console loads a few seconds after the page: offline its code cannot come, and nothing breaks; it
    // comes once the browser is back online.
    await debugConsoleFailed;
    const debugConsoleLoaded = page.waitForResponse((response) => /vconsole/i.test(response.url()), {
      timeout: 30_000,
    });
    await context.setOffline(false);
    await debugConsoleLoaded;

    await page.getByRole('button', { name: 'One more' }).click();
    await expect.poll(() => quantity.inputValue()).toBe('2');
    expect(await testId(page, `cart-line-note-${product.productID}`).textContent()).toBe('');
    expect(await testId(page, 'offline-banner').textContent()).toBe('');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  for (const [width, viewport] of [
    ['1280', { width: 1280, height: 800 }],
    ['375', { width: 375, height: 740 }],
  ] as const) {
    it(`at ${width} px, a page reloaded or opened offline is the store's own, and opens once back online`, async () => {
      const { context, page } = await openPage(browser(), viewport, { serviceWorkers: 'allow' });
      const pageErrors = collectPageErrors(page);
      await page.goto('/shop');
      await testId(page, 'brand').waitFor();
      // The service worker keeps the shell once it has installed; it then controls the page.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
        timeout: 30_000,
      });
      await context.setOffline(true);

      await page.reload();
      await expectStoreShown(page);
      await waitOrExplain(page, 'offline-reload-no-banner', () =>
        page.getByText('You are offline. What is on screen stays').waitFor(SHOWN_WITHIN),
      );
      expect(await findSeriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `offline-reload-shop-${width}`);

      // A page never opened before: its code is not kept, so the store says it needs the connection.
      const { data: products } = await callApi<{ list: Product[] }>(
        'product/list?category=pantry&pageSize=1',
      );
      const product = products.list[0];
      if (!product) throw new Error('the demo catalogue needs a pantry product');
      await page.goto(`/product/${product.productID}`);
      await expectStoreShown(page);
      const heading = page.getByRole('heading', { name: 'You are offline.' });
      await waitOrExplain(page, 'offline-new-page-not-said', () => heading.waitFor(SHOWN_WITHIN));
      expect(await findSeriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `offline-new-page-${width}`);

      await context.setOffline(false);
      await waitOrExplain(page, 'online-page-not-opened', () =>
        testId(page, 'product-name').waitFor(SHOWN_WITHIN),
      );
      expect(await heading.count()).toBe(0);
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }

  it('offline, Checkout says so inside the store; back online, the checkout opens by itself', async () => {
    const { context, page } = await openPage(browser());
    const { product } = await newCustomerWithCart(page);
    const pageErrors = collectPageErrors(page);
    // Neither the checkout's code nor the account menu's is loaded on the cart page.
    await page.goto('/cart');
    await testId(page, `cart-line-quantity-${product.productID}`).waitFor();
    await context.setOffline(true);

    await testId(page, 'account-menu').click();
    await waitOrExplain(page, 'offline-account-menu-no-toast', () =>
      networkToast(page).waitFor(SHOWN_WITHIN),
    );
    await expectStoreShown(page);

    await testId(page, 'cart-checkout').click();
    const failed = testId(page, 'page-load-failed');
    await waitOrExplain(page, 'offline-checkout-no-error', () => failed.waitFor(SHOWN_WITHIN));
    expect(await failed.textContent()).toContain('You are offline.');
    expect(await failed.textContent()).toContain('It opens by itself when you are back online.');
    await expectStoreShown(page);
    expect(await findSeriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'offline-checkout-chunk');

    await context.setOffline(false);
    await testId(page, 'checkout-page').waitFor(SHOWN_WITHIN);
    expect(new URL(page.url()).pathname).toBe('/checkout');
    expect(await failed.count()).toBe(0);
    // The stylesheet that failed along with the page's code is fetched again with it.
    const unstyled = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
        .filter((link) => (link.sheet?.cssRules.length ?? 0) === 0)
        .map((link) => link.href),
    );
    expect(unstyled).toEqual([]);
    await saveScreenshot(page, 'offline-checkout-retried');
    await testId(page, 'account-menu').click();
    await testId(page, 'menu-orders').waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('offline, Place order keeps what the customer typed and asks to check the connection', async () => {
    const { context, page } = await openPage(browser());
    const { token } = await newCustomerWithCart(page);
    await addSydneyAddress(token, { firstName: 'Otto', lastName: 'Fline' });
    const pageErrors = collectPageErrors(page);
    await page.goto('/checkout');
    await waitForDeliveryPrices(page, 'window');
    await pickDeliveryWindow(page);
    const notes = testId(page, 'checkout-notes');
    await notes.fill('Gate code 4321, behind the blue door');
    await context.setOffline(true);

    await testId(page, 'checkout-place-order').click();
    await waitOrExplain(page, 'offline-place-order-no-toast', () => networkToast(page).waitFor(SHOWN_WITHIN));
    expect(await notes.inputValue()).toBe('Gate code 4321, behind the blue door');
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await expectStoreShown(page);
    await saveScreenshot(page, 'offline-place-order');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the cart’s address picker whose code cannot be fetched says so beside it; back online, it opens without a reload', async () => {
    const { context, page } = await openPage(browser());
    const { token, product } = await newCustomerWithCart(page);
    await addSydneyAddress(token, { firstName: 'Otto', lastName: 'Fline' });
    const { data: book } = await callApi<{ list: { addressID: number }[] }>('address/list', { token });
    const addressID = book.list[0]?.addressID;
    const pageErrors = collectPageErrors(page);
    await page.goto('/cart');
    const picker = testId(page, 'cart-address-picker');
    await expect.poll(() => picker.textContent()).toContain('1 Macquarie St');
    const isSamePage = await markPage(page);
    const restoreCode = await failCodeRequests(page);

    await picker.click();
    const failed = testId(page, 'cart-address-load-failed');
    await waitOrExplain(page, 'offline-address-picker-no-error', () => failed.waitFor(SHOWN_WITHIN));
    expect(await failed.textContent()).toContain('The address list could not be loaded');
    await expectStoreShown(page);
    expect(await testId(page, `cart-line-quantity-${product.productID}`).inputValue()).toBe('1');
    expect(await picker.textContent()).toContain('1 Macquarie St');
    expect(await findSeriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'offline-address-picker');

    await restoreCode();
    await testId(page, 'cart-address-load-failed-retry').click();
    await clickSelectOption(
      page,
      page.locator(OPEN_SELECT_LIST).getByTestId(`cart-address-option-${addressID}`),
    );
    expect(await failed.count()).toBe(0);
    await expect.poll(() => picker.textContent()).toContain('1 Macquarie St');
    expect(await isSamePage()).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a sign-in whose HTTP client cannot be fetched asks to check the connection; the next try signs in', async () => {
    const { context, page } = await openPage(browser());
    const pageErrors = collectPageErrors(page);
    // Sign-in calls nothing before the customer submits: its first call brings the HTTP client's code.
    const restoreCode = await failCodeRequests(page, /\/assets\/axios-client-[^/]*\.js$/);
    await page.goto('/login');
    const isSamePage = await markPage(page);

    await signIn(page, DEMO.email, DEMO.password);
    const error = testId(page, 'login-error');
    await waitOrExplain(page, 'offline-sign-in-no-error', () => error.waitFor(SHOWN_WITHIN));
    expect(await error.textContent()).toBe(NETWORK_MESSAGE);
    await networkToast(page).waitFor(SHOWN_WITHIN);
    await saveScreenshot(page, 'offline-sign-in-client');

    await restoreCode();
    await testId(page, 'login-submit').click();
    await waitOrExplain(page, 'offline-sign-in-not-retried', () =>
      page.waitForURL((url) => url.pathname === '/', SHOWN_WITHIN),
    );
    expect(await page.evaluate(() => localStorage.getItem('storefront.token'))).toMatch(/^Bearer /);
    expect(await isSamePage()).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the network toast closes as soon as a later call is answered, rather than sitting beside what it brings', async () => {
    const { context, page } = await openPage(browser());
    const { product } = await newCustomerWithCart(page);
    await page.goto('/cart');
    const quantity = testId(page, `cart-line-quantity-${product.productID}`);
    await quantity.waitFor();
    await page.route('**/api/v1/cart/update', (route) => route.abort('internetdisconnected'), { times: 1 });

    const more = page.getByRole('button', { name: 'One more' });
    await more.click();
    const toast = networkToast(page);
    await toast.waitFor(SHOWN_WITHIN);
    // A toast under the pointer stays until the pointer leaves: only a close can take it away now.
    await toast.hover();
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => quantity.inputValue()).toBe('2');
    await waitOrExplain(page, 'network-toast-kept', () =>
      toast.waitFor({ state: 'hidden', ...SHOWN_WITHIN }),
    );
    await context.close();
  });
});

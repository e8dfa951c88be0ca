import type { Product } from '@storefront/contract/catalog';
import type { ShippingQuote } from '@storefront/contract/shipping';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { addPerthAddress, addSydneyAddress, callApi } from './support/api';
import { findSeriousViolations } from './support/axe';
import {
  DESKTOP,
  PHONE,
  findSidewaysOverflow,
  makeEmail,
  openPage,
  registerCustomer,
  saveScreenshot,
  storedToken,
  testId,
  useBrowser,
  waitForPageSettled,
} from './support/browser';
import { store } from './support/store';
import { setZoneMinimum } from './support/zone-minimum';

/**
 * One delivery choice (issue #58): Sydney's vans deliver in the window booked, which is the choice, each window with
 * its delivery price; a courier address keeps standard and express. A zone's minimum order, set by staff in the
 * back office, is said in the cart before checkout, which waits until it is reached.
 */
const browser = useBrowser();
const aud = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });
const OWNER = { email: 'owner@storefront.test', password: 'owner-pass-2000' } as const;
const WIDTHS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

// The journeys set the metro minimum order; the store's other journeys order small (support/global-setup.ts).
afterEach(async () => {
  await setZoneMinimum(store().baseURL, 'metro', 0);
});

/** A new customer, signed in on the page, with a delivery address at `place`; answers the token. */
async function shopper(page: Page, label: string, place: 'sydney' | 'perth'): Promise<string> {
  await registerCustomer(page, {
    email: makeEmail(label),
    password: 'delivery-choice-2000',
    firstName: 'Cho',
    lastName: 'Ice',
  });
  const token = await storedToken(page);
  const name = { firstName: 'Cho', lastName: 'Ice' };
  await (place === 'sydney' ? addSydneyAddress(token, name) : addPerthAddress(token, name));
  return token;
}

/** An in-stock product priced from $10 to $15: three of them reach a $30 minimum, one does not. */
async function tenToFifteenDollars(): Promise<Product> {
  const { data } = await callApi<{ list: Product[] }>('product/list?pageSize=50');
  const found = data.list.find((p) => p.available && p.stock >= 10 && p.price >= 1000 && p.price < 1500);
  if (!found) throw new Error('the demo catalogue needs a product from $10 to $15 in stock');
  return found;
}

/** The page as it settles: one <h1>, no serious axe finding, nothing past the right edge. */
async function checkPage(page: Page, name: string): Promise<void> {
  await waitForPageSettled(page);
  expect(await page.locator('h1').count(), `${name}: one <h1>`).toBe(1);
  expect(await findSeriousViolations(page), `${name}: axe`).toEqual([]);
  expect((await findSidewaysOverflow(page)).culprits, `${name}: sideways overflow`).toEqual([]);
}

const gapMessage = (gap: number, minimum: number) =>
  `Add ${aud.format(gap / 100)} more to reach the ${aud.format(minimum / 100)} minimum for delivery to 2000.`;

describe('one delivery choice', () => {
  it.each(WIDTHS)(
    'on a %s, the cart says the minimum until enough is added; checkout to Sydney offers windows with their prices, no express',
    async (width, viewport) => {
      await setZoneMinimum(store().baseURL, 'metro', 3000);
      const { context, page } = await openPage(browser(), viewport);
      try {
        const token = await shopper(page, `choice-window-${width}`, 'sydney');
        const product = await tenToFifteenDollars();
        await callApi('cart/add', {
          method: 'POST',
          token,
          body: { productID: product.productID, quantity: 1 },
        });

        await page.goto('/cart');
        const minimum = testId(page, 'cart-minimum');
        await expect.poll(() => minimum.textContent()).toBe(gapMessage(3000 - product.price, 3000));
        const checkout = testId(page, 'cart-checkout');
        expect(await checkout.isDisabled()).toBe(true);
        // The window is the delivery: one option in the cart, nothing to choose, no express.
        expect(await testId(page, 'cart-shipping-quote').textContent()).toContain(
          'You choose the window at checkout',
        );
        expect(await testId(page, 'cart-shipping-quote-express').count()).toBe(0);
        await checkPage(page, `cart-minimum-${width}`);
        await saveScreenshot(page, `delivery-choice-cart-minimum-${width}`);

        const more = page.getByRole('button', { name: `One more ${product.name}` });
        await more.click();
        await expect.poll(() => minimum.textContent()).toBe(gapMessage(3000 - 2 * product.price, 3000));
        await more.click();
        await expect.poll(() => minimum.count()).toBe(0);
        await expect.poll(() => checkout.isDisabled()).toBe(false);

        await checkout.click();
        await page.waitForURL('**/checkout');
        const delivery = page.locator('[data-testid="checkout-delivery"][data-delivery-mode="window"]');
        await delivery.waitFor();
        expect(await testId(page, 'checkout-service-express').count()).toBe(0);
        expect(await testId(page, 'checkout-service').isVisible()).toBe(false);
        const { data: quote } = await callApi<ShippingQuote>('shipping/calc-selected', { token });
        const base = quote.options[0]?.price ?? -1;
        expect(quote.options).toHaveLength(1);

        const picker = testId(page, 'window-picker');
        await picker.locator('.window-picker__days label').nth(1).click();
        const windows = picker.locator('.window-picker__window');
        expect(await windows.first().textContent()).toContain(` · ${aud.format(base / 100)}`);
        expect(await windows.filter({ hasText: 'Evening' }).first().textContent()).toContain(
          ` · Evening · ${aud.format((base + 300) / 100)}`,
        );
        expect(await delivery.textContent()).not.toContain('business day');
        await windows.first().click();
        await checkPage(page, `checkout-windows-${width}`);
        await saveScreenshot(page, `delivery-choice-checkout-windows-${width}`);
        await testId(page, 'checkout-place-order').click();
        await page.waitForURL(/\/checkout\/pay\/\d+$/);
      } finally {
        await context.close();
      }
    },
  );

  it.each(WIDTHS)(
    'on a %s, checkout to a courier address offers standard and express with their days, and no window',
    async (width, viewport) => {
      const { context, page } = await openPage(browser(), viewport);
      try {
        const token = await shopper(page, `choice-courier-${width}`, 'perth');
        const product = await tenToFifteenDollars();
        await callApi('cart/add', {
          method: 'POST',
          token,
          body: { productID: product.productID, quantity: 1 },
        });

        await page.goto('/checkout');
        await page.locator('[data-testid="checkout-delivery"][data-delivery-mode="courier"]').waitFor();
        expect(await testId(page, 'checkout-service').textContent()).toMatch(
          /^Standard delivery \(3–6 business days\) — \$[\d.]+Express delivery \(1–3 business days\) — \$[\d.]+$/,
        );
        await testId(page, 'windows-courier').waitFor();
        expect(await testId(page, 'window-picker').count()).toBe(0);
        const before = await testId(page, 'checkout-total').textContent();
        await testId(page, 'checkout-service-express').click();
        await expect.poll(() => testId(page, 'checkout-total').textContent()).not.toBe(before);
        await checkPage(page, `checkout-courier-${width}`);
        await saveScreenshot(page, `delivery-choice-checkout-courier-${width}`);
        await testId(page, 'checkout-place-order').click();
        await page.waitForURL(/\/checkout\/pay\/\d+$/);
      } finally {
        await context.close();
      }
    },
  );

  it.each(WIDTHS)(
    "on a %s, staff change the metro minimum order in the back office and the customer's cart follows",
    async (width, viewport) => {
      const shopperPage = await openPage(browser(), viewport);
      const staffPage = await openPage(browser(), viewport);
      try {
        const { page } = shopperPage;
        const token = await shopper(page, `choice-staff-${width}`, 'sydney');
        const product = await tenToFifteenDollars();
        await callApi('cart/add', {
          method: 'POST',
          token,
          body: { productID: product.productID, quantity: 1 },
        });
        await page.goto('/cart');
        await testId(page, 'cart-shipping-quote-standard').waitFor();
        expect(await testId(page, 'cart-minimum').count()).toBe(0);
        expect(await testId(page, 'cart-checkout').isDisabled()).toBe(false);

        const admin = staffPage.page;
        await admin.goto('/admin/login');
        await testId(admin, 'login-email').fill(OWNER.email);
        await testId(admin, 'login-password').fill(OWNER.password);
        await testId(admin, 'login-submit').click();
        await admin.waitForURL(/\/admin\/(?!login)/);
        await admin.goto('/admin/delivery');
        const shown = testId(admin, 'zone-minimum-metro');
        await expect.poll(() => shown.textContent()).toBe('No minimum order');
        await admin.getByRole('button', { name: 'Change the metro minimum order' }).click();
        const amount = testId(admin, 'zone-minimum-amount');
        await amount.fill('50');
        // Checked once the dialog has finished zooming in: mid-animation its text is still faint.
        await admin.locator('.ant-zoom-enter, .ant-zoom-appear').waitFor({ state: 'detached' });
        expect(await findSeriousViolations(admin), 'the minimum order form: axe').toEqual([]);
        await saveScreenshot(admin, `delivery-choice-admin-minimum-form-${width}`, { fullPage: false });
        await testId(admin, 'zone-minimum-save').click();
        await expect.poll(() => shown.textContent()).toBe('$50.00 minimum order');
        await testId(admin, 'zone-minimum-form').waitFor({ state: 'hidden' });
        await checkPage(admin, `admin-delivery-minimum-${width}`);
        await saveScreenshot(admin, `delivery-choice-admin-minimum-${width}`);

        await page.reload();
        await expect
          .poll(() => testId(page, 'cart-minimum').textContent())
          .toBe(gapMessage(5000 - product.price, 5000));
        expect(await testId(page, 'cart-checkout').isDisabled()).toBe(true);

        await admin.getByRole('button', { name: 'Change the metro minimum order' }).click();
        await amount.fill('0');
        await testId(admin, 'zone-minimum-save').click();
        await expect.poll(() => shown.textContent()).toBe('No minimum order');
        await page.reload();
        await testId(page, 'cart-shipping-quote-standard').waitFor();
        expect(await testId(page, 'cart-minimum').count()).toBe(0);
        expect(await testId(page, 'cart-checkout').isDisabled()).toBe(false);
      } finally {
        await shopperPage.context.close();
        await staffPage.context.close();
      }
    },
  );
});

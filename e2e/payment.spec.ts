import type { Product } from '@storefront/contract/catalog';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  makeEmail,
  openPage,
  PHONE,
  registerCustomer,
  saveScreenshot,
  storedToken,
  testId,
  toasts,
  useBrowser,
} from './support/browser';
import { pickDeliveryWindow, waitForDeliveryPrices } from './support/checkout';
import { addPerthAddress, addSydneyAddress, callApi } from './support/api';

const browser = useBrowser();

/**
 * A new customer with a Sydney address (Perth: by courier, standard or express, no window) and one product in stock;
 * answers the stored token.
 */
async function newCustomer(
  page: Page,
  label: string,
  place: 'sydney' | 'perth' = 'sydney',
): Promise<{ token: string; product: Product }> {
  await registerCustomer(page, {
    email: makeEmail(label),
    password: 'payment-pass-2000',
    firstName: 'Penny',
    lastName: 'Payer',
  });
  const token = await storedToken(page);
  const name = { firstName: 'Penny', lastName: 'Payer' };
  await (place === 'sydney' ? addSydneyAddress(token, name) : addPerthAddress(token, name));
  const { data: products } = await callApi<{ list: Product[] }>('product/list?category=pantry&pageSize=50');
  const product = products.list.find((p) => p.available && p.stock >= 10);
  if (!product) throw new Error('the demo catalogue needs a pantry product in stock');
  await callApi('cart/add', { method: 'POST', token, body: { productID: product.productID, quantity: 1 } });
  return { token, product };
}

/** Places the cart's order through the checkout; answers the order id of the payment page it lands on. */
async function placeOrder(page: Page): Promise<number> {
  await page.goto('/checkout');
  await waitForDeliveryPrices(page, 'window');
  await pickDeliveryWindow(page);
  await testId(page, 'checkout-place-order').click();
  await page.waitForURL(/\/checkout\/pay\/\d+$/);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

async function chooseDemoAndPay(page: Page): Promise<void> {
  await testId(page, 'payment-method-demo').click();
  await testId(page, 'payment-pay').click();
  await page.waitForURL(/\/payment\/demo\/approve\?ref=/);
  await testId(page, 'demo-amount').or(testId(page, 'demo-error')).waitFor();
  if (await testId(page, 'demo-error').isVisible()) {
    throw new Error(`demo payment did not load: ${await testId(page, 'demo-error').textContent()}`);
  }
}

async function expectPaid(page: Page, orderID: number): Promise<void> {
  await page.waitForURL(/\/checkout\/payment-return\?/);
  await expect.poll(() => testId(page, 'payment-return-page').getAttribute('data-outcome')).toBe('paid');
  expect(await testId(page, 'payment-return-title').textContent()).toBe('Payment received');
  expect(await testId(page, 'payment-return-summary').textContent()).toContain(`order SO-${orderID}`);
  expect(await page.title()).toContain('Payment received');
  await testId(page, 'payment-return-order').click();
  await page.waitForURL(`**/account/orders/${orderID}`);
  await expect.poll(() => testId(page, 'order-status').textContent()).toBe('Paid');
  expect(await testId(page, 'order-pay-now').count()).toBe(0);
}

describe('payment', () => {
  it('keeps the cart’s delivery option, pays with the demo provider and renews the token', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    // Express is a courier address's choice (Sydney's vans come in the window booked).
    await newCustomer(page, 'pay-approve', 'perth');

    await page.goto('/cart');
    await testId(page, 'cart-shipping-quote-choose-express').click();
    await expect
      .poll(() => testId(page, 'cart-shipping-quote-choose-express').locator('input').isChecked())
      .toBe(true);
    const cartTotal = await testId(page, 'cart-total').textContent();
    await page.goto('/checkout');
    await testId(page, 'checkout-service-express').waitFor();
    await expect.poll(() => testId(page, 'checkout-total').textContent()).toBe(cartTotal);
    expect(await testId(page, 'checkout-service-express').isChecked()).toBe(true);
    await testId(page, 'checkout-place-order').click();
    await page.waitForURL(/\/checkout\/pay\/\d+$/);
    const orderID = Number(new URL(page.url()).pathname.split('/').pop());
    await testId(page, 'payment-method-demo').waitFor();
    expect(await page.locator('h1').allTextContents()).toEqual(['How would you like to pay?']);
    // The page says the order is placed; no toast sits over the ways to pay.
    // It also says by when to pay, or the order is cancelled (UNPAID_ORDER_MINUTES, 30 by default).
    expect(await page.locator('main').textContent()).toMatch(
      new RegExp(
        `Order SO-${orderID} is placed and waits for payment: pay by .+ (am|pm) AE[SD]T, or it is cancelled\\.`,
      ),
    );
    await page.waitForTimeout(500);
    expect(await toasts(page).count()).toBe(0);
    expect(await testId(page, 'payment-methods').textContent()).toContain('Demo payment (no real money)');
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'payment-methods-phone');

    await chooseDemoAndPay(page);
    expect(await testId(page, 'demo-order').textContent()).toBe(`SO-${orderID}`);
    expect(await page.locator('h1').textContent()).toBe('Demo payment provider — no money moves');
    await saveScreenshot(page, 'payment-demo-approve-phone');

    const tokenBefore = await storedToken(page);
    await testId(page, 'demo-approve').click();
    await page.waitForURL(/\/checkout\/payment-return\?/);
    await expect.poll(() => testId(page, 'payment-return-page').getAttribute('data-outcome')).toBe('paid');
    await saveScreenshot(page, 'payment-confirmation-phone');
    expect(await storedToken(page)).not.toBe(tokenBefore);
    await expectPaid(page, orderID);
    await context.close();
  });

  it('on a phone, what is to pay and Place order stay at the foot of the checkout, held until it can be placed', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    try {
      await newCustomer(page, 'pay-bar');
      await page.goto('/checkout');
      await waitForDeliveryPrices(page, 'window');
      const place = testId(page, 'checkout-bar-place-order');
      const box = await place.boundingBox();
      expect(box && box.y + box.height <= PHONE.height).toBe(true);
      // A Sydney order needs a delivery window: the bar says so and waits.
      expect(await place.isDisabled()).toBe(true);
      expect(await testId(page, 'checkout-bar').textContent()).toContain('Choose a delivery window');
      await pickDeliveryWindow(page);
      await expect.poll(() => place.isDisabled()).toBe(false);
      expect(await testId(page, 'checkout-bar-amount-due').textContent()).toBe(
        await testId(page, 'checkout-total').textContent(),
      );
      await saveScreenshot(page, 'checkout-bar-phone');
      await place.click();
      await page.waitForURL(/\/checkout\/pay\/\d+$/);
    } finally {
      await context.close();
    }
  });

  it('on a wide screen the summary holds the only Place order button', async () => {
    const { context, page } = await openPage(browser());
    try {
      await newCustomer(page, 'pay-wide');
      await page.goto('/checkout');
      await testId(page, 'checkout-place-order').waitFor();
      expect(await testId(page, 'checkout-bar').isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('a declined payment offers to try again, and the retry pays', async () => {
    const { context, page } = await openPage(browser());
    await newCustomer(page, 'pay-decline');
    const orderID = await placeOrder(page);

    await chooseDemoAndPay(page);
    await testId(page, 'demo-decline').click();
    await page.waitForURL(/\/checkout\/payment-return\?/);
    await expect.poll(() => testId(page, 'payment-return-page').getAttribute('data-outcome')).toBe('failed');
    expect(await testId(page, 'payment-return-failure').textContent()).toContain('declined');
    await saveScreenshot(page, 'payment-declined-desktop');

    await testId(page, 'payment-return-retry').click();
    await page.waitForURL(`**/checkout/pay/${orderID}`);
    await chooseDemoAndPay(page);
    await testId(page, 'demo-approve').click();
    await expectPaid(page, orderID);
    await context.close();
  });

  it('a capture whose answer is lost asks to check again, which repeats the same capture and shows it paid', async () => {
    const { context, page } = await openPage(browser());
    await newCustomer(page, 'pay-lost-answer');
    const orderID = await placeOrder(page);
    await testId(page, 'payment-methods').waitFor();
    expect(await testId(page, 'payment-order').textContent()).toContain(
      `Order SO-${orderID} is placed and waits for payment: pay by `,
    );
    await chooseDemoAndPay(page);

    // The first capture reaches the server and is done there; the page only gets a 503 in place of its answer.
    const captureKeys: string[] = [];
    await page.route('**/api/v1/payment/demo/capture', async (route) => {
      captureKeys.push(route.request().headers()['idempotency-key'] ?? '');
      if (captureKeys.length > 1) return route.continue();
      await route.fetch();
      await route.fulfill({
        status: 503,
        json: { code: 100503, msg: 'The store is temporarily unavailable.', data: null },
      });
    });
    await testId(page, 'demo-approve').click();
    await page.waitForURL(/\/checkout\/payment-return\?/);
    await expect.poll(() => testId(page, 'payment-return-page').getAttribute('data-outcome')).toBe('failed');
    expect(await testId(page, 'payment-return-title').textContent()).toBe(
      'We could not confirm your payment yet',
    );
    expect(await testId(page, 'payment-return-failure').textContent()).toContain("Please don't pay again");
    expect(await testId(page, 'payment-return-retry').count()).toBe(0);
    await saveScreenshot(page, 'payment-unconfirmed-desktop');

    await testId(page, 'payment-return-check').click();
    await expectPaid(page, orderID);
    expect(captureKeys).toHaveLength(2);
    expect(captureKeys[0]).toMatch(/^capture-demo-/);
    expect(captureKeys[1]).toBe(captureKeys[0]);

    // The payment page of the paid order no longer says it waits for payment.
    await page.goto(`/checkout/pay/${orderID}`);
    await testId(page, 'payment-nothing-due').waitFor();
    const sentence = await testId(page, 'payment-order').textContent();
    expect(sentence).toContain(`Order SO-${orderID} has nothing left to pay.`);
    expect(sentence).not.toContain('waits for payment');
    await context.close();
  });

  it('an order left unpaid is paid later with "Pay now"', async () => {
    const { context, page } = await openPage(browser());
    await newCustomer(page, 'pay-later');
    const orderID = await placeOrder(page);

    await page.goto(`/account/orders/${orderID}`);
    await expect.poll(() => testId(page, 'order-status').textContent()).toBe('Awaiting payment');
    await testId(page, 'order-pay-now').click();
    await page.waitForURL(`**/checkout/pay/${orderID}`);
    await chooseDemoAndPay(page);
    await testId(page, 'demo-approve').click();
    await expectPaid(page, orderID);
    await context.close();
  });
});

import type { Product } from '@storefront/contract/catalog';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addPerthAddress, addSydneyAddress, callApi } from './support/api';
import { pickDeliveryWindow, waitForDeliveryPrices } from './support/checkout';
import {
  PHONE,
  makeEmail,
  openPage,
  registerCustomer,
  saveScreenshot,
  testId,
  useBrowser,
} from './support/browser';

const browser = useBrowser();

/** A new customer with a Sydney address and two pantry products in the cart; answers the stored token. */
async function shopper(page: Page, label: string): Promise<{ token: string; products: Product[] }> {
  await registerCustomer(page, {
    email: makeEmail(label),
    password: 'delivery-pass-2000',
    firstName: 'Dee',
    lastName: 'Livery',
  });
  const token = (await page.evaluate(() => localStorage.getItem('storefront.token'))) ?? '';
  await addSydneyAddress(token, { firstName: 'Dee', lastName: 'Livery' });
  const { data } = await callApi<{ list: Product[] }>('product/list?category=pantry&pageSize=50');
  const products = data.list.filter((p) => p.available && p.stock >= 10).slice(0, 2);
  for (const p of products) {
    await callApi('cart/add', { method: 'POST', token, body: { productID: p.productID, quantity: 2 } });
  }
  return { token, products };
}

describe('delivery windows and buy again', () => {
  it('a customer picks a window at checkout, pays, and moves the order to another window', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await shopper(page, 'window');
    await page.goto('/checkout');
    const picker = testId(page, 'window-picker');
    await picker.waitFor();
    // Placing the order waits for a window, and says so beside the button.
    expect(await testId(page, 'checkout-place-order').isDisabled()).toBe(true);
    expect(await testId(page, 'checkout-place-blocked').textContent()).toBe(
      'Choose a delivery window to place your order.',
    );

    const days = picker.locator('.window-picker__days label');
    expect(await days.count()).toBeGreaterThanOrEqual(6);
    await days.nth(2).click();
    const windows = picker.locator('.window-picker__window');
    expect(await windows.count()).toBe(7);
    const before = await testId(page, 'checkout-total').textContent();
    // The evening window costs $3.00 more, with the delivery.
    await windows.filter({ hasText: 'Evening' }).first().click();
    await expect.poll(() => testId(page, 'checkout-total').textContent()).not.toBe(before);
    await saveScreenshot(page, 'checkout-window-phone');
    await windows.first().click();
    await expect.poll(() => testId(page, 'checkout-total').textContent()).toBe(before);
    expect(await testId(page, 'checkout-place-blocked').count()).toBe(0);
    const chosen = (await windows.first().textContent()) ?? '';
    expect(chosen).toMatch(/^7:00 – 9:00\sam/);

    await testId(page, 'checkout-place-order').click();
    await page.waitForURL(/\/checkout\/pay\/\d+$/);
    const orderID = Number(new URL(page.url()).pathname.split('/').pop());
    await testId(page, 'payment-method-demo').click();
    await testId(page, 'payment-pay').click();
    await page.waitForURL(/\/payment\/demo\/approve\?ref=/);
    await testId(page, 'demo-approve').click();
    await page.waitForURL(/\/checkout\/payment-return\?/);
    await expect.poll(() => testId(page, 'payment-return-page').getAttribute('data-outcome')).toBe('paid');

    await page.goto(`/account/orders/${orderID}`);
    const summary = testId(page, 'order-window-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toMatch(/7:00 – 9:00\sam$/);
    await testId(page, 'order-window-change').click();
    const change = testId(page, 'order-window').locator('.window-picker__window');
    await change.nth(1).click();
    await saveScreenshot(page, 'order-window-change-phone');
    await testId(page, 'order-window-save').click();
    await expect.poll(() => summary.textContent()).toMatch(/9:00 – 11:00\sam$/);
    // Evening windows cost more: they are not offered for a move.
    await testId(page, 'order-window-change').click();
    expect(await change.filter({ hasText: 'Evening' }).count()).toBe(0);
    await context.close();
  });

  it('delivery prices that failed are asked again on Try again and when back online, and the order is placed', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await shopper(page, 'quote-retry');
    // The first price read is lost on the way.
    let reads = 0;
    await page.route('**/api/v1/shipping/calc-selected**', async (route) => {
      reads += 1;
      if (reads === 1) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await page.goto('/checkout');
    await testId(page, 'checkout-quote-error').waitFor();
    expect(await testId(page, 'checkout-place-order').isDisabled()).toBe(true);
    // Without the delivery charge, the total is not called the total to pay.
    expect(await testId(page, 'checkout-summary').textContent()).toContain('Total before delivery');
    await saveScreenshot(page, 'checkout-quote-failed-phone');
    await testId(page, 'checkout-quote-retry').click();
    await waitForDeliveryPrices(page, 'window');
    expect(await testId(page, 'checkout-quote-error').count()).toBe(0);
    expect(await testId(page, 'checkout-summary').textContent()).toContain('Total to pay');

    // Offline, placing the order fails and so does the price read after it; back online, the prices come back.
    await pickDeliveryWindow(page);
    await context.setOffline(true);
    await testId(page, 'checkout-place-order').click();
    await testId(page, 'checkout-quote-error').waitFor();
    await context.setOffline(false);
    await waitForDeliveryPrices(page, 'window');
    await expect.poll(() => testId(page, 'checkout-place-order').isDisabled()).toBe(false);
    await testId(page, 'checkout-place-order').click();
    await page.waitForURL(/\/checkout\/pay\/\d+$/);
    await context.close();
  });

  it("a window asked for at a Sydney address is not still asked for once a courier's address is picked", async () => {
    const { context, page } = await openPage(browser(), PHONE);
    const { token } = await shopper(page, 'courier-switch');
    await addPerthAddress(token, { firstName: 'Dee', lastName: 'Livery' });
    await page.goto('/checkout');
    await testId(page, 'window-picker').waitFor();
    const window = testId(page, 'checkout-window');
    // The checkout form's own submit (its buttons are held until a window is picked).
    await testId(page, 'checkout-delivery')
      .locator('xpath=ancestor::form')
      .evaluate((form) => (form as HTMLFormElement).requestSubmit());
    await window.getByText('Choose a delivery window.').waitFor();
    await page.locator('[data-testid^="checkout-address-"]', { hasText: 'Perth' }).click();
    await window.getByText('delivered by courier', { exact: false }).waitFor();
    await expect.poll(() => window.getByText('Choose a delivery window.').count()).toBe(0);
    await saveScreenshot(page, 'checkout-courier-after-window-phone');
    await context.close();
  });

  it('what was typed and chosen at checkout survives a reload and a detour to the cart, and is gone once ordered', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await shopper(page, 'checkout-draft');
    await page.goto('/checkout');
    const chosen = await pickDeliveryWindow(page);
    await testId(page, 'checkout-notes').fill('Gate code 4321');
    await testId(page, 'checkout-leave-unattended').check();

    await page.reload();
    await testId(page, 'window-picker').waitFor();
    await expect.poll(() => testId(page, 'checkout-notes').inputValue()).toBe('Gate code 4321');
    expect(await testId(page, 'checkout-leave-unattended').isChecked()).toBe(true);
    const picked = page.locator('.window-picker__window.ant-radio-wrapper-checked');
    await expect.poll(() => picked.textContent()).toBe(chosen);

    await page.getByRole('link', { name: 'Change in your cart' }).click();
    await testId(page, 'cart-checkout').click();
    await testId(page, 'window-picker').waitFor();
    await expect.poll(() => testId(page, 'checkout-notes').inputValue()).toBe('Gate code 4321');
    await expect.poll(() => picked.textContent()).toBe(chosen);

    await testId(page, 'checkout-place-order').click();
    await page.waitForURL(/\/checkout\/pay\/\d+$/);
    const token = (await page.evaluate(() => localStorage.getItem('storefront.token'))) ?? '';
    const { data } = await callApi<{ list: Product[] }>('product/list?category=pantry&pageSize=50');
    const product = data.list.find((p) => p.available && p.stock >= 10);
    await callApi('cart/add', {
      method: 'POST',
      token,
      body: { productID: product?.productID, quantity: 1 },
    });
    await page.goto('/checkout');
    await testId(page, 'window-picker').waitFor();
    expect(await testId(page, 'checkout-notes').inputValue()).toBe('');
    expect(await testId(page, 'checkout-leave-unattended').isChecked()).toBe(false);
    await context.close();
  });

  it('buy again from the orders list puts the order back in the cart', async () => {
    const { context, page } = await openPage(browser());
    const { token, products } = await shopper(page, 'again');
    const { data: windows } = await callApi<{ days: { windows: { windowID: number; isFull: boolean }[] }[] }>(
      `delivery/windows?addressID=${
        (await callApi<{ list: { addressID: number }[] }>('address/list', { token })).data.list[0]?.addressID
      }`,
      { token },
    );
    const windowID = windows.days[1]?.windows.find((w) => !w.isFull)?.windowID;
    const { data: order } = await callApi<{ orderID: number }>('order/create', {
      method: 'POST',
      token,
      body: {
        addressID: (await callApi<{ list: { addressID: number }[] }>('address/list', { token })).data.list[0]
          ?.addressID,
        shippingService: 'standard',
        useCredit: false,
        deliveryWindowID: windowID,
      },
    });

    await page.goto('/account/orders');
    await testId(page, `buy-again-${order.orderID}`).click();
    await page.waitForURL('**/cart');
    await page.getByText('Added 4 items to your cart.').waitFor();
    for (const p of products) await testId(page, `cart-line-${p.productID}`).waitFor();
    await saveScreenshot(page, 'buy-again-cart-desktop');
    await context.close();
  });
});

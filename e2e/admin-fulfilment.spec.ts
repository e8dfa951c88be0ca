import type { BrowserContext, Page } from 'playwright-core';
import type { Product } from '@storefront/contract/catalog';
import { afterAll, describe, expect, it } from 'vitest';
import { addSydneyAddress, callApi, registerByApi } from './support/api';
import { findSeriousViolations } from './support/axe';
import {
  DESKTOP,
  findSidewaysOverflow,
  openPage,
  PHONE,
  saveScreenshot,
  signIn as signInCustomer,
  testId,
  useBrowser,
  waitForPageSettled,
} from './support/browser';
import { waitForMail } from './support/mailbox';
import { store } from './support/store';

/**
 * An order's way through the shop, in Chromium: a customer orders and pays (by the API, with the demo provider); a
 * picker on a phone finds it on the pick list of its delivery day, starts picking and packs it, one line short and
 * one with a cheaper substitute, and sees what was refunded; the owner sends it out and marks it delivered; the
 * customer's order page and mailbox say so.
 */
const browser = useBrowser();
const PICKER = { email: 'picker@storefront.test', password: 'picker-pass-2000', name: 'Pat Picker' } as const;
const OWNER = { email: 'owner@storefront.test', password: 'owner-pass-2000' } as const;
const aud = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

async function signInStaff(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin/login');
  await testId(page, 'login-email').fill(email);
  await testId(page, 'login-password').fill(password);
  await testId(page, 'login-submit').click();
}

/** The page as it settles: one <h1>, no serious axe finding, nothing past the right edge; a picture. */
async function checkPage(page: Page, name: string): Promise<void> {
  await waitForPageSettled(page);
  expect(await page.locator('h1').count(), `${name}: one <h1>`).toBe(1);
  expect(await findSeriousViolations(page), `${name}: axe`).toEqual([]);
  expect((await findSidewaysOverflow(page)).culprits, `${name}: sideways overflow`).toEqual([]);
  const { width } = page.viewportSize() ?? DESKTOP;
  await saveScreenshot(page, `admin-${name}-${width}`);
}

type Shopper = { email: string; password: string; token: string };

/** Three products to order (two of each) and, for the second, a cheaper one to send instead. */
async function chooseProducts(): Promise<{ lines: Product[]; substitute: Product }> {
  const { data } = await callApi<{ list: Product[] }>('product/list?pageSize=50');
  const inStock = data.list.filter((p) => p.available && p.stock >= 10).sort((a, b) => b.price - a.price);
  const lines = inStock.slice(0, 3);
  const substitute = inStock.at(-1);
  const second = lines[1];
  if (lines.length < 3 || !substitute || !second || substitute.price >= second.price)
    throw new Error('the demo catalogue needs four products in stock at different prices');
  return { lines, substitute };
}

/** Orders two of each product for tomorrow's first delivery window with room, and pays with the demo provider. */
async function placePaidOrder(shopper: Shopper, lines: Product[]): Promise<{ orderID: number; day: string }> {
  const { token } = shopper;
  const addressID = await addSydneyAddress(token, { firstName: 'Fay', lastName: 'Fulfil' });
  for (const product of lines)
    await callApi('cart/add', { method: 'POST', token, body: { productID: product.productID, quantity: 2 } });
  const { data: windows } = await callApi<{
    days: { date: string; windows: { windowID: number; isFull: boolean }[] }[];
  }>(`delivery/windows?addressID=${addressID}`, { token });
  const day = windows.days[1];
  const deliveryWindowID = day?.windows.find((w) => !w.isFull)?.windowID;
  if (!day || !deliveryWindowID) throw new Error('no delivery window tomorrow');
  const { data: order } = await callApi<{ orderID: number }>('order/create', {
    method: 'POST',
    token,
    body: { addressID, shippingService: 'standard', useCredit: false, deliveryWindowID },
  });
  const { data: started } = await callApi<{ redirectUrl: string }>('payment/start', {
    method: 'POST',
    token,
    body: { orderID: order.orderID, provider: 'demo' },
  });
  const ref = new URL(started.redirectUrl, store().baseURL).searchParams.get('ref');
  if (!ref) throw new Error(`no ref in ${started.redirectUrl}`);
  await callApi('payment/demo/decide', { method: 'POST', token, body: { ref, decision: 'approve' } });
  await callApi('payment/demo/capture', { method: 'POST', token, body: { orderID: order.orderID, ref } });
  return { orderID: order.orderID, day: day.date };
}

describe('fulfilment in the back office', () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
  });

  it('a picker packs a paid order short and with a substitute on a phone; the owner delivers it', async () => {
    const shopper = await registerByApi('fulfil', { firstName: 'Fay', lastName: 'Fulfil' });
    const { lines, substitute } = await chooseProducts();
    const [short, swapped] = lines;
    if (!short || !swapped) throw new Error('three lines expected');
    const { orderID, day } = await placePaidOrder(shopper, lines);

    // The picker signs in on a phone and lands on the pick list; the order is on its delivery day's list.
    const { context: pickerContext, page: picker } = await openPage(browser(), PHONE);
    contexts.push(pickerContext);
    await signInStaff(picker, PICKER.email, PICKER.password);
    await picker.waitForURL('**/admin/pick-list');
    await testId(picker, 'pick-date').waitFor();
    await picker.goto(`/admin/pick-list?date=${day}`);
    const card = testId(picker, `pick-order-${orderID}`);
    await card.waitFor();
    for (const product of lines) await testId(picker, `pick-item-${product.productID}`).waitFor();
    await testId(picker, `pick-item-${short.productID}`).click();
    expect(await testId(picker, 'pick-progress').textContent()).toMatch(/^1 of \d+ picked$/);
    await checkPage(picker, 'pick-list');
    expect(await picker.title()).toBe('Pick list · Back office · Harbour Grocer');

    // Start picking opens the packing screen: one short, one sent as a cheaper product.
    await testId(picker, `pick-order-start-${orderID}`).click();
    await picker.waitForURL(`**/admin/pick-list/orders/${orderID}`);
    await testId(picker, 'pack-form').waitFor();
    await checkPage(picker, 'packing');
    await testId(picker, `pack-minus-${short.productID}`).click();
    await testId(picker, `pack-short-${short.productID}`).waitFor();
    await testId(picker, `pack-substitute-choose-${swapped.productID}`).click();
    await testId(picker, 'substitute-search').fill(substitute.sku);
    await testId(picker, 'substitute-search-submit').click();
    await testId(picker, `substitute-option-${substitute.productID}`).click();
    await testId(picker, `pack-substitute-${swapped.productID}`).waitFor();
    await picker.locator('.ant-modal-wrap').waitFor({ state: 'hidden' });
    await saveScreenshot(picker, 'admin-packing-changed-375');
    await testId(picker, 'pack-submit').click();
    await testId(picker, 'pack-done').waitFor();
    const refunded = short.price + 2 * (swapped.price - substitute.price);
    expect(await testId(picker, 'pack-refunded').textContent()).toContain(aud.format(refunded / 100));
    await checkPage(picker, 'packed');

    // The owner sends it out and marks it delivered, on the order's page.
    const { context: ownerContext, page: owner } = await openPage(browser(), DESKTOP);
    contexts.push(ownerContext);
    await signInStaff(owner, OWNER.email, OWNER.password);
    await owner.waitForURL('**/admin/dashboard');
    await owner.goto(`/admin/orders/${orderID}`);
    await testId(owner, 'order-dispatch').click();
    await testId(owner, 'order-dispatch-confirm').click();
    await owner.locator('[data-testid="order-status"][data-status="out_for_delivery"]').waitFor();
    await testId(owner, 'order-deliver').click();
    await testId(owner, 'order-deliver-confirm').click();
    await owner.locator('[data-testid="order-status"][data-status="delivered"]').waitFor();
    expect(await testId(owner, `order-line-packed-${short.productID}`).textContent()).toContain('1');
    expect(await testId(owner, `order-line-substitute-${swapped.productID}`).textContent()).toContain(
      substitute.name,
    );
    expect(await testId(owner, 'order-move-picking').textContent()).toContain(PICKER.name);
    expect(await testId(owner, 'order-refunds').textContent()).toContain(aud.format(refunded / 100));
    await owner.locator('.ant-popover').first().waitFor({ state: 'hidden' });
    await owner.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
    await checkPage(owner, 'order');

    // A later refund by the owner, in dollars, within what is left.
    await testId(owner, 'order-refund').click();
    await testId(owner, 'refund-amount').fill('1.50');
    await testId(owner, 'refund-reason').fill('Bruised apples');
    await testId(owner, 'refund-submit').click();
    await owner.locator('[data-testid="order-refunds"] li', { hasText: 'Bruised apples' }).waitFor();

    // The customer's order page shows it delivered; the mailbox has each step.
    const { context: shopContext, page: shop } = await openPage(browser(), DESKTOP);
    contexts.push(shopContext);
    await shop.goto('/login');
    await signInCustomer(shop, shopper.email, shopper.password);
    await shop.waitForURL((url) => !url.pathname.startsWith('/login'));
    await shop.goto(`/account/orders/${orderID}`);
    const timeline = testId(shop, 'order-timeline');
    await timeline.waitFor();
    expect(await timeline.textContent()).toContain('Delivered');
    await saveScreenshot(shop, 'admin-fulfilment-customer-order-1280');
    // The storefront's order page names no refund after packing (apps/web does not show `order.refunds` yet): the
    // packed mail says what came back.

    const packedMail = await waitForMail(shopper.email, `Order SO-${orderID} is packed`);
    expect(packedMail.text).toContain(`${aud.format(refunded / 100)} comes back to you`);
    expect(packedMail.text).toContain(`${substitute.name} instead of ${swapped.name}`);
    for (const subject of ['is on its way', 'is delivered'])
      await waitForMail(shopper.email, `Order SO-${orderID} ${subject}`);
    const refundMail = await waitForMail(shopper.email, `Order SO-${orderID}: we are giving back`);
    expect(refundMail.subject).toContain('$1.50');
  });
});

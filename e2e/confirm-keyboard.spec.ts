import type { Product } from '@storefront/contract/catalog';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addSydneyAddress, callApi } from './support/api';
import {
  PHONE,
  makeEmail,
  openPage,
  registerCustomer,
  saveScreenshot,
  testId,
  useBrowser,
} from './support/browser';
import { store } from './support/store';

const browser = useBrowser();

/** A new signed-in customer; answers the token the store keeps, for set-up through the API. */
async function newCustomer(page: Page, label: string): Promise<string> {
  await registerCustomer(page, {
    email: makeEmail(label),
    password: 'confirm-pass-2000',
    firstName: 'Kit',
    lastName: 'Keys',
  });
  const token = await page.evaluate(() => localStorage.getItem('storefront.token'));
  if (!token) throw new Error('no stored token');
  return token;
}

function focusedTestId(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
}

/** The text of the focused element when it is inside the confirmation found by `selector`, else null. */
function focusedTextInside(page: Page, selector: string): Promise<string | null> {
  return page.evaluate(
    (s) => (document.activeElement?.closest(s) ? (document.activeElement.textContent ?? '') : null),
    selector,
  );
}

/** Whether the focused element shows its focus ring, as the browser decides for a keyboard user. */
function isFocusVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement?.matches(':focus-visible') ?? false);
}

/** The data-testid of every element matching `selector`, in page order. */
function testIdsOf(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(
    (s) => [...document.querySelectorAll(s)].map((element) => element.getAttribute('data-testid') ?? ''),
    selector,
  );
}

/** Presses Tab from where focus is (the top of a page just opened) until the element is focused, as a keyboard user gets there. */
async function tabTo(page: Page, id: string): Promise<void> {
  for (let presses = 0; presses < 100; presses += 1) {
    await page.keyboard.press('Tab');
    if ((await focusedTestId(page)) === id) return;
  }
  throw new Error(`Tab never reached ${id}`);
}

describe('confirmations by keyboard', () => {
  it('removing a cart line asks with focus on Keep, and Escape or Keep gives focus back to the trash button', async () => {
    const { context, page } = await openPage(browser());
    const token = await newCustomer(page, 'confirm-cart');
    const { data: products } = await callApi<{ list: Product[] }>('product/list?category=pantry&pageSize=50');
    const product = products.list.find((p) => p.available && p.stock >= 5);
    if (!product) throw new Error('the demo catalogue needs a pantry product in stock');
    await callApi('cart/add', { method: 'POST', token, body: { productID: product.productID, quantity: 1 } });
    await page.goto('/cart');
    const trash = `cart-line-delete-${product.productID}`;
    await testId(page, trash).waitFor();

    await tabTo(page, trash);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedTextInside(page, '[role="dialog"]')).toBe('Keep');
    await page.keyboard.press('Escape');
    await expect.poll(() => focusedTestId(page)).toBe(trash);

    await page.keyboard.press('Enter');
    await expect.poll(() => focusedTextInside(page, '[role="dialog"]')).toBe('Keep');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedTestId(page)).toBe(trash);
    expect(await testId(page, `cart-line-${product.productID}`).count()).toBe(1);
    await context.close();
  });

  it('deleting an address asks with focus on Cancel, Escape gives focus back, and Tab then Enter deletes', async () => {
    const { context, page } = await openPage(browser());
    const token = await newCustomer(page, 'confirm-address');
    await addSydneyAddress(token, { firstName: 'Kit', lastName: 'Keys' });
    await page.goto('/account/addresses');
    const remove = await page
      .locator('[data-testid^="address-"][data-testid$="-delete"]')
      .getAttribute('data-testid');
    if (!remove) throw new Error('the address has no Delete button');

    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedTextInside(page, '.ant-popconfirm')).toBe('Cancel');
    await page.keyboard.press('Escape');
    await expect.poll(() => focusedTestId(page)).toBe(remove);
    await page.locator('.ant-popconfirm').waitFor({ state: 'hidden' });

    // Opened again, the pop-up is already in the page: focus must still move into it.
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedTextInside(page, '.ant-popconfirm')).toBe('Cancel');
    await page.keyboard.press('Tab');
    expect(await focusedTestId(page)).toBe(`${remove}-confirm`);
    await page.keyboard.press('Enter');
    await page.getByText('Address deleted.').waitFor();
    await testId(page, 'addresses-empty').waitFor();
    await expect.poll(() => focusedTestId(page)).toBe('address-add');
    await context.close();
  });

  it("after removing a cart line by keyboard, focus lands on the next line's trash button, then on Start shopping", async () => {
    const { context, page } = await openPage(browser());
    const token = await newCustomer(page, 'confirm-cart-next');
    const { data: products } = await callApi<{ list: Product[] }>('product/list?category=pantry&pageSize=50');
    const inStock = products.list.filter((p) => p.available && p.stock >= 5).slice(0, 2);
    if (inStock.length < 2) throw new Error('the demo catalogue needs two pantry products in stock');
    for (const product of inStock) {
      await callApi('cart/add', {
        method: 'POST',
        token,
        body: { productID: product.productID, quantity: 1 },
      });
    }
    await page.goto('/cart');
    await testId(page, `cart-line-delete-${inStock[1]?.productID}`).waitFor();
    const [first, second] = await testIdsOf(page, '[data-testid^="cart-line-delete-"]');
    if (!first || !second) throw new Error('the cart shows fewer than two lines');

    await tabTo(page, first);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedTextInside(page, '[role="dialog"]')).toBe('Keep');
    await page.keyboard.press('Tab');
    expect(await focusedTestId(page)).toBe('cart-delete-confirm');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedTestId(page)).toBe(second);
    expect(await testId(page, first).count()).toBe(0);
    expect(await isFocusVisible(page)).toBe(true);
    await saveScreenshot(page, 'confirm-cart-focus-after-removal-desktop');
    await page.setViewportSize(PHONE);
    await saveScreenshot(page, 'confirm-cart-focus-after-removal-phone');

    await page.keyboard.press('Enter');
    await expect.poll(() => focusedTextInside(page, '[role="dialog"]')).toBe('Keep');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await testId(page, 'cart-empty').waitFor();
    await expect.poll(() => focusedTestId(page)).toBe('cart-empty-shop');
    expect(await isFocusVisible(page)).toBe(true);
    await saveScreenshot(page, 'confirm-cart-empty-focus-phone');
    await context.close();
  });

  it('after deleting an address by keyboard, focus lands on the Delete button before it, and back on its own when deleting fails', async () => {
    const { context, page } = await openPage(browser());
    const token = await newCustomer(page, 'confirm-address-next');
    await addSydneyAddress(token, { firstName: 'Kit', lastName: 'Keys' });
    await addSydneyAddress(token, { firstName: 'Lee', lastName: 'Keys' });
    await page.goto('/account/addresses');
    const deleteButtons = '[data-testid^="address-"][data-testid$="-delete"]';
    await expect.poll(() => testIdsOf(page, deleteButtons).then((ids) => ids.length)).toBe(2);
    const [first, last] = await testIdsOf(page, deleteButtons);
    if (!first || !last) throw new Error('the page shows fewer than two addresses');

    await tabTo(page, last);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedTextInside(page, '.ant-popconfirm')).toBe('Cancel');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText('Address deleted.').waitFor();
    await expect.poll(() => focusedTestId(page)).toBe(first);
    expect(await testId(page, last).count()).toBe(0);
    expect(await isFocusVisible(page)).toBe(true);
    await saveScreenshot(page, 'confirm-address-focus-after-delete-desktop');

    // Deleted in another tab meanwhile: this page's deletion is refused and the card stays.
    const firstID = first.replace(/^address-(\d+)-delete$/, '$1');
    const deleted = await fetch(`${store().baseURL}/api/v1/address/${firstID}`, {
      method: 'DELETE',
      // The store keeps the token as it is sent: `Bearer <token>`.
      headers: { Authorization: token },
    });
    expect(deleted.status, await deleted.text()).toBe(200);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedTextInside(page, '.ant-popconfirm')).toBe('Cancel');
    await page.keyboard.press('Tab');
    const refused = page.waitForResponse(
      (res) => res.request().method() === 'DELETE' && res.url().endsWith(`/address/${firstID}`),
    );
    await page.keyboard.press('Enter');
    await refused;
    await expect.poll(() => focusedTestId(page)).toBe(first);
    expect(await testId(page, `address-${firstID}`).count()).toBe(1);
    await context.close();
  });
});

import type { Product } from '@storefront/contract/catalog';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi } from './support/api';
import { findSeriousViolations } from './support/axe';
import {
  DESKTOP,
  makeEmail,
  openPage,
  PHONE,
  registerCustomer,
  saveScreenshot,
  storedToken,
  testId,
  useBrowser,
} from './support/browser';

const browser = useBrowser();

async function newCustomerWithCart(page: Page): Promise<Product> {
  await registerCustomer(page, {
    email: makeEmail('cart-phone'),
    password: 'cart-phone-pass-1',
    firstName: 'Quinn',
    lastName: 'Tally',
  });
  const token = await storedToken(page);
  const { data: products } = await callApi<{ list: Product[] }>('product/list?category=pantry&pageSize=50');
  const product = products.list.find((p) => p.available && p.stock >= 5 && p.stock < 999);
  if (!product) throw new Error('the demo catalogue needs a pantry product in stock');
  await callApi('cart/add', { method: 'POST', token, body: { productID: product.productID, quantity: 1 } });
  return product;
}

/** A pantry product in stock other than `first`. */
async function anotherPantryProduct(first: Product): Promise<Product> {
  const { data: products } = await callApi<{ list: Product[] }>('product/list?category=pantry&pageSize=50');
  const other = products.list.find((p) => p.available && p.stock >= 5 && p.productID !== first.productID);
  if (!other) throw new Error('the demo catalogue needs two pantry products in stock');
  return other;
}

describe('the cart on a phone', () => {
  it('the total and the checkout button stay on screen at the foot of a long cart', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await newCustomerWithCart(page);
    await page.goto('/cart');
    const checkout = testId(page, 'cart-checkout');
    await checkout.waitFor();
    const box = await checkout.boundingBox();
    if (!box) throw new Error('the checkout button has no box');
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(await testId(page, 'cart-checkout-bar-total').textContent()).toMatch(/\$\d+\.\d\d/);
    await saveScreenshot(page, 'cart-sticky-phone');
    await context.close();
  });

  it("a line's tick boxes are 44 px targets: a tap beside the small box still ticks it", async () => {
    const { context, page } = await openPage(browser(), PHONE);
    const product = await newCustomerWithCart(page);
    const token = await storedToken(page);
    await callApi('cart/select-all', { method: 'PUT', token, body: { selected: false } });
    await page.goto('/cart');
    const id = product.productID;
    const select = testId(page, `cart-line-select-${id}`);
    await select.waitFor();
    const target = await testId(page, `cart-line-select-${id}-target`).boundingBox();
    const box = await select.boundingBox();
    if (!target || !box) throw new Error('the select box has no box');
    expect(target.width).toBeGreaterThanOrEqual(44);
    expect(target.height).toBeGreaterThanOrEqual(44);
    // A finger landing near the target's corner, well outside the 16 px box.
    expect(target.x + 4).toBeLessThan(box.x - 8);
    await page.mouse.click(target.x + 4, target.y + 4);
    await expect.poll(() => select.isChecked()).toBe(true);

    const selectAll = await testId(page, 'cart-select-all').locator('xpath=..').boundingBox();
    expect(selectAll?.height).toBeGreaterThanOrEqual(44);

    const substitute = testId(page, `cart-line-substitute-${id}`);
    const label = await substitute.locator('xpath=..').boundingBox();
    if (!label) throw new Error('the substitute box has no label');
    expect(label.height).toBeGreaterThanOrEqual(44);
    const wasAllowed = await substitute.isChecked();
    await page.mouse.click(label.x + label.width - 4, label.y + 3);
    await expect.poll(() => substitute.isChecked()).toBe(!wasAllowed);
    await saveScreenshot(page, 'cart-tick-targets-phone');

    // Removing asks first; its two answers are finger-sized too.
    await page.getByRole('button', { name: `Remove ${product.name}` }).click();
    const question = page.getByRole('dialog', { name: 'Remove this item?' });
    for (const answer of ['Keep', 'Remove']) {
      const box = await question.getByRole('button', { name: answer, exact: true }).boundingBox();
      expect(box?.height, answer).toBeGreaterThanOrEqual(44);
    }
    await context.close();
  });

  it('a quantity it cannot take is never dropped silently', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    const product = await newCustomerWithCart(page);
    await page.goto('/cart');
    const id = product.productID;
    const quantity = testId(page, `cart-line-quantity-${id}`);
    const hint = testId(page, `cart-line-quantity-${id}-hint`);
    await quantity.waitFor();

    await quantity.fill('999');
    await quantity.press('Enter');
    await expect.poll(() => hint.textContent()).toMatch(/set to \d+/);
    const capped = (await hint.textContent())?.match(/set to (\d+)/)?.[1];
    await expect.poll(() => quantity.inputValue()).toBe(capped);

    await quantity.fill('0');
    await quantity.press('Enter');
    await expect.poll(() => hint.textContent()).toContain('use Remove');
    expect(await quantity.inputValue()).toBe(capped);

    await quantity.fill('');
    await quantity.press('Enter');
    await expect.poll(() => hint.textContent()).toContain('Enter a quantity from 1 to');
    expect(await quantity.inputValue()).toBe(capped);
    await saveScreenshot(page, 'cart-quantity-hint-phone');
    await context.close();
  });
});

describe('lines ticked in quick succession', () => {
  it('the cart ends as the server holds it, even when the answers come back in the other order', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    const first = await newCustomerWithCart(page);
    const token = await storedToken(page);
    const second = await anotherPantryProduct(first);
    await callApi('cart/add', { method: 'POST', token, body: { productID: second.productID, quantity: 2 } });
    await callApi('cart/select-all', { method: 'PUT', token, body: { selected: false } });

    // The first tick's answer (listed before the second tick was written) reaches the page after the second's.
    let updates = 0;
    let firstWritten = false;
    await page.route('**/api/v1/cart/update', async (route) => {
      updates += 1;
      const isFirst = updates === 1;
      const response = await route.fetch();
      if (isFirst) {
        firstWritten = true;
        await new Promise((resolve) => setTimeout(resolve, 1_500));
      }
      await route.fulfill({ response });
    });
    await page.goto('/cart');
    const tickFirst = testId(page, `cart-line-select-${first.productID}`);
    const tickSecond = testId(page, `cart-line-select-${second.productID}`);
    await tickFirst.waitFor();
    const answers: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/v1/cart/update')) answers.push('update');
      if (r.url().includes('/api/v1/cart/list')) answers.push('list');
    });
    await tickFirst.click();
    await expect.poll(() => firstWritten).toBe(true);
    await tickSecond.click();

    // Both answers in, then the cart read once more after them (the page may have read it before: not counted).
    const afterBoth = () => {
      const last = answers.lastIndexOf('update');
      return answers.filter((a) => a === 'update').length === 2 && answers.indexOf('list', last) > last;
    };
    await expect.poll(afterBoth).toBe(true);
    await expect.poll(() => tickFirst.isChecked()).toBe(true);
    await expect.poll(() => tickSecond.isChecked()).toBe(true);
    await expect.poll(() => testId(page, 'cart-summary').textContent()).toContain('Subtotal (3 items)');
    await saveScreenshot(page, 'cart-ticked-quickly-phone');
    await context.close();
  });
});

describe('adding from the shop', () => {
  it('the cart then shows the added product, never its lines from before the add', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    const first = await newCustomerWithCart(page);
    const second = await anotherPantryProduct(first);
    await page.goto('/shop?category=pantry');
    await expect.poll(() => testId(page, 'cart-button').getAttribute('aria-label')).toBe('Cart, 1 item');

    await testId(page, `product-add-${second.productID}`).click();
    await page.getByText(`${second.name} added to your cart.`).waitFor();
    await expect.poll(() => testId(page, 'cart-button').getAttribute('aria-label')).toBe('Cart, 2 items');

    // The cart read after the add is held back: meanwhile the page must not show the one line it held before.
    let releaseRead: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (releaseRead = resolve));
    await page.route('**/api/v1/cart/list', async (route) => {
      const response = await route.fetch();
      await released;
      await route.fulfill({ response });
    });
    await testId(page, 'cart-button').click();
    await page.waitForURL('**/cart');
    await testId(page, 'cart-loading').waitFor();
    expect(await testId(page, `cart-line-${first.productID}`).count()).toBe(0);
    await saveScreenshot(page, 'cart-read-after-add-phone');
    releaseRead();
    await testId(page, `cart-line-${second.productID}`).waitFor();
    await testId(page, `cart-line-${first.productID}`).waitFor();
    await expect.poll(() => testId(page, 'cart-summary').textContent()).toContain('Subtotal (2 items)');

    // A read that gets no answer (back on the window) leaves the lines on screen, not the skeleton.
    await page.unroute('**/api/v1/cart/list');
    await page.route('**/api/v1/cart/list', (route) => route.abort());
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.getByText('Please check your network connection and try again.').waitFor();
    expect(await testId(page, 'cart-loading').count()).toBe(0);
    expect(await testId(page, `cart-line-${second.productID}`).isVisible()).toBe(true);
    await saveScreenshot(page, 'cart-read-failed-phone');
    await context.close();
  });
});

describe('at the keyboard', () => {
  it('"One more" keeps the focus while each step is sent, so pressing it again adds again', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    const product = await newCustomerWithCart(page);
    await page.goto('/cart');
    const id = product.productID;
    const quantity = testId(page, `cart-line-quantity-${id}`);
    await quantity.waitFor();
    const more = testId(page, `cart-line-${id}`).getByRole('button', { name: 'One more' });
    await more.focus();
    for (const expected of ['2', '3']) {
      await page.keyboard.press('Enter');
      await expect.poll(() => quantity.inputValue()).toBe(expected);
      await expect.poll(() => more.getAttribute('aria-disabled')).toBe('false');
      expect(await more.evaluate((button) => button === document.activeElement)).toBe(true);
    }
    await context.close();
  });
});

describe('checkout with an empty cart', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`says the cart is empty and leads to the shop (${label})`, async () => {
      const { context, page } = await openPage(browser(), viewport);
      await registerCustomer(page, {
        email: makeEmail('empty-checkout'),
        password: 'empty-checkout-pass-1',
        firstName: 'Ellis',
        lastName: 'Vacant',
      });
      await page.goto('/checkout');
      await expect.poll(() => testId(page, 'checkout-empty').textContent()).toContain('Your cart is empty');
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.title()).toContain('Checkout');
      expect(await findSeriousViolations(page)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, `checkout-empty-${label}`);
      await testId(page, 'checkout-start-shopping').click();
      await page.waitForURL('**/shop');
      await context.close();
    });
  }
});

import type { Product } from '@storefront/contract/catalog';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addPerthAddress, callApi } from './support/api';
import {
  DEMO,
  DESKTOP,
  makeEmail,
  openPage,
  PHONE,
  registerCustomer,
  saveScreenshot,
  signIn,
  storedToken,
  testId,
  useBrowser,
} from './support/browser';

const browser = useBrowser();

/** A pantry product in stock, with few enough that its most per line is its stock. */
async function pantryProduct(): Promise<Product> {
  const { data } = await callApi<{ list: Product[] }>('product/list?category=pantry&pageSize=50');
  const product = data.list.find((p) => p.available && p.stock >= 3 && p.stock < 99);
  if (!product) throw new Error('the demo catalogue needs a pantry product with 3 to 98 in stock');
  return product;
}

function hasFocus(control: Locator): Promise<boolean> {
  return control.evaluate((element) => element === document.activeElement);
}

describe('the quantity at the keyboard', () => {
  it("a line's most, typed and left with Tab, leaves the focus on One more, which says it can go no higher", async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await registerCustomer(page, {
      email: makeEmail('cart-keys'),
      password: 'cart-keys-pass-1',
      firstName: 'Tab',
      lastName: 'Keys',
    });
    const product = await pantryProduct();
    const id = product.productID;
    await callApi('cart/add', {
      method: 'POST',
      token: await storedToken(page),
      body: { productID: id, quantity: 1 },
    });
    await page.goto('/cart');
    const quantity = testId(page, `cart-line-quantity-${id}`);
    await quantity.waitFor();
    const more = testId(page, `cart-line-${id}`).getByRole('button', { name: 'One more' });

    await quantity.fill(String(product.stock));
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/cart/update'));
    await quantity.press('Tab');
    expect((await answered).ok()).toBe(true);
    // The line at its most: the button is spent, however it says so.
    await expect
      .poll(() =>
        more.evaluate((b: HTMLButtonElement) => b.disabled || b.getAttribute('aria-disabled') === 'true'),
      )
      .toBe(true);
    expect(await quantity.inputValue()).toBe(String(product.stock));
    expect(await hasFocus(more)).toBe(true);
    expect(await more.getAttribute('aria-disabled')).toBe('true');

    // Pressed there it adds nothing, and Tab goes on to the line's next control.
    let updates = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/cart/update')) updates += 1;
    });
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await hasFocus(testId(page, `cart-line-delete-${id}`))).toBe(true);
    expect(updates).toBe(0);
    expect(await quantity.inputValue()).toBe(String(product.stock));
    await context.close();
  });

  it("the product page's One more keeps the focus when its step reaches the most that can be bought", async () => {
    const { context, page } = await openPage(browser(), DESKTOP);
    const product = await pantryProduct();
    await page.goto(`/product/${product.productID}`);
    const quantity = testId(page, 'product-quantity');
    await quantity.waitFor();
    const more = testId(page, 'product-page').getByRole('button', { name: 'One more' });

    await quantity.fill(String(product.stock - 1));
    await quantity.press('Tab');
    expect(await hasFocus(more)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => quantity.inputValue()).toBe(String(product.stock));
    expect(await hasFocus(more)).toBe(true);
    expect(await more.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Enter');
    expect(await quantity.inputValue()).toBe(String(product.stock));
    await context.close();
  });
});

/**
 * Signs the demo customer in (FREESHIP is theirs), with a product in the cart shipping to a Perth address (by
 * courier: standard or express; Sydney's vans come in a booked window, with no express) and FREESHIP applied.
 */
async function demoWithFreeship(page: Page): Promise<() => Promise<void>> {
  await page.goto('/login');
  await signIn(page, DEMO.email, DEMO.password);
  await page.waitForFunction(() => localStorage.getItem('storefront.token') !== null);
  const token = await storedToken(page);
  const product = await pantryProduct();
  await callApi('cart/add', { method: 'POST', token, body: { productID: product.productID, quantity: 1 } });
  const perth = await addPerthAddress(token, { firstName: 'Dana', lastName: 'Demo' });
  await callApi('address/change', { method: 'POST', token, body: { addressID: perth } });
  // The demo customer's cart is shared with other journeys: the caller takes off what this put on (the cart goes
  // back to the default address with the Perth one).
  const cleanUp = async () => {
    await callApi('cart/apply-discount', { method: 'POST', token, body: { code: null } });
    await callApi('cart/delete', { method: 'DELETE', token, body: { productIDs: [product.productID] } });
    await callApi(`address/${perth}`, { method: 'DELETE', token });
  };
  await page.goto('/cart');
  await testId(page, 'cart-discount-input').fill('FREESHIP');
  await testId(page, 'cart-discount-apply').click();
  await expect.poll(() => testId(page, 'cart-coupon-code').textContent()).toBe('FREESHIP');
  return cleanUp;
}

const NOT_WITH_EXPRESS =
  'Free standard delivery — not used with Express. It stays in your cart for another order.';

describe('a free-delivery coupon with express delivery', () => {
  it('the cart shows FREESHIP applied with standard delivery, and not used with Express', async () => {
    const { context, page } = await openPage(browser(), DESKTOP);
    const cleanUp = await demoWithFreeship(page);
    try {
      const code = testId(page, 'cart-coupon-code');
      await testId(page, 'cart-shipping-quote-choose-standard').click();
      await expect.poll(() => testId(page, 'cart-shipping-amount').textContent()).toBe('Free');
      expect(await code.getAttribute('class')).toBe('tag tag--green');
      expect(await testId(page, 'cart-coupon-unused').count()).toBe(0);

      await testId(page, 'cart-shipping-quote-choose-express').click();
      await expect.poll(() => testId(page, 'cart-coupon-unused').count()).toBe(1);
      expect(await testId(page, 'cart-coupon-unused').textContent()).toBe(NOT_WITH_EXPRESS);
      expect(await code.getAttribute('class')).not.toContain('tag--green');
      await saveScreenshot(page, 'cart-coupon-express-desktop');
      // Back to standard for the next journey that opens this customer's cart.
      await testId(page, 'cart-shipping-quote-choose-standard').click();
      await expect.poll(() => testId(page, 'cart-coupon-unused').count()).toBe(0);
    } finally {
      await cleanUp();
      await context.close();
    }
  });

  it('checkout says FREESHIP is not used once Express is chosen, and nothing more with Standard', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    const cleanUp = await demoWithFreeship(page);
    try {
      await testId(page, 'cart-shipping-quote-choose-standard').click();
      await expect.poll(() => testId(page, 'cart-shipping-amount').textContent()).toBe('Free');
      await page.goto('/checkout');
      await testId(page, 'checkout-service-express').waitFor();
      expect(await testId(page, 'checkout-coupon-unused').count()).toBe(0);
      await testId(page, 'checkout-service-express').click();
      await expect.poll(() => testId(page, 'checkout-coupon-unused').count()).toBe(1);
      expect(await testId(page, 'checkout-coupon-unused').textContent()).toBe(
        `FREESHIP: ${NOT_WITH_EXPRESS}`,
      );
      await testId(page, 'checkout-coupon-unused').scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'checkout-coupon-express-phone');
      await testId(page, 'checkout-service-standard').click();
      await expect.poll(() => testId(page, 'checkout-coupon-unused').count()).toBe(0);
    } finally {
      await cleanUp();
      await context.close();
    }
  });
});

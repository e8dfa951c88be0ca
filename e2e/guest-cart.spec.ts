import type { Product } from '@storefront/contract/catalog';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi } from './support/api';
import {
  DESKTOP,
  PHONE,
  findSidewaysOverflow,
  makeEmail,
  openPage,
  saveScreenshot,
  signIn,
  testId,
  useBrowser,
} from './support/browser';
import { pickSuburb } from './support/suburb';

const browser = useBrowser();

async function createCustomer(label: string, home?: { postCode: string; suburb: string }) {
  const email = makeEmail(label);
  const password = `${label}-pass-2000`;
  const { headers } = await callApi('register', {
    method: 'POST',
    body: { email, password, firstName: 'Gus', lastName: 'Guest', ...home },
  });
  return { email, password, token: (headers.get('authorization') ?? '').replace(/^Bearer\s+/i, '') };
}

async function productsInStock(): Promise<[Product, Product]> {
  const { data } = await callApi<{ list: Product[] }>('product/list?category=fruit-veg&pageSize=50');
  const [first, second] = data.list.filter((p) => p.available && p.stock >= 20);
  if (!first || !second) throw new Error('the demo catalogue needs two fruit-veg products in stock');
  return [first, second];
}

async function addAsGuest(page: Page, product: Product, times = 1) {
  for (let i = 0; i < times; i += 1) {
    await testId(page, `product-add-${product.productID}`).click();
    await page.getByText(`${product.name} added. Sign in or create an account`).first().waitFor();
  }
  expect(page.url()).toContain('/shop');
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const quantityOf = (page: Page, product: Product) =>
  testId(page, `cart-line-quantity-${product.productID}`).inputValue();

describe('a guest cart', () => {
  it('goes into the account’s cart on sign-in, on top of what was there, with a word about it', async () => {
    const [first, second] = await productsInStock();
    const customer = await createCustomer('guest-signin');
    await callApi('cart/add', {
      method: 'POST',
      token: customer.token,
      body: { productID: first.productID, quantity: 1 },
    });

    const { context, page } = await openPage(browser(), DESKTOP);
    await page.goto('/shop?category=fruit-veg');
    await addAsGuest(page, first, 2);
    await addAsGuest(page, second);
    // The header counts what this browser holds, and a reload keeps it.
    await expect.poll(() => testId(page, 'cart-count').textContent()).toBe('3');
    await page.reload();
    await expect.poll(() => testId(page, 'cart-count').textContent()).toBe('3');

    await page.goto(`/login?redirect=${encodeURIComponent('/cart')}`);
    await signIn(page, customer.email, customer.password);
    await page.waitForURL('**/cart');
    await page.getByText('We moved 3 items you added before signing in into your cart.').waitFor();
    await expect.poll(() => testId(page, 'cart-count').textContent()).toBe('4');
    await testId(page, `cart-line-${second.productID}`).waitFor();
    expect(await quantityOf(page, first)).toBe('3');
    expect(await quantityOf(page, second)).toBe('1');
    expect(await page.evaluate(() => localStorage.getItem('storefront.guestCart'))).toBeNull();
    await saveScreenshot(page, 'guest-cart-merged-desktop');

    await page.reload();
    await testId(page, `cart-line-${second.productID}`).waitFor();
    expect(await quantityOf(page, first)).toBe('3');
    await context.close();
  });

  it('goes into the new account’s cart on registration, which asks for the home suburb and prices to it', async () => {
    const [first] = await productsInStock();
    const email = makeEmail('guest-register');
    const { context, page } = await openPage(browser(), PHONE);
    await page.goto('/shop?category=fruit-veg');
    await addAsGuest(page, first);

    await page.goto(`/register?redirect=${encodeURIComponent('/cart')}`);
    await page.getByText('Leave it empty and we use Sydney NSW 2000 until you set it').waitFor();
    await testId(page, 'register-first-name').fill('Pat');
    await testId(page, 'register-last-name').fill('Perth');
    await testId(page, 'register-email').fill(email);
    await testId(page, 'register-password').fill('perth-pass-6000');
    await testId(page, 'register-confirm-password').fill('perth-pass-6000');
    await testId(page, 'register-suburb-input').fill('6000');
    await pickSuburb(page, 'register-suburb', /Perth WA 6000/);
    await saveScreenshot(page, 'guest-cart-register-phone');
    await testId(page, 'register-submit').click();

    await page.waitForURL('**/cart');
    await page.getByText('We moved 1 item you added before signing in into your cart.').waitFor();
    expect(await quantityOf(page, first)).toBe('1');
    await testId(page, 'cart-shipping-quote-destination').waitFor();
    expect(await testId(page, 'cart-shipping-quote-destination').textContent()).toContain('WA 6000');
    expect(await testId(page, 'cart-address-none').textContent()).toContain('Perth 6000');
    await saveScreenshot(page, 'guest-cart-registered-phone');
    await context.close();
  });

  it('says Sydney 2000 is the default where delivery prices depend on it, for every viewport', async () => {
    const [first] = await productsInStock();
    const customer = await createCustomer('default-suburb');
    await callApi('cart/add', {
      method: 'POST',
      token: customer.token,
      body: { productID: first.productID, quantity: 1 },
    });
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { context, page } = await openPage(browser(), viewport);
      await page.goto(`/login?redirect=${encodeURIComponent('/cart')}`);
      await signIn(page, customer.email, customer.password);
      await page.waitForURL('**/cart');
      await testId(page, 'cart-shipping-quote-destination').waitFor();
      expect(await testId(page, 'cart-address-none').textContent()).toContain(
        'Sydney 2000, the default until you set your home suburb',
      );
      await saveScreenshot(page, `cart-default-suburb-${name}`);
      await context.close();
    }
  });

  it('opens signed out from the header, to change and total, and sign-in checks it out', async () => {
    const [first, second] = await productsInStock();
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const customer = await createCustomer(`guest-trolley-${name}`);
      const { context, page } = await openPage(browser(), viewport);
      await page.goto('/shop?category=fruit-veg');
      await addAsGuest(page, first);
      await addAsGuest(page, second);
      await expect.poll(() => testId(page, 'cart-count').textContent()).toBe('2');

      // The header's cart opens the trolley kept in this browser, not sign-in.
      await testId(page, 'cart-button').click();
      await page.waitForURL('**/cart');
      await testId(page, `cart-line-${second.productID}`).waitFor();
      expect(await testId(page, `cart-line-total-${first.productID}`).textContent()).toBe(money(first.price));
      expect(await testId(page, 'cart-subtotal').textContent()).toBe(money(first.price + second.price));
      expect(await testId(page, 'header-login').count()).toBe(1);

      await page.getByRole('button', { name: `One more ${first.name}` }).click();
      await expect.poll(() => quantityOf(page, first)).toBe('2');
      await expect
        .poll(() => testId(page, 'cart-quantity-status').textContent())
        .toBe(`${first.name}: 2 in your cart.`);
      await testId(page, `cart-line-delete-${second.productID}`).click();
      await testId(page, 'cart-delete-confirm').click();
      await testId(page, `cart-line-${second.productID}`).waitFor({ state: 'detached' });
      await expect.poll(() => testId(page, 'cart-count').textContent()).toBe('2');
      expect(await testId(page, 'cart-total').textContent()).toBe(money(first.price * 2));
      expect(await testId(page, 'cart-checkout-bar-total').isVisible()).toBe(viewport === PHONE);
      expect(await page.evaluate(() => localStorage.getItem('storefront.guestCart'))).toContain(
        `{"productID":${first.productID},"quantity":2}`,
      );
      expect((await findSidewaysOverflow(page)).culprits).toEqual([]);
      // The sign-in action is on screen without scrolling: in the bar at a phone's foot, in the summary on a desktop.
      expect(await testId(page, 'guest-cart-sign-in').isVisible()).toBe(true);
      expect(await testId(page, 'guest-cart-register').getAttribute('href')).toBe(
        `/register?redirect=${encodeURIComponent('/checkout')}`,
      );
      await saveScreenshot(page, `guest-cart-signed-out-${name}`);

      // A reload keeps what was changed.
      await page.reload();
      await testId(page, `cart-line-${first.productID}`).waitFor();
      expect(await quantityOf(page, first)).toBe('2');
      expect(await testId(page, `cart-line-${second.productID}`).count()).toBe(0);

      await testId(page, 'guest-cart-sign-in').click();
      await page.waitForURL(`**/login?redirect=${encodeURIComponent('/checkout')}`);
      await signIn(page, customer.email, customer.password);
      await page.waitForURL('**/checkout');
      await page.getByText('We moved 2 items you added before signing in into your cart.').waitFor();
      await expect.poll(() => testId(page, 'checkout-line').count()).toBe(1);
      expect(await testId(page, 'checkout-line').textContent()).toContain(first.name);
      expect(await testId(page, 'checkout-line').textContent()).toContain(`2 × ${money(first.price)}`);
      expect(await page.evaluate(() => localStorage.getItem('storefront.guestCart'))).toBeNull();
      await saveScreenshot(page, `guest-cart-checkout-${name}`);
      await context.close();
    }
  });
});

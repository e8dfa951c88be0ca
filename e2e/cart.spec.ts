import type { CartList } from '@storefront/contract/cart';
import type { Product } from '@storefront/contract/catalog';
import { errorCatalogue } from '@storefront/contract/errors';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addSydneyAddress, callApi } from './support/api';
import {
  holdCalls,
  makeEmail,
  openPage,
  PHONE,
  registerCustomer,
  saveScreenshot,
  testId,
  useBrowser,
} from './support/browser';
import { pickDeliveryWindow } from './support/checkout';
import { pickSuburb } from './support/suburb';

const browser = useBrowser();

/** A new customer with one of a pantry product in the cart; the product's stock leaves room to ask for more. */
async function newCustomerWithCart(page: Page, label: string): Promise<Product> {
  await registerCustomer(page, {
    email: makeEmail(label),
    password: 'cart-pass-2000',
    firstName: 'Cleo',
    lastName: 'Basket',
  });
  const token = await page.evaluate(() => localStorage.getItem('storefront.token'));
  if (!token) throw new Error('no stored token');
  const { data: products } = await callApi<{ list: Product[] }>('product/list?category=pantry&pageSize=50');
  const product = products.list.find((p) => p.available && p.stock >= 5 && p.stock < 90);
  if (!product) throw new Error('the demo catalogue needs a pantry product with some stock');
  await callApi('cart/add', { method: 'POST', token, body: { productID: product.productID, quantity: 1 } });
  return product;
}

/** The text of the elements a field's aria-describedby points to. */
function describedText(field: Locator): Promise<string> {
  return field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
}

describe('the cart', () => {
  it('opened cold, reads the cart once and does not ask what changed, and shows its lines', async () => {
    const { context, page } = await openPage(browser());
    const product = await newCustomerWithCart(page, 'cart-cold');
    const cartCalls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/v1/cart/')) cartCalls.push(pathname);
    });
    await page.goto('/cart');
    await testId(page, `cart-line-${product.productID}`).waitFor();
    // A second more, so that any later call about the cart is counted too.
    await page.waitForTimeout(1_000);
    // The header's read is the page's: it has just answered, so the page neither compares nor reads again.
    expect(cartCalls).toEqual(['/api/v1/cart/list']);
    await context.close();
  });

  it('while the address book loads, says nothing about addresses and keeps the place of the picker and the prices', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await newCustomerWithCart(page, 'cart-address-loading');
    const token = await page.evaluate(() => localStorage.getItem('storefront.token'));
    if (!token) throw new Error('no stored token');
    await addSydneyAddress(token, { firstName: 'Cleo', lastName: 'Basket' });
    const book = await holdCalls(page, '**/api/v1/address/list');
    const quote = await holdCalls(page, '**/api/v1/shipping/calc-selected**');
    await page.goto('/cart');
    await testId(page, 'cart-address-loading').waitFor();
    await testId(page, 'shipping-options-loading').waitFor();
    await saveScreenshot(page, 'cart-delivery-loading-phone');
    const summaryTop = () => testId(page, 'cart-summary').evaluate((el) => el.getBoundingClientRect().top);
    const before = await summaryTop();
    expect(await testId(page, 'cart-address-none').count()).toBe(0);

    book.release();
    await expect.poll(() => testId(page, 'cart-address-picker').textContent()).toContain('1 Macquarie St');
    expect(await testId(page, 'cart-address-none').count()).toBe(0);
    expect(await summaryTop()).toBe(before);

    quote.release();
    await testId(page, 'cart-shipping-quote-standard').waitFor();
    // Only the line saying what more ships free, when there is one, is new.
    expect((await summaryTop()) - before).toBeLessThanOrEqual(24);
    await context.close();
  });

  it('every unavailable line goes with one Remove all, by keyboard, and focus stays in the cart', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    const kept = await newCustomerWithCart(page, 'cart-unavailable');
    const token = await page.evaluate(() => localStorage.getItem('storefront.token'));
    if (!token) throw new Error('no stored token');
    const { data: products } = await callApi<{ list: Product[] }>('product/list?category=pantry&pageSize=50');
    const gone = products.list.find((p) => p.available && p.productID !== kept.productID);
    if (!gone) throw new Error('the demo catalogue needs two pantry products');
    await callApi('cart/add', { method: 'POST', token, body: { productID: gone.productID, quantity: 1 } });
    // The second product sold out after it was put in the cart, as the cart's read tells it.
    await page.route('**/api/v1/cart/list', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { code: number; msg: string; data: CartList };
      const soldOut = body.data.available
        .filter((l) => l.productID === gone.productID)
        .map((l) => ({ ...l, stock: 0, selected: false, unavailableReason: 'out_of_stock' as const }));
      const available = body.data.available.filter((l) => l.productID !== gone.productID);
      const data = { ...body.data, available, unavailable: [...body.data.unavailable, ...soldOut] };
      await route.fulfill({ response, json: { ...body, data } });
    });
    await page.goto('/cart');
    await testId(page, `cart-line-${gone.productID}`).waitFor();
    await saveScreenshot(page, 'cart-unavailable-phone');

    await testId(page, 'cart-unavailable-clear').focus();
    await page.keyboard.press('Enter');
    await page.getByText('Unavailable items removed.').waitFor();
    await testId(page, 'cart-unavailable').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe(`cart-line-delete-${kept.productID}`);
    const { data: cart } = await callApi<CartList>('cart/list', { token });
    expect(cart.available.map((l) => l.productID)).toEqual([kept.productID]);
    expect(cart.unavailable).toEqual([]);
    await context.close();
  });

  it('a quantity the server refuses goes back to the quantity held, and can be asked for again', async () => {
    const { context, page } = await openPage(browser());
    const product = await newCustomerWithCart(page, 'cart-refused');
    const id = product.productID;
    // The page is told of more stock than there is, as when stock sold out after the cart was read.
    await page.route('**/api/v1/cart/list', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { code: number; msg: string; data: CartList };
      const lines = body.data.available.map((l) => (l.productID === id ? { ...l, stock: l.stock + 5 } : l));
      await route.fulfill({ response, json: { ...body, data: { ...body.data, available: lines } } });
    });
    let updates = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/cart/update')) updates += 1;
    });
    await page.goto('/cart');
    const quantity = testId(page, `cart-line-quantity-${id}`);
    await quantity.waitFor();
    const lineTotal = await testId(page, `cart-line-total-${id}`).textContent();

    const tooMany = String(product.stock + 1);
    await quantity.fill(tooMany);
    await quantity.press('Enter');
    await page.getByText(`Only ${product.stock} of ${product.name} in stock`).first().waitFor();
    await expect.poll(() => quantity.inputValue()).toBe('1');
    expect(await testId(page, `cart-line-total-${id}`).textContent()).toBe(lineTotal);
    await saveScreenshot(page, 'cart-quantity-refused-desktop');

    await quantity.fill(tooMany);
    await quantity.press('Enter');
    await expect.poll(() => updates).toBe(2);
    await expect.poll(() => quantity.inputValue()).toBe('1');
    await context.close();
  });

  it('a refused discount code is announced and describes the code field', async () => {
    const { context, page } = await openPage(browser());
    const product = await newCustomerWithCart(page, 'cart-discount');
    await page.goto('/cart');
    // The cart has been read and drawn (a click before that would submit the form natively).
    await testId(page, `cart-line-quantity-${product.productID}`).waitFor();
    const code = page.getByRole('textbox', { name: 'Discount code' });
    await code.fill('NO-SUCH-CODE');
    await testId(page, 'cart-discount-apply').click();
    const error = testId(page, 'cart-discount-error');
    await error.waitFor();
    expect(await error.getAttribute('role')).toBe('alert');
    expect(await describedText(code)).toBe(await error.textContent());
    expect(await code.getAttribute('aria-invalid')).toBe('true');
    await context.close();
  });
});

describe('checkout while store credit cannot be read', () => {
  it('says so with a retry, lets the customer add an address by its labels and order, and reads it again', async () => {
    const { context, page } = await openPage(browser());
    await newCustomerWithCart(page, 'checkout-credit');
    let isCreditDown = true;
    await page.route(
      (url) => url.pathname === '/api/v1/customer/credits',
      (route) =>
        isCreditDown
          ? route.fulfill({
              status: errorCatalogue.UNAVAILABLE.status,
              json: {
                code: errorCatalogue.UNAVAILABLE.code,
                msg: errorCatalogue.UNAVAILABLE.msg,
                data: null,
              },
            })
          : route.fallback(),
    );
    await page.goto('/checkout');
    const creditError = testId(page, 'checkout-credit-error');
    await creditError.waitFor();
    expect(await creditError.textContent()).toContain('Store credit could not be loaded');

    // The address form, reached from the checkout: each field is found by its label.
    await testId(page, 'checkout-add-address').click();
    await page.waitForURL('**/account/addresses?from=checkout');
    await testId(page, 'address-first-name').waitFor();
    await page.waitForFunction(() => !document.querySelector('.ant-zoom-appear, .ant-zoom-enter'));
    const suburb = page.getByLabel('Suburb', { exact: true });
    expect(await suburb.getAttribute('data-testid')).toBe('address-suburb-input');
    await page.locator('label', { hasText: /^Suburb$/ }).click();
    expect(await suburb.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await describedText(suburb)).toContain('Type a suburb or postcode and pick it from the list.');
    await page.getByLabel('First name').fill('Cleo');
    await page.getByLabel('Last name').fill('Basket');
    await page.getByLabel('Mobile or phone').fill('0412 345 678');
    await page.getByLabel('Street address').fill('1 Macquarie St');
    await suburb.fill('Sydney');
    await pickSuburb(page, 'address-suburb', /^Sydney NSW 2000$/);
    await testId(page, 'address-save').click();
    await page.waitForURL(/\/checkout\?address=\d+$/);

    await creditError.waitFor();
    await pickDeliveryWindow(page);
    const place = testId(page, 'checkout-place-order');
    await expect.poll(() => place.isEnabled()).toBe(true);
    await saveScreenshot(page, 'checkout-credit-failed-desktop');

    isCreditDown = false;
    await testId(page, 'checkout-credit-retry').click();
    await creditError.waitFor({ state: 'detached' });
    // This new customer has no credit: nothing to offer, and nothing wrong to say.
    expect(await testId(page, 'checkout-use-credit').count()).toBe(0);
    expect(await place.isEnabled()).toBe(true);
    await context.close();
  });
});

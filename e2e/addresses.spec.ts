import type { Product } from '@storefront/contract/catalog';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi } from './support/api';
import {
  DESKTOP,
  useBrowser,
  makeEmail,
  openPage,
  PHONE,
  registerCustomer,
  saveScreenshot,
  testId,
  waitOrExplain,
} from './support/browser';
import { pickSuburb } from './support/suburb';

const browser = useBrowser();

/** Opens the form and waits for the modal's zoom-in to finish, so clicks land where they aim. */
async function openAddressForm(page: Page) {
  await testId(page, 'address-add').click();
  await testId(page, 'address-first-name').waitFor();
  await page.waitForFunction(() => !document.querySelector('.ant-zoom-appear, .ant-zoom-enter'));
}

async function fillAddress(page: Page, a: { line1: string; suburb: string; pick: RegExp }) {
  await testId(page, 'address-first-name').fill('Ada');
  await testId(page, 'address-last-name').fill('Lovelace');
  await testId(page, 'address-phone').fill('0412 345 678');
  await testId(page, 'address-line1').fill(a.line1);
  await testId(page, 'address-suburb-input').fill(a.suburb);
  await pickSuburb(page, 'address-suburb', a.pick);
}

describe('the address book', () => {
  it('a customer adds addresses by picking a suburb, sets a default, edits and deletes', async () => {
    const { context, page } = await openPage(browser());
    await registerCustomer(page, {
      email: makeEmail('addresses'),
      password: 'address-pass-1',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    await page.goto('/account/addresses');
    await testId(page, 'addresses-empty').waitFor();
    await saveScreenshot(page, 'addresses-empty-desktop');

    await openAddressForm(page);
    await testId(page, 'address-save').click();
    await page.getByText('Pick your suburb.').waitFor();
    await fillAddress(page, { line1: '1 Macquarie St', suburb: 'Sydney', pick: /^Sydney NSW 2000$/ });
    expect(await testId(page, 'address-postcode').inputValue()).toBe('2000');
    await saveScreenshot(page, 'address-form-desktop');
    await testId(page, 'address-save').click();
    await page.getByText('Address added.').waitFor();

    const cards = page.locator('[data-testid^="address-"][data-testid$="-edit"]');
    await cards.first().waitFor();
    await openAddressForm(page);
    await fillAddress(page, { line1: '200 Bourke St', suburb: '3000', pick: /Melbourne VIC 3000/ });
    await testId(page, 'address-save').click();
    // Failed once in CI (passed on the retry): if it does again, the error says what the page showed instead.
    await waitOrExplain(page, 'address-second-not-added', () =>
      page.locator('.ant-card', { hasText: '200 Bourke St' }).waitFor(),
    );
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid$="-make-shipping"]').length === 1,
    );
    expect(await page.locator('[data-testid$="-default-shipping"]').count()).toBe(1);
    await saveScreenshot(page, 'addresses-desktop');

    // The Melbourne address becomes the default delivery address.
    const melbourne = page.locator('.ant-card', { hasText: '200 Bourke St' });
    await melbourne.locator('[data-testid$="-make-shipping"]').click();
    await page.getByText('Default delivery address set.').waitFor();
    await melbourne.locator('[data-testid$="-default-shipping"]').waitFor();
    const sydney = page.locator('.ant-card', { hasText: '1 Macquarie St' });
    expect(await sydney.locator('[data-testid$="-default-shipping"]').count()).toBe(0);
    expect(await sydney.locator('[data-testid$="-default-billing"]').count()).toBe(1);

    // Edit the Sydney address.
    await sydney.locator('[data-testid$="-edit"]').click();
    await testId(page, 'address-line2').fill('Level 4');
    await testId(page, 'address-save').click();
    await page.getByText('Address updated.').waitFor();
    await page.locator('.ant-card', { hasText: 'Level 4' }).waitFor();

    // Delete the default: the other address takes over.
    await melbourne.locator('[data-testid$="-delete"]').click();
    await page.locator('[data-testid$="-delete-confirm"]').click();
    await page.getByText('Address deleted.').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid$="-edit"]').length === 1);
    await page
      .locator('.ant-card', { hasText: '1 Macquarie St' })
      .locator('[data-testid$="-default-shipping"]')
      .waitFor();

    await page.setViewportSize(PHONE);
    await saveScreenshot(page, 'addresses-phone');
    await page.setViewportSize(DESKTOP);
    await context.close();
  });

  it('at checkout on a phone, a customer adds an address and comes back with it picked, shown in full', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await registerCustomer(page, {
      email: makeEmail('checkout-address'),
      password: 'address-pass-1',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const token = await page.evaluate(() => localStorage.getItem('storefront.token'));
    if (!token) throw new Error('no stored token');
    const { data: products } = await callApi<{ list: Product[] }>('product/list?category=pantry&pageSize=50');
    const product = products.list.find((p) => p.available && p.stock >= 5);
    if (!product) throw new Error('the demo catalogue needs a pantry product in stock');
    await callApi('cart/add', { method: 'POST', token, body: { productID: product.productID, quantity: 1 } });

    await page.goto('/checkout');
    await testId(page, 'checkout-add-address').click();
    await page.waitForURL('**/account/addresses?from=checkout');
    await testId(page, 'address-first-name').waitFor();
    await page.waitForFunction(() => !document.querySelector('.ant-zoom-appear, .ant-zoom-enter'));
    await fillAddress(page, {
      line1: 'Unit 12, 345 Great Western Highway',
      suburb: 'Sydney',
      pick: /^Sydney NSW 2000$/,
    });
    await testId(page, 'address-save').click();

    // Failed once in CI (passed on the retry), like the address book's second address: saving did not go through.
    await waitOrExplain(page, 'checkout-address-not-added', () =>
      page.waitForURL(/\/checkout\?address=\d+$/),
    );
    const addressID = new URL(page.url()).searchParams.get('address');
    const picked = testId(page, `checkout-address-${addressID}`);
    await picked.waitFor();
    expect(await picked.locator('input[type="radio"]').isChecked()).toBe(true);
    // The whole address is on screen: wrapped, not cut off at the edge.
    const box = await picked.boundingBox();
    if (!box) throw new Error('the address has no box');
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await picked.textContent()).toContain('Great Western Highway');
    await saveScreenshot(page, 'checkout-address-added-phone');
    await context.close();
  });

  it('a postcode that does not match the suburb is refused with the server message', async () => {
    const { context, page } = await openPage(browser());
    await registerCustomer(page, {
      email: makeEmail('mismatch'),
      password: 'address-pass-2',
      firstName: 'Bo',
      lastName: 'Ng',
    });
    await page.goto('/account/addresses');
    await openAddressForm(page);
    await fillAddress(page, { line1: '5 George St', suburb: 'Sydney', pick: /^Sydney NSW 2000$/ });
    await testId(page, 'address-postcode').fill('3000');
    await testId(page, 'address-save').click();
    await page.getByText('The postcode, suburb and state do not match.').waitFor();
    await context.close();
  });
});

import type { Product } from '@storefront/contract/catalog';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addSydneyAddress, callApi } from './support/api';
import {
  makeEmail,
  openPage,
  PHONE,
  storedToken,
  testId,
  useBrowser,
  waitOrExplain,
} from './support/browser';
import { pickSuburb } from './support/suburb';

const browser = useBrowser();
const SHOTS = process.env.FORMS_SHOTS_DIR;

/** Screenshots of what customers type, kept only when FORMS_SHOTS_DIR names a folder to look at them in. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function openAddressForm(page: Page) {
  await testId(page, 'address-add').click();
  await testId(page, 'address-first-name').waitFor();
  await page.waitForFunction(() => !document.querySelector('.ant-zoom-appear, .ant-zoom-enter'));
}

describe('forms on a phone, with what Australians type', () => {
  it('registers with spaces around the email and a Darwin postcode, keeps the phone in one form and shows it grouped', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    const email = makeEmail('as-typed');
    await page.goto('/register');
    await testId(page, 'register-first-name').fill(' Zoë ');
    await testId(page, 'register-last-name').fill("O'Brien-Nguyễn");
    // A phone's autocomplete leaves a space after the address; the case is the customer's.
    await testId(page, 'register-email').fill(` ${email.toUpperCase()} `);
    await testId(page, 'register-password').fill('as-typed-pass-1');
    await testId(page, 'register-confirm-password').fill('as-typed-pass-1');
    // A postcode pasted with spaces lists its localities all the same.
    await testId(page, 'register-suburb-input').fill(' 0800 ');
    await pickSuburb(page, 'register-suburb', /Darwin NT 0800/);
    await shot(page, 'register-as-typed-phone');
    await testId(page, 'register-submit').click();
    await waitOrExplain(page, 'forms-register', () => page.waitForURL('**/account/profile'));
    const token = await storedToken(page);
    const { data: me } = await callApi<{
      email: string;
      firstName: string;
      postCode: string;
      suburb: string;
    }>('customer/me', { token });
    expect(me).toMatchObject({ email, firstName: 'Zoë', postCode: '0800', suburb: 'Darwin' });

    await testId(page, 'profile-edit').click();
    await testId(page, 'profile-phone').fill('+61 412 345 678');
    await testId(page, 'profile-birthday').fill('2000-02-29');
    await testId(page, 'profile-save').click();
    await testId(page, 'profile-phone-value').waitFor();
    expect(await testId(page, 'profile-phone-value').innerText()).toBe('0412 345 678');
    expect(await testId(page, 'profile-birthday-value').innerText()).toBe('29 February 2000');
    const { data: info } = await callApi<{ phone: string }>('customer/info', { token });
    expect(info.phone).toBe('0412345678');
    await shot(page, 'profile-as-typed-phone');
    await context.close();
  });

  it('the address form refuses a PO Box and a postcode that is not the suburb’s at the fields, saying what to type', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    const email = makeEmail('as-typed-address');
    await page.goto('/register');
    await testId(page, 'register-first-name').fill('Mary Anne');
    await testId(page, 'register-last-name').fill('Smith-Jones');
    await testId(page, 'register-email').fill(email);
    await testId(page, 'register-password').fill('as-typed-pass-1');
    await testId(page, 'register-confirm-password').fill('as-typed-pass-1');
    await testId(page, 'register-submit').click();
    await page.waitForURL('**/account/profile');
    await page.goto('/account/addresses');
    await testId(page, 'addresses-empty').waitFor();

    await openAddressForm(page);
    await testId(page, 'address-first-name').fill('Mary Anne');
    await testId(page, 'address-last-name').fill('Smith-Jones');
    await testId(page, 'address-phone').fill('(08) 8951 1234');
    await testId(page, 'address-line1').fill('PO Box 123');
    await testId(page, 'address-suburb-input').fill('0870');
    await pickSuburb(page, 'address-suburb', /^Alice Springs NT 0870$/);
    await testId(page, 'address-save').click();
    await page
      .getByText('We deliver to the door: enter a street address, not a PO Box or Locked Bag.')
      .waitFor();
    await shot(page, 'address-po-box-phone');

    await testId(page, 'address-line1').fill('Unit 3, 12 Todd St');
    await testId(page, 'address-postcode').fill('0800');
    await testId(page, 'address-save').click();
    await waitOrExplain(page, 'forms-address-mismatch', () =>
      page
        .getByText(/The postcode, suburb and state do not match\. Pick the suburb from the list again/)
        .waitFor(),
    );
    expect(await testId(page, 'address-suburb-input').getAttribute('aria-invalid')).toBe('true');
    await shot(page, 'address-mismatch-phone');

    await testId(page, 'address-postcode').fill(' 0870 ');
    await testId(page, 'address-save').click();
    const card = page.locator('.ant-card', { hasText: 'Unit 3, 12 Todd St' });
    await waitOrExplain(page, 'forms-address-added', () => card.waitFor());
    expect(await card.innerText()).toContain('08 8951 1234');
    expect(await card.innerText()).toContain('Alice Springs NT 0870');
    await shot(page, 'address-added-phone');
    await context.close();
  });

  it('delivery instructions with emoji and line breaks count each as one, up to 250, at checkout', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    const email = makeEmail('as-typed-notes');
    await page.goto('/register');
    await testId(page, 'register-first-name').fill('Nat');
    await testId(page, 'register-last-name').fill('Notes');
    await testId(page, 'register-email').fill(email);
    await testId(page, 'register-password').fill('as-typed-pass-1');
    await testId(page, 'register-confirm-password').fill('as-typed-pass-1');
    await testId(page, 'register-submit').click();
    await page.waitForURL('**/account/profile');
    const token = await storedToken(page);
    await addSydneyAddress(token, { firstName: 'Nat', lastName: 'Notes' });
    const { data: products } = await callApi<{ list: Product[] }>('product/list?category=pantry&pageSize=50');
    const product = products.list.find((p) => p.available && p.stock >= 5);
    if (!product) throw new Error('the demo catalogue needs a pantry product in stock');
    await callApi('cart/add', { method: 'POST', token, body: { productID: product.productID, quantity: 1 } });

    await page.goto('/checkout');
    const notes = testId(page, 'checkout-notes');
    await notes.waitFor();
    await notes.fill('Gate 🔑 4821\nWatch the 🐕');
    await page.getByText('23 / 250').waitFor();
    await notes.fill('🍎'.repeat(260));
    await page.getByText('250 / 250').waitFor();
    expect(await notes.inputValue()).toBe('🍎'.repeat(250));
    await notes.blur();
    expect(await notes.getAttribute('class')).not.toMatch(/status-error/);
    if (SHOTS)
      await testId(page, 'checkout-delivery').screenshot({ path: `${SHOTS}/checkout-notes-emoji-phone.png` });
    await context.close();
  });
});

import type { Product } from '@storefront/contract/catalog';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi } from './support/api';
import { makeEmail, openPage, signIn, signOut, testId, useBrowser } from './support/browser';

const browser = useBrowser();

type Customer = { email: string; password: string; firstName: string; lastName: string; token: string };

async function registerByApi(label: string, firstName: string, lastName: string): Promise<Customer> {
  const body = { email: makeEmail(label), password: 'two-tabs-pass-1', firstName, lastName };
  const { headers } = await callApi('register', { method: 'POST', body });
  const token = headers.get('authorization');
  if (!token) throw new Error('register answered no token');
  return { ...body, token };
}

async function putInCart(customer: Customer, quantity: number): Promise<void> {
  const { data } = await callApi<{ list: Product[] }>('product/list?category=pantry&pageSize=50');
  const product = data.list.find((p) => p.available && p.stock >= 5 && p.stock < 999);
  if (!product) throw new Error('the demo catalogue needs a pantry product in stock');
  await callApi('cart/add', {
    method: 'POST',
    token: customer.token,
    body: { productID: product.productID, quantity },
  });
}

/** A mark on the page's window: still there afterwards means the page was never loaded again. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => Reflect.set(window, 'sessionTabsMark', true));
}

function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => Reflect.get(window, 'sessionTabsMark') === true);
}

describe('two tabs of one browser', () => {
  it("a tab follows another tab's sign-out and sign-in as someone else, and ignores a renewal, without a reload", async () => {
    const ann = await registerByApi('tabs-ann', 'Annika', 'Tabbe');
    const ben = await registerByApi('tabs-ben', 'Benedikt', 'Tabbe');
    await putInCart(ann, 3);

    const { context, page: first } = await openPage(browser());
    await first.goto('/login?redirect=%2Faccount%2Fprofile');
    await signIn(first, ann.email, ann.password);
    await first.waitForURL('**/account/profile');
    await testId(first, 'profile-name').getByText('Annika Tabbe').waitFor();
    await testId(first, 'cart-count').getByText('3').waitFor();

    // The second tab shares localStorage: it opens signed in as the same customer.
    const second = await context.newPage();
    await second.goto('/account/profile');
    await testId(second, 'profile-name').getByText('Annika Tabbe').waitFor();
    await markDocument(first);

    // A renewal elsewhere writes a new token for the same customer (a fresh sign-in by the API stands in for it):
    // the first tab keeps what is on screen, even a half-typed edit.
    await testId(first, 'profile-edit').click();
    await testId(first, 'profile-first-name').fill('Annie');
    const { headers } = await callApi('login', {
      method: 'POST',
      body: { email: ann.email, password: ann.password },
    });
    const renewed = headers.get('authorization');
    if (!renewed) throw new Error('login answered no token');
    await second.evaluate((token) => localStorage.setItem('storefront.token', `Bearer ${token}`), renewed);
    await first.waitForFunction(
      (token) => localStorage.getItem('storefront.token') === `Bearer ${token}`,
      renewed,
    );
    await first.waitForTimeout(300);
    expect(await testId(first, 'profile-first-name').inputValue()).toBe('Annie');
    expect(await testId(first, 'account-menu').textContent()).toContain('Annika');

    // Signing out in the second tab sends the first tab's account page to sign-in.
    await signOut(second);
    await first.waitForURL('**/login?redirect=%2Faccount%2Fprofile');
    expect(await testId(first, 'account-menu').count()).toBe(0);
    expect(await testId(first, 'cart-count').count()).toBe(0);
    // The sign-in page says why it is shown, once: no toast says it again beside it.
    expect(await testId(first, 'login-session-ended').textContent()).toBe('You signed out in another tab.');
    await first.waitForTimeout(1000);
    expect((await first.locator('body').innerText()).split('You signed out in another tab.')).toHaveLength(2);

    // Signing in as another customer there brings the first tab back to the account page, as that customer.
    await second.goto('/login');
    await signIn(second, ben.email, ben.password);
    await second.waitForURL((url) => url.pathname === '/');
    await first.waitForURL('**/account/profile');
    await testId(first, 'profile-name').getByText('Benedikt Tabbe').waitFor();
    expect(await testId(first, 'account-greeting').textContent()).toContain('Benedikt');
    expect(await testId(first, 'account-menu').textContent()).toContain('Benedikt');
    expect(await testId(first, 'cart-count').count()).toBe(0);
    expect(await first.locator('body').textContent()).not.toContain('Annika');
    expect(await isSameDocument(first)).toBe(true);
    await context.close();
  });
});

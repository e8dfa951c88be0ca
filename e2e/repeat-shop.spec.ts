import type { Product } from '@storefront/contract/catalog';
import type { ShoppingListDetail, ShoppingLists } from '@storefront/contract/shopping-list';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addSydneyAddress, callApi } from './support/api';
import { findSeriousViolations } from './support/axe';
import {
  DEMO,
  DESKTOP,
  holdCalls,
  makeEmail,
  openPage,
  PHONE,
  registerCustomer,
  signIn,
  storedToken,
  testId,
  useBrowser,
  waitForPageSettled,
} from './support/browser';

const browser = useBrowser();

const widths = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Two specials in stock, and a product at its regular price with plenty in stock, from the demo catalogue. */
async function pickProducts(): Promise<{ specials: [Product, Product]; regular: Product }> {
  const { data: onSpecial } = await callApi<{ list: Product[] }>(
    'product/list?special=true&inStock=true&pageSize=50',
  );
  const [first, second] = onSpecial.list.filter(
    (p) => p.wasPrice !== null && p.stock >= 15 && p.price < 2000,
  );
  const { data: all } = await callApi<{ list: Product[] }>('product/list?inStock=true&pageSize=50');
  const [regular] = all.list
    .filter((p) => p.wasPrice === null && p.price >= 1000 && p.price < 2000 && p.stock >= 20)
    .sort((a, b) => b.stock - a.stock);
  if (!first || !second || !regular)
    throw new Error('the demo catalogue needs two specials and a $10-20 product');
  return { specials: [first, second], regular };
}

/** Orders `quantity` of `product` by the API (over the zone's minimum), in tomorrow's first window with room. */
async function placePastOrder(token: string, addressID: number, product: Product, quantity: number) {
  await callApi('cart/add', { method: 'POST', token, body: { productID: product.productID, quantity } });
  const { data: windows } = await callApi<{ days: { windows: { windowID: number; isFull: boolean }[] }[] }>(
    `delivery/windows?addressID=${addressID}`,
    { token },
  );
  const deliveryWindowID = windows.days[1]?.windows.find((w) => !w.isFull)?.windowID;
  const { data } = await callApi<{ orderID: number }>('order/create', {
    method: 'POST',
    token,
    body: { addressID, shippingService: 'standard', useCredit: false, deliveryWindowID },
  });
  return data.orderID;
}

/** Picks the list in the open "Add to a list" dialog; waits for the dialog to close on the add. */
async function chooseList(page: Page, name: string): Promise<void> {
  const dialog = testId(page, 'add-to-list-dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** axe on the page as it stays: once its toasts have gone (one caught fading in is text not yet at its colour). */
async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  await expect.poll(() => page.locator('.ant-message-notice').count()).toBe(0);
  expect(await findSeriousViolations(page), what).toEqual([]);
}

describe('the repeat shop', () => {
  for (const [label, size] of widths) {
    it(`at ${label} width a list is made, filled from the shop, a product and a past order, and put in the trolley; the cart says what specials save and the coupon is applied at checkout`, async () => {
      const { context, page } = await openPage(browser(), size);
      const name = { firstName: 'Lia', lastName: 'Lister' };
      await registerCustomer(page, {
        email: makeEmail(`lists-${label}`),
        password: 'lists-pass-2000',
        ...name,
      });
      const token = await storedToken(page);
      const addressID = await addSydneyAddress(token, name);
      const { specials, regular } = await pickProducts();
      const [shelfSpecial, pageSpecial] = specials;
      // Over the $30 the demo asks of a Sydney order.
      const ordered = Math.ceil(3000 / regular.price);
      const orderID = await placePastOrder(token, addressID, regular, ordered);

      // A list made on the lists page.
      await page.goto('/account/lists');
      await testId(page, 'lists-empty').waitFor();
      await expectNoSeriousViolations(page, `the empty lists page at ${label}`);
      await testId(page, 'lists-new-name').fill('Weekly shop');
      await testId(page, 'lists-create').click();
      const open = page.locator('[data-testid^="list-open-"]');
      await expect.poll(() => open.allTextContents()).toEqual(['Weekly shop']);

      // From the grid: the card's list button opens the dialog, which is keyboard- and screen-reader-clean.
      await page.goto('/shop?special=true');
      await testId(page, `product-list-${shelfSpecial.productID}`).click();
      await testId(page, 'add-to-list-choices').waitFor();
      expect(await testId(page, 'add-to-list-dialog').evaluate((d) => d.matches(':modal'))).toBe(true);
      await expectNoSeriousViolations(page, `the add to list dialog at ${label}`);
      await page.keyboard.press('Escape');
      await testId(page, 'add-to-list-dialog').waitFor({ state: 'detached' });
      // Closed, it gives the focus back to the button that opened it.
      expect(
        await testId(page, `product-list-${shelfSpecial.productID}`).evaluate(
          (b) => b === document.activeElement,
        ),
      ).toBe(true);
      await testId(page, `product-list-${shelfSpecial.productID}`).click();
      await chooseList(page, 'Weekly shop');

      // From a product's page, with the quantity chosen there.
      await page.goto(`/product/${pageSpecial.productID}`);
      await testId(page, 'product-quantity').fill('3');
      await testId(page, 'product-quantity').press('Tab');
      await testId(page, 'product-add-to-list').click();
      await chooseList(page, 'Weekly shop');

      // From a past order: its products with its quantities.
      await page.goto(`/account/orders/${orderID}`);
      await testId(page, 'order-add-to-list').click();
      await chooseList(page, 'Weekly shop');

      const { data: lists } = await callApi<ShoppingLists>('list/list', { token });
      const listID = lists.list[0]?.listID;
      const { data: list } = await callApi<ShoppingListDetail>(`list/detail?listID=${listID}`, { token });
      expect(Object.fromEntries(list.items.map((i) => [i.productID, i.quantity]))).toEqual({
        [shelfSpecial.productID]: 1,
        [pageSpecial.productID]: 3,
        [regular.productID]: ordered,
      });

      await page.goto('/account/lists');
      await testId(page, `list-open-${listID}`).click();
      await testId(page, 'list-page').waitFor();
      expect(await testId(page, 'list-name').textContent()).toBe('Weekly shop');
      await expect.poll(() => page.locator('.list-page__items > li').count()).toBe(3);
      await waitForPageSettled(page);
      await expectNoSeriousViolations(page, `a list's page at ${label}`);
      expect(await page.locator('h1').count()).toBe(1);

      // The whole list into the trolley at once; the list stays as it is.
      await testId(page, 'list-add-all').click();
      await testId(page, 'list-add-all-outcome').waitFor();
      expect(await testId(page, 'list-add-all-outcome').textContent()).toContain(
        `Added ${1 + 3 + ordered} items to your trolley.`,
      );
      expect(await page.locator('.list-page__items > li').count()).toBe(3);

      // The cart says what the specials save, and each special's regular price.
      await testId(page, 'list-go-to-cart').click();
      await page.waitForURL('**/cart');
      await testId(page, 'cart-savings').waitFor();
      const saved =
        ((shelfSpecial.wasPrice ?? 0) - shelfSpecial.price) * 1 +
        ((pageSpecial.wasPrice ?? 0) - pageSpecial.price) * 3;
      expect(await testId(page, 'cart-savings').textContent()).toBe(`You save ${money(saved)} on specials`);
      expect(await testId(page, `cart-line-was-${pageSpecial.productID}`).textContent()).toBe(
        `was ${money(pageSpecial.wasPrice ?? 0)}`,
      );

      // At checkout the coupon field applies a code (Enter applies it, it does not place the order) and takes it off.
      await page.goto('/checkout');
      const coupon = testId(page, 'checkout-coupon');
      await coupon.waitFor();
      // The total with the delivery price in it, once that is known.
      await expect.poll(() => testId(page, 'checkout-shipping').textContent()).not.toBe('—');
      const totalBefore = await testId(page, 'checkout-total').textContent();
      expect(await testId(page, 'checkout-discount').count()).toBe(0);
      await coupon.getByRole('textbox', { name: 'Discount code' }).fill('welcome 10');
      await coupon.getByRole('textbox', { name: 'Discount code' }).press('Enter');
      await expect.poll(() => coupon.getByTestId('cart-coupon-code').count()).toBe(1);
      expect(await coupon.getByTestId('cart-coupon-code').textContent()).toBe('WELCOME10');
      await testId(page, 'checkout-discount').waitFor();
      await expect.poll(() => testId(page, 'checkout-total').textContent()).not.toBe(totalBefore);
      expect(page.url()).toMatch(/\/checkout$/);
      await expectNoSeriousViolations(page, `checkout with a coupon at ${label}`);
      await coupon.getByTestId('cart-coupon-remove').click();
      await expect.poll(() => testId(page, 'checkout-discount').count()).toBe(0);
      await expect.poll(() => testId(page, 'checkout-total').textContent()).toBe(totalBefore);
      await context.close();
    });
  }

  for (const [label, size] of widths) {
    it(`at ${label} width the demo customer's usuals lead the home page, in room kept for them, to add to the trolley`, async () => {
      const { context, page } = await openPage(browser(), size);
      // Signed out: no shelf and no read of it.
      let usualsAsked = 0;
      page.on('request', (r) => {
        if (r.url().includes('/api/v1/product/usuals')) usualsAsked += 1;
      });
      await page.goto('/');
      await testId(page, 'home-specials-list').waitFor();
      expect(await testId(page, 'home-usuals').count()).toBe(0);
      expect(usualsAsked).toBe(0);

      await page.goto('/login');
      await signIn(page, DEMO.email, DEMO.password);
      await page.waitForFunction(() => localStorage.getItem('storefront.token') !== null);
      await page.goto('/');
      const cards = testId(page, 'home-usuals-list').locator('article');
      await expect.poll(() => cards.count()).toBe(4);
      // Bought in three of the demo customer's paid orders: their first usual.
      expect(await cards.first().locator('.product-card__name').textContent()).toBe('Cavendish Bananas 1kg');
      await expectNoSeriousViolations(page, `the home page with usuals at ${label}`);
      await testId(page, 'home-usuals-more').click();
      await expect.poll(() => cards.count()).toBeGreaterThan(4);

      // Opened again, the room the shelf had is kept while it loads: nothing under it moves when it comes.
      const held = await holdCalls(page, '**/api/v1/product/usuals');
      await page.reload();
      await testId(page, 'home-usuals-loading').waitFor();
      const specialsTop = () => testId(page, 'home-specials').evaluate((e) => e.getBoundingClientRect().top);
      const before = await specialsTop();
      held.release();
      await expect.poll(() => cards.count()).toBe(4);
      expect(await specialsTop()).toBeCloseTo(before, 0);

      // Added to the trolley from the shelf (the demo customer's cart is shared: it is put back as it was).
      const token = await storedToken(page);
      const bananas = await cards.first().getAttribute('data-testid');
      const productID = Number(bananas?.replace('product-card-', ''));
      const { data: cartBefore } = await callApi<{ available: { productID: number; quantity: number }[] }>(
        'cart/list',
        { token },
      );
      const had = cartBefore.available.find((l) => l.productID === productID)?.quantity ?? 0;
      await testId(page, `product-add-${productID}`).click();
      await expect
        .poll(async () => {
          const { data } = await callApi<{ available: { productID: number; quantity: number }[] }>(
            'cart/list',
            {
              token,
            },
          );
          return data.available.find((l) => l.productID === productID)?.quantity ?? 0;
        })
        .toBe(had + 1);
      if (had === 0) {
        await callApi('cart/delete', { method: 'DELETE', token, body: { productIDs: [productID] } });
      } else {
        await callApi('cart/update', { method: 'PUT', token, body: { productID, quantity: had } });
      }
      await context.close();
    });
  }
});

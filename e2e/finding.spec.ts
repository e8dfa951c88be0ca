import { mkdirSync } from 'node:fs';
import type { Product, ProductList } from '@storefront/contract/catalog';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findSeriousViolations } from './support/axe';
import { DESKTOP, PHONE, openPage, testId, useBrowser } from './support/browser';
import { callApi } from './support/api';

const browser = useBrowser();

const SHOTS = process.env.E2E_SHOTS_DIR;
/** A picture of the page to look at, only where the run asks for them (E2E_SHOTS_DIR, outside the repository). */
async function look(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const widths = [
  ['a phone', PHONE, 'phone'],
  ['a desktop', DESKTOP, 'desktop'],
] as const;

async function listed(query: string): Promise<ProductList> {
  return (await callApi<ProductList>(`product/list?pageSize=50&${query}`)).data;
}

async function shownProductIDs(page: Page): Promise<number[]> {
  await testId(page, 'shop-products').waitFor();
  return page
    .locator('[data-testid="shop-products"] [data-testid^="product-card-"]')
    .evaluateAll((cards) =>
      cards.map((c) => Number(c.getAttribute('data-testid')?.replace('product-card-', ''))),
    );
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search products' });

/** The option the arrows are on: the one the box's aria-activedescendant names. */
async function activeOption(page: Page): Promise<string | null> {
  const id = await searchBox(page).getAttribute('aria-activedescendant');
  return id ? page.locator(`[id="${id}"]`).getAttribute('data-testid') : null;
}

describe('finding things fast', () => {
  it.each(widths)(
    'on %s a shopper types two letters, arrows to a suggested product and opens it with Enter; the open list is axe clean',
    async (_, viewport, name) => {
      const { data } = await callApi<ProductList>('product/list?keyword=tim%20tam');
      const timTam = data.list.find((p: Product) => p.name.startsWith('Tim Tam'));
      if (!timTam) throw new Error('the demo catalogue needs Tim Tams');
      const { context, page } = await openPage(browser(), viewport);
      await page.goto('/shop');
      await testId(page, 'shop-products').waitFor();

      const box = searchBox(page);
      await box.click();
      await box.pressSequentially('ti', { delay: 30 });
      const listbox = page.getByRole('listbox', { name: 'Suggestions' });
      await listbox.waitFor();
      await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
      expect(await box.getAttribute('aria-controls')).toBe(await listbox.getAttribute('id'));
      await box.pressSequentially('m t', { delay: 30 });
      // The answer for all that was typed, not the one for "ti" still shown meanwhile.
      await expect
        .poll(() => testId(page, 'suggestion-aisle-snacks').textContent())
        .toBe('“tim t” in Snacks (1)');
      await testId(page, `suggestion-product-${timTam.productID}`).waitFor();
      await expect
        .poll(() =>
          listbox
            .getByRole('group')
            .evaluateAll((groups) => groups.map((g) => g.getAttribute('aria-labelledby'))),
        )
        .toHaveLength(2);
      await look(page, `finding-suggestions-${name}`);
      expect(await findSeriousViolations(page)).toEqual([]);

      // Down through the aisles to the product, one option a press; the focus stays in the box.
      for (
        let i = 0;
        i < 6 && (await activeOption(page)) !== `suggestion-product-${timTam.productID}`;
        i += 1
      ) {
        const before = await box.getAttribute('aria-activedescendant');
        await box.press('ArrowDown');
        await expect.poll(() => box.getAttribute('aria-activedescendant')).not.toBe(before);
      }
      expect(await activeOption(page)).toBe(`suggestion-product-${timTam.productID}`);
      expect(await testId(page, `suggestion-product-${timTam.productID}`).getAttribute('aria-selected')).toBe(
        'true',
      );
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
        'header-search',
      );
      await box.press('Enter');
      await page.waitForURL(`**/product/${timTam.productID}`);
      await expect.poll(() => testId(page, 'product-name').textContent()).toBe(timTam.name);
      await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
      await context.close();
    },
  );

  it.each(widths)(
    'on %s a shopper picks an aisle from the suggestions; Escape closes them and Enter still searches',
    async (_, viewport, name) => {
      const { context, page } = await openPage(browser(), viewport);
      await page.goto('/');
      const box = searchBox(page);
      await box.click();
      await box.pressSequentially('dai', { delay: 30 });
      const dairy = testId(page, 'suggestion-aisle-dairy');
      await dairy.waitFor();
      expect(await dairy.textContent()).toBe('Dairy & eggs');
      await look(page, `finding-aisle-${name}`);
      await dairy.click();
      await page.waitForURL('**/shop?category=dairy');
      await expect.poll(() => page.locator('h1').textContent()).toBe('Dairy & eggs');

      await box.fill('');
      await box.pressSequentially('tea', { delay: 30 });
      await page.getByRole('listbox', { name: 'Suggestions' }).waitFor();
      await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
      await box.press('Escape');
      await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
      expect(await box.inputValue()).toBe('tea');
      await box.press('Enter');
      await page.waitForURL('**/shop?keyword=tea');
      await testId(page, 'shop-products').waitFor();
      await context.close();
    },
  );

  it.each(widths)(
    'on %s a shopper filters an aisle by brand, then by vegan, and the address keeps both',
    async (_, viewport, name) => {
      const harbourside = await listed('category=pantry&brand=Harbourside');
      const vegan = await listed('category=pantry&brand=Harbourside&dietary=vegan');
      expect(harbourside.total).toBeGreaterThan(vegan.total);
      expect(vegan.total).toBeGreaterThan(0);
      const { context, page } = await openPage(browser(), viewport);
      await page.goto('/shop?category=pantry');
      await testId(page, 'shop-products').waitFor();

      await testId(page, 'shop-brand').locator('summary').click();
      // The brand's word is what a finger taps.
      await testId(page, 'shop-brand-Harbourside').locator('xpath=..').click();
      await page.waitForURL('**/shop?category=pantry&brand=Harbourside');
      await expect.poll(() => shownProductIDs(page)).toEqual(harbourside.list.map((p) => p.productID));

      await testId(page, 'shop-dietary').locator('summary').click();
      expect(await testId(page, 'shop-dietary-vegan').locator('xpath=..').textContent()).toMatch(
        /^Vegan \(\d+\)$/,
      );
      await testId(page, 'shop-dietary-vegan').locator('xpath=..').click();
      await page.waitForURL('**/shop?category=pantry&brand=Harbourside&dietary=vegan');
      const ids = vegan.list.map((p) => p.productID);
      await expect.poll(() => shownProductIDs(page)).toEqual(ids);
      for (const id of ids) {
        expect(await testId(page, `product-dietary-${id}`).getByRole('listitem').allTextContents()).toContain(
          'Vegan',
        );
      }
      expect(await findSeriousViolations(page)).toEqual([]);
      await look(page, `finding-filters-${name}`);

      await page.reload();
      await testId(page, 'shop-products').waitFor();
      expect(await testId(page, 'shop-brand-Harbourside').isChecked()).toBe(true);
      expect(await testId(page, 'shop-dietary-vegan').isChecked()).toBe(true);
      expect(await testId(page, 'shop-brand').locator('summary').textContent()).toBe('Brand (1)');
      await expect.poll(() => shownProductIDs(page)).toEqual(ids);
      await context.close();
    },
  );

  it.each(widths)(
    'on %s a shopper sorts the whole shop by unit price and is told the units differ',
    async (_, viewport, name) => {
      const sorted = await listed('sort=unit-price-asc');
      expect(sorted.unitPriceOrder?.unitsDiffer).toBe(true);
      const { context, page } = await openPage(browser(), viewport);
      await page.goto('/shop');
      await testId(page, 'shop-products').waitFor();
      await testId(page, 'shop-sort').selectOption('unit-price-asc');
      await page.waitForURL('**/shop?sort=unit-price-asc');
      const first = await callApi<ProductList>('product/list?sort=unit-price-asc&pageSize=12');
      await expect.poll(() => shownProductIDs(page)).toEqual(first.data.list.map((p) => p.productID));
      const note = testId(page, 'shop-unit-note');
      await note.waitFor();
      expect(await note.textContent()).toMatch(
        /^Units differ here, so unit prices are compared within each kind: (per kg|per L|each) \(\d+\), then /,
      );
      expect(await findSeriousViolations(page)).toEqual([]);
      await look(page, `finding-unit-price-${name}`);

      // One kind of unit: nothing to say.
      await page.goto('/shop?category=fruit-veg&keyword=bananas&sort=unit-price-asc');
      await testId(page, 'shop-products').waitFor();
      expect(await note.count()).toBe(0);
      await context.close();
    },
  );
});

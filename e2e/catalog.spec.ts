import type { Product } from '@storefront/contract/catalog';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findSeriousViolations } from './support/axe';
import { DESKTOP, PHONE, holdCalls, openPage, saveScreenshot, testId, useBrowser } from './support/browser';
import { callApi } from './support/api';

const browser = useBrowser();

/** The label around a shop filter's box: what a finger taps. */
const filterLabel = (page: Page, filter: string) => testId(page, `shop-filter-${filter}`).locator('xpath=..');

async function listProducts(query: string): Promise<Product[]> {
  const { data } = await callApi<{ list: Product[] }>(`product/list?pageSize=50&${query}`);
  return data.list;
}

async function shownProductIDs(page: Page): Promise<number[]> {
  await testId(page, 'shop-products').waitFor();
  const ids = await page
    .locator('[data-testid="shop-products"] [data-testid^="product-card-"]')
    .evaluateAll((cards) =>
      cards.map((c) => Number(c.getAttribute('data-testid')?.replace('product-card-', ''))),
    );
  return ids;
}

async function expectOneHeadingAndTitle(page: Page, heading: string): Promise<void> {
  await expect.poll(() => page.locator('h1').count()).toBe(1);
  expect(await page.locator('h1').textContent()).toBe(heading);
  await expect.poll(() => page.title()).toBe(`${heading} · Harbour Grocer`);
}

describe('finding, comparing and trusting the catalogue', () => {
  it('the header search ranks whole words first and never matches inside a word', async () => {
    const { context, page } = await openPage(browser(), DESKTOP);
    await page.goto('/');
    await testId(page, 'header-search').fill('tea');
    await testId(page, 'header-search').press('Enter');
    await page.waitForURL('**/shop?keyword=tea');
    await testId(page, 'shop-products').waitFor();
    const names = await page.locator('[data-testid="shop-products"] .product-card__name').allTextContents();
    expect(names.length).toBeGreaterThan(1);
    expect(names.slice(0, 2).every((n) => /\btea\b/i.test(n))).toBe(true);
    expect(names.join()).not.toMatch(/dumpling/i);
    await expectOneHeadingAndTitle(page, 'Results for “tea”');
    expect(await testId(page, 'header-search').inputValue()).toBe('tea');
    // The aisles beside a search carry no counts: those are of each whole shelf, not of the matches.
    await expect.poll(() => testId(page, 'category-tab-pantry').textContent()).toBe('Pantry');
    expect(await testId(page, 'category-tab-all').textContent()).toBe('All');
    await page.goto('/shop');
    await expect.poll(() => testId(page, 'category-tab-all').textContent()).toMatch(/^All \(\d+\)$/);
    await context.close();
  });

  it('a search in the plural finds the product named in the singular, and one of two words finds what has one', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await page.goto('/');
    await testId(page, 'header-search').fill('tim tams');
    await testId(page, 'header-search').press('Enter');
    await page.waitForURL('**/shop?keyword=tim+tams');
    await testId(page, 'shop-products').waitFor();
    const names = await page.locator('[data-testid="shop-products"] .product-card__name').allTextContents();
    expect(names[0]).toMatch(/^Tim Tam\b/);
    expect(await testId(page, 'shop-any-word').count()).toBe(0);
    // Focus stays in the search box: what it found is said in a live region.
    expect(await testId(page, 'shop-search-status').getAttribute('role')).toBe('status');
    expect(await testId(page, 'shop-search-status').textContent()).toBe(
      `${names.length} ${names.length === 1 ? 'product matches' : 'products match'} “tim tams”.`,
    );

    // No product is "coffee beans": the ground coffee is listed, and the page says why.
    await testId(page, 'header-search').fill('coffee beans');
    await testId(page, 'header-search').press('Enter');
    await page.waitForURL('**/shop?keyword=coffee+beans');
    await expect
      .poll(() => testId(page, 'shop-any-word').textContent())
      .toBe('Nothing matches every word of “coffee beans”. These match some of them.');
    const found = await page.locator('[data-testid="shop-products"] .product-card__name').allTextContents();
    expect(found).toContain('Ground Coffee 250g');
    expect(await testId(page, 'shop-search-status').textContent()).toBe(
      `Nothing matches every word of “coffee beans”. ${found.length} products match some of them.`,
    );
    await saveScreenshot(page, 'shop-any-word-phone');
    await context.close();
  });

  it('a size typed with its decimal or its unit spelt out finds the product by every word; a search an aisle has nothing for says where it looked and searches the whole shop in one tap', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await page.goto('/');
    await testId(page, 'header-search').fill('WATER 1.25l');
    await testId(page, 'header-search').press('Enter');
    await page.waitForURL('**/shop?keyword=WATER+1.25l');
    await testId(page, 'shop-products').waitFor();
    const names = await page.locator('[data-testid="shop-products"] .product-card__name').allTextContents();
    expect(names).toEqual(['Sparkling Mineral Water 1.25L']);
    expect(await testId(page, 'shop-any-word').count()).toBe(0);

    // A unit spelt out is the unit: "2 litres" finds the milk of 2L by every word.
    await testId(page, 'header-search').fill('milk 2 litres');
    await testId(page, 'header-search').press('Enter');
    await page.waitForURL('**/shop?keyword=milk+2+litres');
    await expect
      .poll(() => page.locator('[data-testid="shop-products"] .product-card__name').allTextContents())
      .toEqual(['Full Cream Milk 2L']);
    expect(await testId(page, 'shop-any-word').count()).toBe(0);

    // The aisle chips keep the search: the dairy aisle has no bread, and the page says it looked only there.
    await testId(page, 'header-search').fill('bread');
    await testId(page, 'header-search').press('Enter');
    await page.waitForURL('**/shop?keyword=bread');
    await testId(page, 'category-tab-dairy').click();
    await expect
      .poll(() => testId(page, 'shop-empty-text').textContent())
      .toBe('Nothing in Dairy & eggs matches “bread”.');
    expect(await testId(page, 'shop-search-status').textContent()).toBe(
      'Nothing in Dairy & eggs matches “bread”.',
    );
    await saveScreenshot(page, 'shop-empty-in-aisle-phone');
    await testId(page, 'shop-search-everywhere').click();
    await page.waitForURL('**/shop?keyword=bread');
    await expect
      .poll(() => page.locator('[data-testid="shop-products"] .product-card__name').allTextContents())
      .toContain('Wholemeal Sandwich Bread');
    await context.close();
  });

  it('a shopper sorts by unit price, picks the specials aisle, then an aisle that keeps the filters, and the address keeps them', async () => {
    const { context, page } = await openPage(browser(), DESKTOP);
    await page.goto('/shop?category=pantry');
    await testId(page, 'shop-products').waitFor();
    await testId(page, 'shop-sort').selectOption('price-asc');
    await page.waitForURL('**/shop?category=pantry&sort=price-asc');
    const cheapest = await listProducts('category=pantry&sort=price-asc');
    await expect.poll(() => shownProductIDs(page)).toEqual(cheapest.slice(0, 12).map((p) => p.productID));

    const withUnitPrice = cheapest.slice(0, 12).filter((x) => x.unitPrice);
    expect(withUnitPrice.length).toBeGreaterThanOrEqual(3);
    for (const p of withUnitPrice.slice(0, 3)) {
      expect(await testId(page, `product-price-${p.productID}-unit`).textContent()).toMatch(
        /^\$\d+\.\d\d (per kg|per 100 g|per L|per 100 mL|each)$/,
      );
    }

    await testId(page, 'category-tab-specials').click();
    await page.waitForURL('**/shop?sort=price-asc&special=true');
    const specials = await listProducts('special=true&sort=price-asc');
    expect(specials.length).toBeGreaterThan(3);
    await expect.poll(() => shownProductIDs(page)).toEqual(specials.slice(0, 12).map((p) => p.productID));
    const first = specials[0];
    if (!first?.wasPrice) throw new Error('a special needs a was price');
    expect(await testId(page, `product-price-${first.productID}-was`).textContent()).toBe(
      `was $${(first.wasPrice / 100).toFixed(2)}`,
    );
    await expectOneHeadingAndTitle(page, 'Specials');

    await testId(page, 'shop-filter-in-stock').click();
    await page.waitForURL('**/shop?sort=price-asc&special=true&inStock=true');
    await page.reload();
    expect(await testId(page, 'shop-filter-in-stock').isChecked()).toBe(true);
    expect(await testId(page, 'shop-sort').inputValue()).toBe('price-asc');

    // An aisle keeps what is ticked: its specials in stock, not its whole shelf.
    await testId(page, 'category-tab-pantry').click();
    await page.waitForURL('**/shop?category=pantry&sort=price-asc&special=true&inStock=true');
    expect(await testId(page, 'shop-filter-special').isChecked()).toBe(true);
    const pantrySpecials = await listProducts('category=pantry&special=true&inStock=true&sort=price-asc');
    expect(pantrySpecials.length).toBeGreaterThan(0);
    await expect.poll(() => shownProductIDs(page)).toEqual(pantrySpecials.map((p) => p.productID));
    await expectOneHeadingAndTitle(page, 'Pantry');
    await context.close();
  });

  it.each([
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ])(
    'on %s a shopper chooses Free from: milk and sees nothing that contains or may contain milk',
    async (_, viewport) => {
      const { context, page } = await openPage(browser(), viewport);
      await page.goto('/shop?category=dairy');
      await testId(page, 'shop-products').waitFor();
      const hasMilk = (p: Product) => [...p.allergensContains, ...p.allergensMayContain].includes('milk');
      const dairy = await listProducts('category=dairy');
      expect(dairy.filter(hasMilk).length).toBeGreaterThan(0);

      await testId(page, 'shop-free-from').locator('summary').click();
      // On a phone the allergen's word is tapped, as the other filters' are.
      await testId(page, 'shop-free-from-milk').locator('xpath=..').click();
      await page.waitForURL('**/shop?category=dairy&freeFrom=milk');
      const free = await listProducts('category=dairy&freeFrom=milk');
      expect(free.length).toBeGreaterThan(0);
      expect(free.filter(hasMilk)).toEqual([]);
      await expect.poll(() => shownProductIDs(page)).toEqual(free.slice(0, 12).map((p) => p.productID));
      for (const id of await shownProductIDs(page)) {
        const { data } = await callApi<Product>(`product/detail?productID=${id}`);
        expect(hasMilk(data), data.name).toBe(false);
      }
      expect(await findSeriousViolations(page)).toEqual([]);

      // The address keeps it: a reload shows the box ticked and the list still free from milk.
      await page.reload();
      await testId(page, 'shop-products').waitFor();
      expect(await testId(page, 'shop-free-from-milk').isChecked()).toBe(true);
      expect(await testId(page, 'shop-free-from').locator('summary').textContent()).toBe('Free from (1)');
      await expect.poll(() => shownProductIDs(page)).toEqual(free.slice(0, 12).map((p) => p.productID));
      await saveScreenshot(page, `catalog-free-from-${viewport === DESKTOP ? 'desktop' : 'phone'}`);
      await context.close();
    },
  );

  it("the home page says when this week's specials could not be loaded, and loads them again on request", async () => {
    const { context, page } = await openPage(browser(), PHONE);
    let failing = true;
    await page.route('**/api/v1/product/list?*', (route) =>
      failing ? route.fulfill({ status: 503, body: 'down' }) : route.fallback(),
    );
    await page.goto('/');
    const error = testId(page, 'home-specials-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('could not be loaded');
    await saveScreenshot(page, 'home-specials-error-phone');
    failing = false;
    await testId(page, 'home-specials-error-retry').click();
    await testId(page, 'home-specials-list').waitFor();
    expect(
      await page.locator('[data-testid="home-specials-list"] [data-testid^="product-card-"]').count(),
    ).toBe(4);
    expect(await error.count()).toBe(0);
    await context.close();
  });

  it('every product has its own picture and its name once on its card', async () => {
    const { context, page } = await openPage(browser(), DESKTOP);
    await page.goto('/shop');
    await testId(page, 'shop-products').waitFor();
    const images = await page
      .locator('[data-testid="shop-products"] img')
      .evaluateAll((imgs) => imgs.map((i) => ({ src: i.getAttribute('src'), alt: i.getAttribute('alt') })));
    expect(images.length).toBeGreaterThanOrEqual(12);
    expect(new Set(images.map((i) => i.src)).size).toBe(images.length);
    expect(images.every((i) => i.alt === '')).toBe(true);
    const [id] = await shownProductIDs(page);
    const card = testId(page, `product-card-${id}`);
    const name = (await card.locator('.product-card__name').textContent()) ?? '';
    expect((await card.innerText()).split(name).length - 1).toBe(1);
    await context.close();
  });

  it('on a phone every aisle shows, and Back returns to the same place in the list', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await page.goto('/shop');
    await testId(page, 'shop-products').waitFor();
    const chips = page.locator('[data-testid^="category-tab-"]');
    // The grid shows only once the aisles have arrived, so they are all there by now.
    expect(await chips.count()).toBe(10);
    for (const box of await chips.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()))) {
      expect(box.width).toBeGreaterThan(0);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(PHONE.width);
    }

    const ids = await shownProductIDs(page);
    const target = ids[9];
    await testId(page, `product-card-${target}`).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 40));
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(600);
    await testId(page, `product-card-${target}`).locator('.product-card__name').click();
    await page.waitForURL(`**/product/${target}`);
    await testId(page, 'product-name').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await testId(page, 'shop-products').waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 5);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThanOrEqual(5);
    await context.close();
  });

  it('on a phone the sort, the filters and the page numbers are 44 px tap targets; a tap on a filter word ticks it', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await page.goto('/shop');
    await testId(page, 'shop-products').waitFor();
    const controls = [testId(page, 'shop-sort'), ...['special', 'in-stock'].map((f) => filterLabel(page, f))];
    const pageLinks = await testId(page, 'shop-pagination').locator('a').all();
    expect(pageLinks.length).toBeGreaterThanOrEqual(2);
    for (const control of [...controls, ...pageLinks]) {
      const box = await control.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect(box?.width).toBeGreaterThanOrEqual(44);
    }
    const label = await filterLabel(page, 'special').boundingBox();
    if (!label) throw new Error('the filter has no label');
    await page.mouse.click(label.x + label.width - 4, label.y + 3);
    await page.waitForURL(/special=true/);
    // The address changes first; the box is drawn ticked by the render that follows it.
    await expect.poll(() => testId(page, 'shop-filter-special').isChecked()).toBe(true);
    await context.close();
  });

  it('on the product page a quantity it cannot take is set and said, never silently', async () => {
    const product = (await listProducts('category=pantry')).find((p) => p.available && p.stock > 10);
    if (!product) throw new Error('the demo catalogue needs a pantry product in stock');
    const { context, page } = await openPage(browser(), PHONE);
    await page.goto(`/product/${product.productID}`);
    const quantity = testId(page, 'product-quantity');
    const hint = testId(page, 'product-quantity-hint');
    const max = Math.min(product.stock, 99);

    await quantity.fill('999');
    await quantity.press('Tab');
    await expect.poll(() => hint.textContent()).toContain(`set to ${max}`);
    expect(await quantity.inputValue()).toBe(String(max));

    await quantity.fill('0');
    await quantity.press('Tab');
    await expect.poll(() => hint.textContent()).toBe('At least 1: set to 1.');
    expect(await quantity.inputValue()).toBe('1');

    await quantity.fill('');
    await quantity.press('Tab');
    await expect.poll(() => hint.textContent()).toContain('Enter a quantity from 1 to');
    await testId(page, 'product-page').getByRole('button', { name: 'One more' }).click();
    expect(await hint.textContent()).toBe('');
    expect(await quantity.inputValue()).toBe('2');
    await context.close();
  });

  it('a missing product answers a not-found page, and slow pages show skeletons as wide as the cards', async () => {
    const { context, page } = await openPage(browser(), DESKTOP);
    await page.goto('/product/2000000000');
    await testId(page, 'product-not-found').waitFor();
    await expectOneHeadingAndTitle(page, 'Product not found');
    expect(await page.getByText('Try again').count()).toBe(0);

    const reads = await holdCalls(page, '**/api/v1/product/**');
    for (const [path, skeleton] of [
      ['/shop', 'shop-loading'],
      ['/product/1', 'product-loading'],
    ] as const) {
      await page.goto(path);
      await testId(page, skeleton).waitFor();
      const box = await testId(page, skeleton).boundingBox();
      expect(box?.width).toBeGreaterThan(DESKTOP.width / 2);
      const first = page.locator(`[data-testid="${skeleton}"] .placeholder`).first();
      expect((await first.boundingBox())?.width).toBeGreaterThan(100);
    }
    reads.release();
    await context.close();
  });

  it('home, shop and product pages: one heading, own title, no serious axe findings, looked at on both widths', async () => {
    const [special] = await listProducts('special=true');
    if (!special) throw new Error('the demo catalogue needs a special');
    const { context, page } = await openPage(browser(), DESKTOP);
    const pages = [
      { path: '/', ready: 'home-specials-list', heading: 'Fresh groceries, delivered', name: 'catalog-home' },
      { path: '/shop', ready: 'shop-products', heading: 'Shop the aisles', name: 'catalog-shop' },
      {
        path: `/product/${special.productID}`,
        ready: 'product-related',
        heading: special.name,
        name: 'catalog-product',
      },
    ];
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      for (const p of pages) {
        await page.goto(p.path);
        await testId(page, p.ready).waitFor();
        await page.evaluate(() => document.fonts.ready);
        expect(await page.locator('h1').count()).toBe(1);
        expect(await page.locator('h1').textContent()).toBe(p.heading);
        await expect.poll(() => page.title()).toBe(`${p.heading} · Harbour Grocer`);
        expect(await findSeriousViolations(page)).toEqual([]);
        await saveScreenshot(page, `${p.name}-${viewport === DESKTOP ? 'desktop' : 'phone'}`);
      }
    }
    await context.close();
  });
});

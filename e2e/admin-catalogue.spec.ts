import type { BrowserContext, Page } from 'playwright-core';
import type { Product } from '@storefront/contract/catalog';
import type { CartList } from '@storefront/contract/cart';
import type { AdminProduct, ImportReport } from '@storefront/contract/catalogue-admin';
import type { DeliveryWindows } from '@storefront/contract/delivery';
import type { DeliveryTemplate } from '@storefront/contract/delivery-admin';
import { STORE_TIME_ZONE } from '@storefront/contract/limits';
import type { CouponDetail } from '@storefront/contract/offers-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSeriousViolations } from './support/axe';
import {
  clickSelectOption,
  DESKTOP,
  findSidewaysOverflow,
  OPEN_SELECT_LIST,
  PHONE,
  saveScreenshot,
  testId,
  toasts,
  useBrowser,
  waitForPageSettled,
  waitForPopupToSettle,
} from './support/browser';
import { startBuiltStore, type BuiltStore } from './support/built-store';
import { lineOf, makeProductRows, toCsv, type CsvRow } from './support/catalogue-csv';
import { makePng, type Rgb } from './support/catalogue-png';
import { customerApiOf } from './support/catalogue-store-api';

/**
 * The catalogue in the grocer's hands, in Chromium: a manager checks a 2,000-line product file (the check lists its
 * three bad rows by line and changes nothing), imports it fixed, edits two of the new products (an image, a special,
 * a delivery received) at a desktop's width and a phone's, adds a delivery window and a coupon; the storefront and
 * its API show each change at once, and the audit log lists every one. A store of its own: 2,000 products, a window
 * every day and a coupon would change what the other journeys on the worker's store count.
 */
const browser = useBrowser();
const MANAGER = {
  email: 'manager@storefront.test',
  password: 'manager-pass-2000',
  name: 'Mia Manager',
} as const;
const aud = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });
const money = (cents: number) => aud.format(cents / 100);
let store: BuiltStore;
let api: ReturnType<typeof customerApiOf>;

beforeAll(async () => {
  store = await startBuiltStore();
  api = customerApiOf(store.baseURL);
});
afterAll(async () => {
  await store?.stop();
});

async function openStorePage(viewport: { width: number; height: number }) {
  const context = await browser().newContext({
    baseURL: store.baseURL,
    viewport,
    locale: 'en-AU',
    timezoneId: STORE_TIME_ZONE,
  });
  return { context, page: await context.newPage() };
}

async function signInManager(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await testId(page, 'login-email').fill(MANAGER.email);
  await testId(page, 'login-password').fill(MANAGER.password);
  await testId(page, 'login-submit').click();
  await page.waitForURL('**/admin/dashboard');
}

/** The page as it settles: one <h1>, no serious axe finding, nothing past the right edge; a picture. */
async function checkPage(page: Page, name: string): Promise<void> {
  await waitForPageSettled(page);
  expect(await page.locator('h1').count(), `${name}: one <h1>`).toBe(1);
  expect(await findSeriousViolations(page), `${name}: axe`).toEqual([]);
  expect((await findSidewaysOverflow(page)).culprits, `${name}: sideways overflow`).toEqual([]);
  const { width } = page.viewportSize() ?? DESKTOP;
  await saveScreenshot(page, `admin-catalogue-${name}-${width}`);
}

/**
 * Does `act` and answers the data of the back office API's answer to `method` on `path` (after `/api/admin/v1`, with
 * its query if given): the page's own call, so the test goes on when the store has answered, and fails on a refusal.
 */
async function answerTo<T>(
  page: Page,
  method: string,
  path: string,
  act: () => Promise<void>,
  timeout = 30_000,
): Promise<T> {
  const wanted = `/api/admin/v1${path}`;
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => {
        const url = new URL(r.url());
        return (
          r.request().method() === method && (url.pathname === wanted || url.pathname + url.search === wanted)
        );
      },
      { timeout },
    ),
    act(),
  ]);
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${method} ${path}: ${body.msg}`).toBe(0);
  return body.data;
}

/** A store-local day (YYYY-MM-DD) `days` from today in Sydney. */
function storeDay(days: number): string {
  const at = new Date(Date.now() + days * 24 * 3600 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: STORE_TIME_ZONE }).format(at);
}

/** "Tuesday 2 June" for a YYYY-MM-DD day, as the storefront names a special's last day. */
function dayInWords(day: string): string {
  const parts = new Intl.DateTimeFormat('en-AU', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).formatToParts(new Date(`${day}T12:00:00Z`));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')}`;
}

/** The local hour and minute ("21:00") of an instant in Sydney. */
function storeTimeOf(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: STORE_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/**
 * Types a date and time into an Ant Design date picker as staff would, and confirms it with its panel's OK button
 * (Enter there also sends the product form, before the rest of the special is filled in).
 */
async function typeDateTime(page: Page, id: string, value: string): Promise<void> {
  const picker = testId(page, id);
  const input = (await picker.evaluate((el) => el.tagName)) === 'INPUT' ? picker : picker.locator('input');
  const panel = '.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)';
  await input.click();
  await waitForPopupToSettle(page, panel);
  await input.fill(value);
  await page.locator(`${panel} .ant-picker-ok button`).click();
  await page.locator(panel).waitFor({ state: 'hidden' });
  expect(await input.inputValue()).toBe(value);
}

/** A CSV price ("11.50") in cents. */
const centsOf = (dollars: string) => Math.round(Number(dollars) * 100);

type ProductEdit = { row: CsvRow; special: number; received: number; colours: [Rgb, Rgb] };
type Edited = { productID: number; price: number; special: number; stock: number; imageUrl: string };
type AuditExpectation = { action: string; target: string };
/** How many pixels wide the uploaded image is: under the 800 px the store keeps, so served as it was sent. */
const IMAGE_SIZE = 400;

describe('the catalogue in the grocer’s hands', () => {
  const contexts: BrowserContext[] = [];
  const run = Date.now().toString(36).toUpperCase();
  const rows = makeProductRows(run, 2000);
  const rowAt = (i: number): CsvRow => {
    const row = rows[i];
    if (!row) throw new Error(`no row ${i}`);
    return row;
  };
  const specialEnds = storeDay(10);
  const audited: AuditExpectation[] = [];
  const edited: Edited[] = [];
  let manager: Page;

  beforeAll(async () => {
    const { context, page } = await openStorePage(DESKTOP);
    contexts.push(context);
    manager = page;
    await signInManager(manager);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
  });

  /** An imported row's product as the storefront's API lists it, found by its SKU. */
  async function shopProductOf(row: CsvRow): Promise<Product | undefined> {
    const { data } = await api.call<{ list: Product[] }>(
      `product/list?keyword=${encodeURIComponent(row.sku)}`,
    );
    return data.list.find((p) => p.sku === row.sku);
  }

  it('checks a 2,000-line file, listing its three bad rows by line, then imports it fixed', async () => {
    const page = manager;
    const [badPrice, badAisle, duplicate] = [99, 500, 1001];
    const bad = [...rows];
    bad[badPrice] = { ...rowAt(badPrice), price: '4.5.0' };
    bad[badAisle] = { ...rowAt(badAisle), aisle: 'hardware' };
    bad[duplicate] = { ...rowAt(duplicate), sku: rowAt(0).sku };

    await testId(page, 'menu-products').click();
    await page.waitForURL('**/admin/products');
    await testId(page, 'products-import').click();
    await page.waitForURL('**/admin/products/import');
    await testId(page, 'import-empty').waitFor();
    await checkPage(page, 'import');
    await page.setViewportSize(PHONE);
    await checkPage(page, 'import');
    await page.setViewportSize(DESKTOP);

    // The check changes nothing and names each bad row by its line, column and reason.
    await testId(page, 'import-file').setInputFiles({
      name: 'products.csv',
      mimeType: 'text/csv',
      buffer: toCsv(bad),
    });
    const checked = await answerTo<ImportReport>(page, 'POST', '/products/import?dryRun=true', () =>
      testId(page, 'import-check').click(),
    );
    expect(checked).toMatchObject({ dryRun: true, applied: false, rows: 2000, moreProblems: 0 });
    const problems = testId(page, 'import-problems');
    await problems.waitFor();
    expect(await testId(page, 'import-summary-rows').textContent()).toContain('2,000');
    expect(await testId(page, 'import-summary').textContent()).toContain(
      '3 problems to fix. Nothing was changed: fix the file and check it again.',
    );
    const problemRows = problems.locator('tbody tr.ant-table-row');
    expect(await problemRows.count()).toBe(3);
    const cellsOf = async (i: number) =>
      (await problemRows.nth(i).locator('td').allTextContents()).map((t) => t.trim());
    expect(await cellsOf(0)).toEqual([
      String(lineOf(badPrice)),
      'price',
      expect.stringContaining('must be dollars like 4.50'),
    ]);
    expect(await cellsOf(1)).toEqual([String(lineOf(badAisle)), 'aisle', expect.stringContaining('pantry')]);
    expect(await cellsOf(2)).toEqual([String(lineOf(duplicate)), 'sku', 'is also on line 2']);
    expect(await testId(page, 'import-apply').isDisabled()).toBe(true);
    await checkPage(page, 'import-problems');
    // On a phone each problem is a card, titled by its line and column.
    await page.setViewportSize(PHONE);
    await problems.locator('.ant-card').first().waitFor();
    expect(await problems.locator('.ant-card-head-title').allTextContents()).toEqual([
      `Line ${lineOf(badPrice)} · price`,
      `Line ${lineOf(badAisle)} · aisle`,
      `Line ${lineOf(duplicate)} · sku`,
    ]);
    await checkPage(page, 'import-problems');
    await page.setViewportSize(DESKTOP);
    expect(await shopProductOf(rowAt(0))).toBeUndefined();

    // The file with the three rows fixed: the check finds it good, and the import creates every product.
    await testId(page, 'import-file').setInputFiles({
      name: 'products-fixed.csv',
      mimeType: 'text/csv',
      buffer: toCsv(rows),
    });
    await testId(page, 'import-summary').waitFor({ state: 'detached' });
    await answerTo(page, 'POST', '/products/import?dryRun=true', () => testId(page, 'import-check').click());
    expect(await testId(page, 'import-problems').count()).toBe(0);
    expect(await testId(page, 'import-summary-created').textContent()).toMatch(/New\s*2,000/);
    const imported = await answerTo<ImportReport>(
      page,
      'POST',
      '/products/import?dryRun=false',
      () => testId(page, 'import-apply').click(),
      90_000,
    );
    expect(imported).toMatchObject({ applied: true, rows: 2000, created: 2000, updated: 0, problems: [] });
    await testId(page, 'import-done-products').waitFor();
    expect(await testId(page, 'import-summary-created').textContent()).toMatch(/Created\s*2,000/);
    expect(await testId(page, 'import-summary-updated').textContent()).toMatch(/Updated\s*0/);
    expect(await testId(page, 'import-summary').textContent()).toContain(
      'Imported. The shop shows the changes now.',
    );
    await checkPage(page, 'import-done');
    audited.push({ action: 'product.import', target: 'product#import' });

    // On the storefront at once: all of them, each as the file has it.
    const { data: listed } = await api.call<{ total: number }>(`product/list?keyword=${run}&pageSize=1`);
    expect(listed.total).toBe(2000);
    const sample = rowAt(1234);
    expect(await shopProductOf(sample)).toMatchObject({
      name: sample.name,
      price: centsOf(sample.price),
      stock: 20,
      category: sample.aisle,
      isOnSpecial: false,
    });
  });

  /**
   * Finds an imported product in the product list and opens it; uploads an image, puts it on special from yesterday
   * for ten days, saves, and records a delivery received. Answers what the storefront should now show.
   */
  async function editProduct(page: Page, { row, special, received, colours }: ProductEdit): Promise<Edited> {
    const isPhone = (page.viewportSize()?.width ?? DESKTOP.width) < 768;
    const shown = await shopProductOf(row);
    if (!shown) throw new Error(`${row.sku} is not on the storefront`);
    const { productID } = shown;
    await page.goto(`/admin/products?q=${encodeURIComponent(row.sku)}`);
    const listed = testId(page, 'product-row').filter({ hasText: row.name });
    await listed.waitFor();
    expect(await testId(page, 'product-row').count()).toBe(1);
    await checkPage(page, 'products');
    // On a phone the whole card is the link; on a desktop, the name.
    await (isPhone ? listed : testId(page, `product-link-${productID}`)).click();
    await page.waitForURL(`**/admin/products/${productID}`);
    await testId(page, 'product-form').waitFor();
    expect(await testId(page, 'product-name').inputValue()).toBe(row.name);
    await checkPage(page, 'product');

    // The image goes on the shop when uploaded, without the form's Save.
    const withImage = await answerTo<AdminProduct>(page, 'PUT', `/products/${productID}/image`, () =>
      testId(page, 'product-image-upload')
        .locator('input[type="file"]')
        .setInputFiles({ name: 'jar.png', mimeType: 'image/png', buffer: makePng(IMAGE_SIZE, ...colours) }),
    );
    expect(withImage.imageUrl).toMatch(/^\/images\/products\/[0-9a-f]{64}-800\.webp$/);
    await toasts(page).filter({ hasText: 'The new image is on the shop.' }).waitFor();
    expect(await testId(page, 'product-image').getAttribute('src')).toBe(withImage.imageUrl);

    // A special from yesterday for ten days, on the store's clock; the save follows the upload's version.
    await testId(page, 'product-special-toggle').click();
    await testId(page, 'product-special-price').fill((special / 100).toFixed(2));
    await typeDateTime(page, 'product-special-starts', `${storeDay(-1)} 00:00`);
    await typeDateTime(page, 'product-special-ends', `${specialEnds} 18:00`);
    const saved = await answerTo<AdminProduct>(page, 'PUT', `/products/${productID}`, () =>
      testId(page, 'product-save').click(),
    );
    expect(saved.special).toMatchObject({ price: special, running: true });
    await toasts(page).filter({ hasText: 'Saved.' }).waitFor();
    expect(await testId(page, 'product-save-error').count()).toBe(0);

    // A delivery received: the stock moves up, and the history says why and who.
    await testId(page, 'stock-adjust').click();
    await testId(page, 'stock-adjust-form').waitFor();
    const now = testId(page, 'stock-adjust-now');
    expect(await now.textContent()).toBe('In stock now: 20');
    await testId(page, 'stock-adjust-quantity').fill(String(received));
    await testId(page, 'stock-adjust-note').fill(`Delivery ${run}`);
    await expect.poll(() => now.textContent()).toBe(`In stock now: 20 · after this: ${20 + received}`);
    const adjusted = await answerTo<AdminProduct>(page, 'POST', `/products/${productID}/stock`, () =>
      testId(page, 'stock-adjust-submit').click(),
    );
    expect(adjusted.stock).toBe(20 + received);
    await toasts(page)
      .filter({ hasText: `Stock is now ${20 + received}.` })
      .waitFor();
    await testId(page, 'stock-adjust-form').waitFor({ state: 'hidden' });
    const latest = testId(page, 'stock-movements').locator('tbody tr.ant-table-row').first();
    await expect.poll(() => latest.textContent()).toContain(`+${received}`);
    const movement = await latest.textContent();
    for (const part of ['Received', MANAGER.name, `Delivery ${run}`, String(20 + received)])
      expect(movement).toContain(part);
    await checkPage(page, 'product-edited');

    audited.push(
      { action: 'product.image', target: `product#${productID}` },
      { action: 'product.update', target: `product#${productID}` },
      { action: 'product.stock', target: `product#${productID}` },
    );
    return {
      productID,
      price: centsOf(row.price),
      special,
      stock: 20 + received,
      imageUrl: withImage.imageUrl,
    };
  }

  /** The storefront's product page, to anyone: the special and its was price, its last day, the new image. */
  async function checkShopProduct(viewport: typeof DESKTOP | typeof PHONE, product: Edited): Promise<void> {
    const { context, page } = await openStorePage(viewport);
    contexts.push(context);
    await page.goto(`/product/${product.productID}`);
    await testId(page, 'product-page').waitFor();
    await waitForPageSettled(page);
    expect(await testId(page, 'product-price').textContent()).toBe(money(product.special));
    expect(await testId(page, 'product-price-was').textContent()).toBe(`was ${money(product.price)}`);
    expect(await testId(page, 'product-special-ends').textContent()).toBe(
      `Special ends ${dayInWords(specialEnds)}`,
    );
    expect(await testId(page, 'product-stock').textContent()).toBe('In stock');
    const image = page.locator('.product-detail__image img');
    expect(await image.getAttribute('src')).toBe(product.imageUrl);
    // Loaded, and the picture uploaded (the store keeps a smaller one as it is).
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBe(IMAGE_SIZE);
    await saveScreenshot(page, `admin-catalogue-shop-product-${viewport.width}`);
    await context.close();

    const { data } = await api.call<Product>(`product/detail?productID=${product.productID}`);
    expect(data).toMatchObject({
      price: product.special,
      wasPrice: product.price,
      isOnSpecial: true,
      stock: product.stock,
      imageUrl: product.imageUrl,
    });
  }

  it('edits an imported product at a desktop’s width: image, special, stock; the shop shows each at once', async () => {
    const row = rowAt(38);
    const product = await editProduct(manager, {
      row,
      special: centsOf(row.price) - 255,
      received: 24,
      colours: [
        [230, 120, 30],
        [40, 90, 200],
      ],
    });
    edited.push(product);
    await checkShopProduct(DESKTOP, product);
  });

  it('edits another at a phone’s width, the same way', async () => {
    const { context, page } = await openStorePage(PHONE);
    contexts.push(context);
    await signInManager(page);
    const row = rowAt(37);
    const product = await editProduct(page, {
      row,
      special: centsOf(row.price) - 100,
      received: 12,
      colours: [
        [20, 160, 90],
        [250, 220, 40],
      ],
    });
    edited.push(product);
    await checkShopProduct(PHONE, product);
    await context.close();
  });

  it('adds a delivery window every day, which a customer is offered at once', async () => {
    const page = manager;
    const label = `Late ${run}`;
    await testId(page, 'menu-delivery').click();
    await page.waitForURL('**/admin/delivery');
    const metro = testId(page, 'delivery-zone-metro');
    await metro.locator('[data-testid="template-row"]').first().waitFor();
    await testId(page, 'delivery-add-template').click();
    await testId(page, 'template-form').waitFor();
    expect(await testId(page, 'template-zone').textContent()).toContain('Metro');
    await testId(page, 'template-start').fill('21:00');
    await testId(page, 'template-end').fill('22:00');
    await testId(page, 'template-capacity').fill('6');
    await testId(page, 'template-label').fill(label);
    const template = await answerTo<DeliveryTemplate>(page, 'POST', '/delivery/templates', () =>
      testId(page, 'template-save').click(),
    );
    expect(template).toMatchObject({ zone: 'metro', startTime: '21:00', endTime: '22:00', capacity: 6 });
    await toasts(page)
      .filter({ hasText: 'The 21:00 window is added and offered on the storefront.' })
      .waitFor();
    await testId(page, 'template-form').waitFor({ state: 'hidden' });
    const row = metro.locator('[data-testid="template-row"]', { hasText: '21:00 – 22:00' });
    expect(await row.textContent()).toContain(label);
    await checkPage(page, 'delivery');
    await page.setViewportSize(PHONE);
    await metro.locator('[data-testid="template-row"]', { hasText: label }).waitFor();
    await checkPage(page, 'delivery');
    await page.setViewportSize(DESKTOP);
    audited.push({ action: 'delivery_template.create', target: `delivery_template#${template.templateID}` });

    // A customer in Sydney is offered it every day from tomorrow on: 9 to 10 pm, six places.
    const name = { firstName: 'Cat', lastName: 'Alogue' };
    const { token } = await api.register('catalogue-window', name);
    const addressID = await api.addSydneyAddress(token, name);
    const { data } = await api.call<DeliveryWindows>(`delivery/windows?addressID=${addressID}`, { token });
    const later = data.days.filter((day) => day.date > storeDay(0));
    expect(later.map((day) => day.date)).toContain(storeDay(1));
    for (const day of later) {
      const late = day.windows.find((w) => w.label === label);
      expect(late, `the ${label} window on ${day.date}`).toMatchObject({
        capacity: 6,
        remaining: 6,
        isFull: false,
      });
      expect([storeTimeOf(late?.startsAt ?? ''), storeTimeOf(late?.endsAt ?? '')]).toEqual([
        '21:00',
        '22:00',
      ]);
    }
  });

  it('makes a coupon, which a customer’s cart takes at once', async () => {
    const page = manager;
    const code = `E2E${run}`;
    await testId(page, 'menu-offers').click();
    await page.waitForURL('**/admin/offers');
    await testId(page, 'coupon-new').click();
    await testId(page, 'coupon-form').waitFor();
    await testId(page, 'coupon-code').fill(code);
    await testId(page, 'coupon-description').fill('15% off the catalogue journey’s jars');
    await testId(page, 'coupon-value').fill('15');
    expect(await testId(page, 'coupon-starts').inputValue()).toBe(storeDay(0));
    const coupon = await answerTo<CouponDetail>(page, 'POST', '/coupons', () =>
      testId(page, 'coupon-form-submit').click(),
    );
    expect(coupon).toMatchObject({ code, kind: 'percent', value: 15, status: 'running' });
    await toasts(page)
      .filter({ hasText: `${code} is ready: customers can use it now.` })
      .waitFor();
    await testId(page, 'coupon-form').waitFor({ state: 'hidden' });
    const row = testId(page, 'coupon-row').filter({ hasText: code });
    await row.waitFor();
    expect(await row.textContent()).toContain('15% off');
    expect(await row.textContent()).toContain('Running');
    await checkPage(page, 'offers');
    await page.setViewportSize(PHONE);
    await testId(page, 'coupon-row').filter({ hasText: code }).waitFor();
    await checkPage(page, 'offers');
    await page.setViewportSize(DESKTOP);
    audited.push({ action: 'coupon.create', target: `coupon#${coupon.couponID}` });

    // Two jars on special, and the code as a customer types it: 15% off their special price.
    const [jar] = edited;
    if (!jar) throw new Error('no product was edited');
    const { token } = await api.register('catalogue-coupon', { firstName: 'Cou', lastName: 'Pon' });
    await api.call('cart/add', { method: 'POST', token, body: { productID: jar.productID, quantity: 2 } });
    const { data: cart } = await api.call<CartList>('cart/apply-discount', {
      method: 'POST',
      token,
      body: { code: code.toLowerCase() },
    });
    expect(cart.subtotal).toBe(2 * jar.special);
    expect(cart.coupon).toMatchObject({ code, isApplicable: true });
    expect(cart.discount).toBe(Math.round((cart.subtotal * 15) / 100));
    expect(cart.total).toBe(cart.subtotal - cart.discount);
  });

  it('lists every change in the audit log, by the manager', async () => {
    const page = manager;
    expect(audited).toHaveLength(9);
    await testId(page, 'menu-audit').click();
    await page.waitForURL('**/admin/audit');
    await page.goto('/admin/audit?pageSize=50');
    await waitForPageSettled(page);
    const entries = await page.locator('tbody tr.ant-table-row').evaluateAll((trs) =>
      trs.map((tr) => ({
        action: tr.querySelector('[data-testid^="audit-action-"]')?.getAttribute('title'),
        target: tr.querySelector('[data-testid^="audit-target-"]')?.textContent?.trim(),
        who: tr.querySelector('[data-testid^="audit-who-"]')?.textContent?.trim(),
      })),
    );
    expect(entries).toEqual(expect.arrayContaining(audited.map((e) => ({ ...e, who: MANAGER.name }))));
    await checkPage(page, 'audit');

    // Filtered to coupons: the new coupon, and nothing of the products.
    await testId(page, 'audit-filter-target-type').click();
    await clickSelectOption(
      page,
      page.locator(`${OPEN_SELECT_LIST} .ant-select-item-option[title="coupon"]`),
    );
    await testId(page, 'audit-filter-apply').click();
    await page.waitForURL((url) => url.searchParams.get('targetType') === 'coupon');
    await waitForPageSettled(page);
    const targets = page.locator('tbody tr.ant-table-row [data-testid^="audit-target-"]');
    await expect
      .poll(async () => (await targets.allTextContents()).every((t) => t.startsWith('coupon#')))
      .toBe(true);
    expect(await targets.allTextContents()).toContain(
      audited.find((e) => e.action === 'coupon.create')?.target,
    );
    await checkPage(page, 'audit-coupons');
  });
});

import type { DeliveryWindows } from '@storefront/contract/delivery';
import type { Product } from '@storefront/contract/catalog';
import type { OrderDetail } from '@storefront/contract/order';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi } from './support/api';
import { PHONE, makeEmail, registerCustomer, storedToken, testId, useBrowser } from './support/browser';
import { store } from './support/store';

const browser = useBrowser();

/** A page in a browser whose clock is in `timezoneId`: a customer in Perth, or much further from Sydney. */
async function openPageIn(b: Browser, timezoneId: string): Promise<Page> {
  const context = await b.newContext({
    baseURL: store().baseURL,
    viewport: PHONE,
    locale: 'en-AU',
    timezoneId,
  });
  return context.newPage();
}

/** How the store means a moment, formatted by the page's own Intl in Sydney's zone. */
function inSydney(page: Page, iso: string, options: Intl.DateTimeFormatOptions): Promise<string> {
  return page.evaluate(
    ([at, o]) =>
      new Intl.DateTimeFormat('en-AU', { ...o, timeZone: 'Australia/Sydney' }).format(new Date(at)),
    [iso, options] as const,
  );
}

/** A zone where the day of `iso` is not Sydney's: Honolulu is 20-21 hours behind, Kiritimati 3-4 ahead. */
function zoneOnAnotherDay(iso: string): string {
  const dayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(iso));
  const zone = ['Pacific/Honolulu', 'Pacific/Kiritimati'].find((z) => dayIn(z) !== dayIn('Australia/Sydney'));
  if (!zone) throw new Error(`no zone on another day than Sydney at ${iso}`);
  return zone;
}

/** A new customer with a Sydney address and an order awaiting payment in tomorrow's first window, by the API. */
async function customerWithOrder(page: Page): Promise<{ order: OrderDetail; token: string }> {
  await registerCustomer(page, {
    email: makeEmail('zones'),
    password: 'zones-pass-2000',
    firstName: 'Zoe',
    lastName: 'Zones',
  });
  const token = await storedToken(page);
  const { data: address } = await callApi<{ addressID: number }>('address/add', {
    method: 'POST',
    token,
    body: {
      firstName: 'Zoe',
      lastName: 'Zones',
      phone: '0412345678',
      line1: '1 Macquarie St',
      suburb: 'Sydney',
      state: 'NSW',
      postcode: '2000',
    },
  });
  const { data: products } = await callApi<{ list: Product[] }>('product/list?category=pantry&pageSize=50');
  const product = products.list.find((p) => p.available && p.stock >= 10);
  if (!product) throw new Error('no pantry product in stock');
  await callApi('cart/add', { method: 'POST', token, body: { productID: product.productID, quantity: 1 } });
  const { data: windows } = await callApi<DeliveryWindows>(
    `delivery/windows?addressID=${address.addressID}`,
    { token },
  );
  const window = windows.days[1]?.windows.find((w) => !w.isFull);
  if (!window) throw new Error('no free window tomorrow');
  const { data: order } = await callApi<OrderDetail>('order/create', {
    method: 'POST',
    token,
    body: {
      addressID: address.addressID,
      deliveryWindowID: window.windowID,
      shippingService: 'standard',
      useCredit: false,
    },
  });
  return { order, token };
}

describe("the store's times, for a customer whose browser keeps another clock", () => {
  it('in Perth, the delivery windows, the time an order was placed and the time to pay by are Sydney times, named so', async () => {
    const page = await openPageIn(browser(), 'Australia/Perth');
    const { order } = await customerWithOrder(page);
    const window = order.deliveryWindow;
    if (!window || !order.payBy) throw new Error('the order has no window or no time to pay by');

    await page.goto(`/account/orders/${order.orderID}`);
    await testId(page, 'order-window-summary').waitFor();
    const times: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
    const zoned: Intl.DateTimeFormatOptions = {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...times,
      timeZoneName: 'short',
    };
    const placed = await inSydney(page, order.createdAt, zoned);
    expect(placed).toMatch(/AE[SD]T$/);
    expect(await testId(page, 'order-detail-page').textContent()).toContain(`Placed ${placed}`);
    expect(await testId(page, 'order-payment-due').textContent()).toContain(
      `pay by ${await inSydney(page, order.payBy, zoned)}, or it is cancelled.`,
    );
    // The window's end as the store means it, e.g. "9:00 am" (the page keeps "am" on its line with a no-break space),
    // and Sydney's clock named beside it.
    const spaced = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
    expect(spaced(await testId(page, 'order-window-summary').textContent())).toContain(
      spaced(await inSydney(page, window.endsAt, times)),
    );
    expect(await testId(page, 'order-window-zone').textContent()).toMatch(/^Sydney time \(AE[SD]T\)$/);

    // The picker of windows to move to says which clock its times are on.
    await testId(page, 'order-window-change').click();
    await testId(page, 'window-zone').waitFor();
    expect(await testId(page, 'window-zone').textContent()).toMatch(/^Times are Sydney time \(AE[SD]T\)\.$/);
    await page.context().close();
  });

  it("far from Sydney, an order is listed on the store's day, the day the order list's dates filter by", async () => {
    const page = await openPageIn(browser(), 'Australia/Sydney');
    const { order, token } = await customerWithOrder(page);
    const state = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    await page.context().close();

    const far = await openPageIn(browser(), zoneOnAnotherDay(order.createdAt));
    await far.goto('/');
    await far.evaluate((saved) => {
      for (const [key, value] of Object.entries(JSON.parse(saved) as Record<string, string>)) {
        localStorage.setItem(key, value);
      }
    }, state);
    await far.goto('/account/orders');
    const card = testId(far, 'order-card').filter({ hasText: `Order SO-${order.orderID}` });
    await card.waitFor();
    const day = await inSydney(far, order.createdAt, { dateStyle: 'medium' });
    expect(await card.textContent()).toContain(day);
    // The store's day of the order is the one its list finds it on.
    const iso = await inSydney(far, order.createdAt, { year: 'numeric', month: '2-digit', day: '2-digit' });
    const [dd, mm, yyyy] = iso.split('/');
    const { data } = await callApi<{ list: { orderID: number }[] }>(
      `order/list?from=${yyyy}-${mm}-${dd}&to=${yyyy}-${mm}-${dd}`,
      { token },
    );
    expect(data.list.map((o) => o.orderID)).toContain(order.orderID);
    await far.context().close();
  });
});

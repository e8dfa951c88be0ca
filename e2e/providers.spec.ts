import type { Product } from '@storefront/contract/catalog';
import type { OrderDetail } from '@storefront/contract/order';
import { afterpayInstalments } from '@storefront/contract/afterpay';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAfterpayFake, type AfterpayFake } from '../apps/api/test/fakes/afterpay-fake';
import { startPayPalFake, type PayPalFake } from '../apps/api/test/fakes/paypal-fake';
import { DESKTOP, makeEmail, PHONE, saveScreenshot, testId, useBrowser } from './support/browser';
import { startBuiltStore, type BuiltStore } from './support/built-store';
import { setZoneMinimum } from './support/zone-minimum';
import { pickDeliveryWindow, waitForDeliveryPrices } from './support/checkout';

/**
 * Paying through PayPal and Afterpay in the browser, against local stand-ins for their REST APIs (the ones the API
 * tests use). The providers' own pages are played by the test: it approves (or cancels) at the fake, then sends
 * the browser back to the store's return address the way PayPal and Afterpay do.
 */
const browser = useBrowser();
let store: BuiltStore;
let paypal: PayPalFake;
let afterpay: AfterpayFake;

beforeAll(async () => {
  paypal = await startPayPalFake();
  afterpay = await startAfterpayFake();
  store = await startBuiltStore({
    env: {
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_API_BASE: paypal.url,
      AFTERPAY_MERCHANT_ID: afterpay.merchantId,
      AFTERPAY_SECRET_KEY: afterpay.secretKey,
      AFTERPAY_API_BASE: afterpay.url,
    },
  });
  // Its orders are a few items to Sydney: the demo's metro minimum order is taken away, as for the other journeys.
  await setZoneMinimum(store.baseURL, 'metro', 0);
});
afterAll(async () => {
  await store?.stop();
  await paypal?.close();
  await afterpay?.close();
});

async function api<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const res = await fetch(`${store.baseURL}/api/v1/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token
        ? { authorization: init.token.startsWith('Bearer ') ? init.token : `Bearer ${init.token}` }
        : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 0) throw new Error(`${path}: ${body.msg}`);
  return { data: body.data, headers: res.headers };
}

/** A signed-in browser of a new customer with a Sydney address and `quantity` of a pantry product in the cart. */
async function shopper(
  viewport: { width: number; height: number } = DESKTOP,
  quantity = 2,
  { voucher }: { voucher?: string } = {},
): Promise<{ context: BrowserContext; page: Page; product: Product; token: string }> {
  const email = makeEmail('provider');
  const { headers } = await api('register', {
    method: 'POST',
    body: { email, password: 'provider-pass-2000', firstName: 'Pat', lastName: 'Payer' },
  });
  const token = headers.get('authorization') ?? '';
  await api('address/add', {
    method: 'POST',
    token,
    body: {
      firstName: 'Pat',
      lastName: 'Payer',
      phone: '0412345678',
      line1: '1 Macquarie St',
      suburb: 'Sydney',
      state: 'NSW',
      postcode: '2000',
    },
  });
  const { data } = await api<{ list: Product[] }>('product/list?category=pantry&pageSize=50');
  const product = data.list.find((p) => p.available && p.stock >= 10 && p.price >= 1000);
  if (!product) throw new Error('the demo catalogue needs a pantry product of $10 or more in stock');
  await api('cart/add', { method: 'POST', token, body: { productID: product.productID, quantity } });
  if (voucher) await api('customer/apply-voucher', { method: 'POST', token, body: { code: voucher } });

  const context = await browser().newContext({ baseURL: store.baseURL, viewport, locale: 'en-AU' });
  // Signed in as the sign-in page leaves it (token and email), once: later pages keep what the store renews.
  await context.addInitScript(
    (session) => {
      if (localStorage.getItem('storefront.token')) return;
      localStorage.setItem('storefront.token', session.token);
      localStorage.setItem('storefront.email', session.email);
    },
    { token: `Bearer ${token}`, email },
  );
  return { context, page: await context.newPage(), product, token };
}

async function checkoutAndChoose(
  page: Page,
  provider: 'paypal' | 'afterpay',
  { useCredit = false } = {},
): Promise<number> {
  await page.goto('/checkout');
  await waitForDeliveryPrices(page, 'window');
  await pickDeliveryWindow(page);
  if (useCredit) await testId(page, 'checkout-use-credit').click();
  await testId(page, 'checkout-place-order').click();
  await page.waitForURL(/\/checkout\/pay\/\d+$/);
  const orderID = Number(new URL(page.url()).pathname.split('/').pop());
  await testId(page, `payment-method-${provider}`).click();
  return orderID;
}

const money = (cents: number) =>
  new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(cents / 100);

const returnAddress = (orderID: number, provider: string, extra: Record<string, string>) =>
  `${store.baseURL}/checkout/payment-return?${new URLSearchParams({ orderID: String(orderID), provider, ...extra })}`;

async function expectPaid(page: Page): Promise<void> {
  await page.waitForURL(/\/checkout\/payment-return\?/);
  await expect.poll(() => testId(page, 'payment-return-page').getAttribute('data-outcome')).toBe('paid');
  expect(await testId(page, 'payment-return-title').textContent()).toBe('Payment received');
}

describe('paying with PayPal and Afterpay', () => {
  it('PayPal: approve on PayPal, back to the store, paid; the capture renews the session token', async () => {
    // $25.00 of store credit (the demo's gift voucher) pays part: four of a $10+ product leave the rest to PayPal.
    const { context, page, token } = await shopper(DESKTOP, 4, { voucher: 'GIFT-2500' });
    const orderID = await checkoutAndChoose(page, 'paypal', { useCredit: true });
    const { data: placed } = await api<OrderDetail>(`order/detail?orderID=${orderID}`, { token });
    expect(placed.totals.creditUsed).toBe(2500);
    expect(placed.totals.amountDue).toBeGreaterThan(0);

    // Unpaid, the orders list leads with what is left to pay (the order page's "To pay"), the total beside it.
    await page.goto('/account/orders');
    const card = testId(page, `order-open-${orderID}`);
    await card.waitFor();
    expect(await card.getByTestId('order-card-to-pay').textContent()).toBe(
      `To pay ${money(placed.totals.amountDue)}`,
    );
    expect(await card.getByTestId('order-card-total').textContent()).toBe(
      `of ${money(placed.totals.total)} total`,
    );
    await saveScreenshot(page, 'orders-to-pay-desktop');
    await page.goto(`/checkout/pay/${orderID}`);
    await testId(page, 'payment-method-paypal').click();

    await context.route(`${paypal.url}/checkoutnow**`, (route) => {
      const token = new URL(route.request().url()).searchParams.get('token') ?? '';
      paypal.approve(token);
      return route.fulfill({
        status: 302,
        headers: { location: returnAddress(orderID, 'paypal', { token, PayerID: 'PAYER42' }) },
      });
    });
    const before = await page.evaluate(() => localStorage.getItem('storefront.token'));
    await testId(page, 'payment-pay').click();
    await expectPaid(page);
    expect(await page.evaluate(() => localStorage.getItem('storefront.token'))).not.toBe(before);
    expect(paypal.moneyMovements()).toBeGreaterThan(0);

    // Paid, the order's page says who took the payment and when; the credit reads as taken off.
    await page.goto(`/account/orders/${orderID}`);
    await testId(page, 'order-paid-with').waitFor();
    expect(await testId(page, 'order-paid-with').textContent()).toMatch(
      /^Paid with PayPal on \d{1,2} [A-Z][a-z]{2} \d{4}$/,
    );
    expect(await testId(page, 'order-credit').textContent()).toBe('\u2212$25.00');
    expect(await testId(page, 'order-rest').textContent()).toBe(money(placed.totals.amountDue));
    await saveScreenshot(page, 'order-paid-with-desktop');
    await context.close();
  });

  it('PayPal refuses the capture for good: the return page says so and the customer pays again at once', async () => {
    const { context, page } = await shopper(DESKTOP, 1);
    const orderID = await checkoutAndChoose(page, 'paypal');
    await context.route(`${paypal.url}/checkoutnow**`, (route) => {
      const token = new URL(route.request().url()).searchParams.get('token') ?? '';
      paypal.approve(token);
      return route.fulfill({
        status: 302,
        headers: { location: returnAddress(orderID, 'paypal', { token, PayerID: 'PAYER42' }) },
      });
    });
    paypal.injectFault(
      {
        kind: 'status',
        status: 400,
        body: {
          name: 'INVALID_REQUEST',
          message: 'Request is not well-formed',
          details: [{ issue: 'INVALID_PARAMETER_VALUE' }],
        },
      },
      { pathIncludes: '/capture', times: 1 },
    );
    try {
      await testId(page, 'payment-pay').click();
      await page.waitForURL(/\/checkout\/payment-return\?/);
      await expect
        .poll(() => testId(page, 'payment-return-title').textContent())
        .toBe('The payment was refused');
      expect(await testId(page, 'payment-return-failure').textContent()).toContain('You can pay again now');
      await saveScreenshot(page, 'payment-return-refused-desktop');
    } finally {
      paypal.clearFaults();
    }
    // Nothing is pending: paying again is offered at once, and PayPal (a new PayPal order) then pays it.
    await testId(page, 'payment-return-retry').click();
    await page.waitForURL(new RegExp(`/checkout/pay/${orderID}$`));
    await testId(page, 'payment-method-paypal').click();
    await testId(page, 'payment-pay').click();
    await expectPaid(page);
    await context.close();
  });

  it('PayPal holds the payment for review: the order page says so, never asks to pay again, and past the time to pay does not call the order cancelled', async () => {
    const { context, page, token } = await shopper(PHONE);
    const orderID = await checkoutAndChoose(page, 'paypal');
    await context.route(`${paypal.url}/checkoutnow**`, (route) => {
      const paypalToken = new URL(route.request().url()).searchParams.get('token') ?? '';
      paypal.approve(paypalToken, 'capture_pending');
      return route.fulfill({
        status: 302,
        headers: { location: returnAddress(orderID, 'paypal', { token: paypalToken, PayerID: 'PAYER42' }) },
      });
    });
    await testId(page, 'payment-pay').click();
    await page.waitForURL(/\/checkout\/payment-return\?/);
    await expect
      .poll(() => testId(page, 'payment-return-title').textContent())
      .toBe('We could not confirm your payment yet');

    await testId(page, 'payment-return-order').click();
    const checking = testId(page, 'order-payment-checking');
    await checking.waitFor();
    expect(await checking.textContent()).toBe(
      'We are waiting for PayPal to confirm your payment.' +
        "Please don't pay again: if the payment goes through, the order is yours; if not, it is cancelled and you are not charged.",
    );
    expect(await testId(page, 'order-pay-now').count()).toBe(0);
    await saveScreenshot(page, 'order-payment-checking-phone');
    await page.setViewportSize(DESKTOP);
    await saveScreenshot(page, 'order-payment-checking-desktop');

    // The awaiting-payment mail's "Pay now" opens the payment page by its address: it offers no way to pay either.
    await page.goto(`/checkout/pay/${orderID}`);
    const holding = testId(page, 'payment-capture-pending');
    await holding.waitFor();
    expect(await holding.textContent()).toContain("Please don't pay again");
    expect(await testId(page, 'payment-methods').count()).toBe(0);
    await saveScreenshot(page, 'payment-capture-pending-desktop');
    await page.setViewportSize(PHONE);
    await saveScreenshot(page, 'payment-capture-pending-phone');
    await page.setViewportSize(DESKTOP);
    await page.goto(`/account/orders/${orderID}`);

    // Past its time to pay (by the browser's clock; the store keeps the order while PayPal decides, as its API tests
    // show): the page still waits for PayPal and does not say the order is being cancelled.
    const { data: order } = await api<OrderDetail>(`order/detail?orderID=${orderID}`, { token });
    expect(order.paymentPendingWith).toBe('paypal');
    await page.clock.install({ time: Date.parse(order.payBy ?? '') + 60_000 });
    await page.reload();
    await checking.waitFor();
    expect(await checking.textContent()).toContain(
      'but a payment started before then still counts: if it goes through, the order is yours; if not, it is cancelled and you are not charged.',
    );
    expect(await testId(page, 'order-pay-ended').count()).toBe(0);
    expect(await testId(page, 'order-pay-now').count()).toBe(0);
    await saveScreenshot(page, 'order-payment-checking-pay-by-passed-desktop');
    await page.setViewportSize(PHONE);
    await saveScreenshot(page, 'order-payment-checking-pay-by-passed-phone');
    await context.close();
  });

  it("Afterpay: its four instalments on the product and cart pages, then paid through Afterpay's checkout", async () => {
    const { context, page, product } = await shopper(PHONE, 3);
    await page.goto(`/product/${product.productID}`);
    const onProduct = testId(page, 'afterpay-instalments');
    await onProduct.waitFor();
    const { firstCents, laterCents } = afterpayInstalments(product.price);
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    expect(await onProduct.textContent()).toBe(
      firstCents === laterCents
        ? `or 4 interest-free payments of ${dollars(laterCents)} with Afterpay`
        : `or 4 interest-free payments with Afterpay: ${dollars(firstCents)}, then 3 of ${dollars(laterCents)}`,
    );
    await page.goto('/cart');
    await testId(page, 'afterpay-instalments').waitFor();
    await saveScreenshot(page, 'cart-afterpay-phone');

    const orderID = await checkoutAndChoose(page, 'afterpay');
    await context.route(`${afterpay.url}/checkout/**`, (route) => {
      const token = new URL(route.request().url()).searchParams.get('token') ?? '';
      afterpay.confirm(token);
      return route.fulfill({
        status: 302,
        headers: { location: returnAddress(orderID, 'afterpay', { orderToken: token, status: 'SUCCESS' }) },
      });
    });
    await testId(page, 'payment-pay').click();
    await expectPaid(page);
    await context.close();
  });

  it('Afterpay: a customer who cancels at Afterpay is told so and can choose again', async () => {
    const { context, page } = await shopper();
    const orderID = await checkoutAndChoose(page, 'afterpay');
    await context.route(`${afterpay.url}/checkout/**`, (route) => {
      const token = new URL(route.request().url()).searchParams.get('token') ?? '';
      return route.fulfill({
        status: 302,
        headers: {
          location: returnAddress(orderID, 'afterpay', {
            cancelled: '1',
            orderToken: token,
            status: 'CANCELLED',
          }),
        },
      });
    });
    await testId(page, 'payment-pay').click();
    await page.waitForURL(/\/checkout\/payment-return\?/);
    await expect
      .poll(() => testId(page, 'payment-return-page').getAttribute('data-outcome'))
      .toBe('cancelled');
    await saveScreenshot(page, 'payment-cancelled-desktop');
    await context.close();
  });
});

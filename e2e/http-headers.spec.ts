import type { Product } from '@storefront/contract/catalog';
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeEmail, openPage, registerCustomer, testId, useBrowser } from './support/browser';
import { callApi } from './support/api';

const browser = useBrowser();

type SentCall = {
  method: string;
  path: string;
  headers: Record<string, string>;
  status: number | null;
  /** Cut off by the page's own navigation (a background read, such as the session's expiry, still out). */
  isAborted: boolean;
};

async function describeCall(request: Request): Promise<SentCall> {
  const response = await request.response();
  return {
    method: request.method(),
    path: new URL(request.url()).pathname,
    headers: await request.allHeaders(),
    status: response?.status() ?? null,
    isAborted: response === null && request.failure()?.errorText === 'net::ERR_ABORTED',
  };
}

describe('the headers of every call, as Chromium sends them', () => {
  it('GET, POST and DELETE calls carry no-store, the XMLHttpRequest marker, JSON and the stored token', async () => {
    const { data: products } = await callApi<{ list: Product[] }>('product/list?pageSize=50');
    const product = products.list.find((p) => p.available);
    if (!product) throw new Error('the demo catalogue needs a product in stock');

    const { context, page } = await openPage(browser());
    // Signed in, the footer reads the newsletter state once a page is idle; leaving a page before its answer would
    // abort it, leaving a call with no status to check.
    const footerRead = () =>
      page.waitForResponse((response) => response.url().endsWith('/api/v1/newsletters/front-subscribe'));
    let footerAnswered = footerRead();
    await registerCustomer(page, {
      email: makeEmail('headers'),
      password: 'headers-pass-1',
      firstName: 'Hedda',
      lastName: 'Wire',
    });
    const token = await page.evaluate(() => localStorage.getItem('storefront.token'));
    expect(token).toMatch(/^Bearer \S+$/);

    const requests: Request[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/v1/')) requests.push(request);
    });
    await footerAnswered;
    footerAnswered = footerRead();
    await page.goto(`/product/${product.productID}`);
    await testId(page, 'product-wishlist').click();
    await page.getByText(`${product.name} saved to your wishlist.`).waitFor();
    await footerAnswered;
    footerAnswered = footerRead();
    await page.goto('/account/wishlist');
    await testId(page, `wishlist-remove-${product.productID}`).click();
    await testId(page, 'wishlist-remove-confirm').click();
    await page.getByText(`${product.name} removed from your wishlist.`).waitFor();
    await footerAnswered;

    const calls = await Promise.all(requests.map(describeCall));
    expect(new Set(calls.map((call) => call.method))).toEqual(new Set(['GET', 'POST', 'DELETE']));
    expect(calls).toContainEqual(expect.objectContaining({ method: 'GET', path: '/api/v1/wishlist/list' }));
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/api/v1/wishlist/batch/add' }),
    );
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'DELETE',
        path: expect.stringMatching(/^\/api\/v1\/wishlist\/\d+$/),
      }),
    );
    for (const call of calls) {
      expect({ call: `${call.method} ${call.path}`, ...call.headers }).toMatchObject({
        call: `${call.method} ${call.path}`,
        'cache-control': 'no-store',
        'x-requested-with': 'XMLHttpRequest',
        'content-type': 'application/json',
        authorization: token,
      });
      // Its headers were sent as checked above; an answer it never got has no status to check.
      if (!call.isAborted) expect(call.status, `${call.method} ${call.path}`).toBe(200);
    }
    await context.close();
  });
});

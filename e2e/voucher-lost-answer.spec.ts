import { describe, expect, it } from 'vitest';
import {
  makeEmail,
  openPage,
  PHONE,
  registerCustomer,
  saveScreenshot,
  testId,
  useBrowser,
} from './support/browser';

const browser = useBrowser();

describe('a voucher whose answer is lost', () => {
  // The request is cut before the server sees it, so the demo's one gift voucher stays for wallet.spec.ts.
  it('is looked up in the store credit instead of shown as failed, and can be checked again', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await registerCustomer(page, {
      email: makeEmail('voucher-lost'),
      password: 'voucher-pass-1',
      firstName: 'Vera',
      lastName: 'Lost',
    });
    await page.goto('/account/vouchers');
    await page.route('**/api/v1/customer/apply-voucher', (route) => route.abort('timedout'));
    let creditReads = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/customer/credits')) creditReads += 1;
    });

    await testId(page, 'voucher-code').fill('GIFT-2500');
    await testId(page, 'voucher-submit').click();
    const unconfirmed = testId(page, 'voucher-unconfirmed');
    await unconfirmed.waitFor();
    expect(await unconfirmed.textContent()).toContain('GIFT-2500 is not in your store credit yet');
    expect(await testId(page, 'voucher-error').count()).toBe(0);
    expect(creditReads).toBe(1);
    await saveScreenshot(page, 'wallet-voucher-unconfirmed-phone');

    await testId(page, 'voucher-check-again').click();
    await expect.poll(() => creditReads).toBe(2);
    await unconfirmed.waitFor();
    expect(await testId(page, 'voucher-code').inputValue()).toBe('GIFT-2500');
    await context.close();
  });
});

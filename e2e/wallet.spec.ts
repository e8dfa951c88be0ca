import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DEMO,
  makeEmail,
  openPage,
  PHONE,
  registerCustomer,
  saveScreenshot,
  signIn,
  testId,
  useBrowser,
} from './support/browser';

const browser = useBrowser();

async function codesOnTab(page: Page, tab: 'available' | 'used' | 'expired'): Promise<string[]> {
  await testId(page, `coupons-tab-${tab}`).click();
  await testId(page, `coupons-${tab}`).waitFor();
  return testId(page, 'coupon-code').allTextContents();
}

describe('the wallet', () => {
  it('the demo customer sees the goodwill credit and the coupon wallet, and an expired voucher is refused', async () => {
    const { context, page } = await openPage(browser());
    await page.goto('/login?redirect=/account/credits');
    await signIn(page, DEMO.email, DEMO.password);
    await page.waitForURL('**/account/credits');
    await testId(page, 'credits-ledger').waitFor();
    // Other specs may spend or add credit for the demo customer: look for the seeded entry, not an exact balance.
    await page.getByText('Goodwill credit').first().waitFor();
    expect(await testId(page, 'credits-entry-amount').allTextContents()).toContain('+$5.00');
    expect(await testId(page, 'credits-balance').textContent()).toMatch(/\$\d/);
    await saveScreenshot(page, 'wallet-credits-desktop');

    await testId(page, 'account-nav-coupons').click();
    await testId(page, 'coupons-page').waitFor();
    // Checkout specs may use a demo coupon: it then moves from Available to Used, but stays in the wallet.
    const usable = await codesOnTab(page, 'available');
    await saveScreenshot(page, 'wallet-coupons-desktop');
    const used = await codesOnTab(page, 'used');
    expect([...usable, ...used]).toEqual(expect.arrayContaining(['WELCOME10', 'SAVE5', 'FREESHIP']));
    expect(await codesOnTab(page, 'expired')).toContain('EXPIRED20');

    await testId(page, 'account-nav-vouchers').click();
    await testId(page, 'voucher-submit').click();
    await page.getByText('Enter your voucher code.').waitFor();
    await testId(page, 'voucher-code').fill('GIFT-EXPIRED');
    await testId(page, 'voucher-submit').click();
    expect(await testId(page, 'voucher-error').textContent()).toContain('That voucher has expired.');
    await saveScreenshot(page, 'wallet-voucher-expired-desktop');
    await context.close();
  });

  it("on a phone a coupon's Copy code and Redeem voucher are 44 px targets, as every button is", async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await page.goto('/login?redirect=/account/coupons');
    await signIn(page, DEMO.email, DEMO.password);
    await testId(page, 'coupons-page').waitFor();
    // Checkout specs may use a demo coupon; the expired one stays in Expired, so look where one is usable.
    await testId(page, 'coupons-available').waitFor();
    const copies = await testId(page, 'coupon-copy').all();
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) expect((await copy.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await saveScreenshot(page, 'wallet-coupons-phone');
    await page.goto('/account/vouchers');
    expect((await testId(page, 'voucher-submit').boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await context.close();
  });

  it('a new customer redeems a gift voucher at phone width and sees the credit', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await registerCustomer(page, {
      email: makeEmail('wallet'),
      password: 'wallet-pass-1',
      firstName: 'Gina',
      lastName: 'Fern',
    });
    await page.goto('/account/credits');
    await testId(page, 'credits-empty').waitFor();
    expect(await testId(page, 'credits-balance').textContent()).toContain('$0.00');
    await saveScreenshot(page, 'wallet-credits-empty-phone');

    await page.goto('/account/coupons');
    await testId(page, 'coupons-empty').waitFor();

    await page.goto('/account/vouchers');
    await testId(page, 'voucher-code').fill('gift-2500');
    await testId(page, 'voucher-submit').click();
    await page.getByText('$25.00 added to your store credit.').waitFor();
    expect(await testId(page, 'voucher-balance').textContent()).toContain('$25.00');
    await saveScreenshot(page, 'wallet-voucher-redeemed-phone');

    // A refused code straight after a success replaces the success: the two never show side by side.
    await testId(page, 'voucher-code').fill('GIFT-EXPIRED');
    await testId(page, 'voucher-submit').click();
    await testId(page, 'voucher-error').waitFor();
    expect(await testId(page, 'voucher-success').count()).toBe(0);

    await testId(page, 'vouchers-credits-link').click();
    await page.waitForURL('**/account/credits');
    await testId(page, 'credits-ledger').waitFor();
    expect(await testId(page, 'credits-balance').textContent()).toContain('$25.00');
    expect(await page.getByText('Voucher GIFT-2500').count()).toBe(1);
    await saveScreenshot(page, 'wallet-credits-phone');

    await page.goto('/account/vouchers');
    await testId(page, 'voucher-code').fill('GIFT-2500');
    await testId(page, 'voucher-submit').click();
    // Their own earlier redemption: said so, with the credit it made, rather than a bare "already redeemed".
    await testId(page, 'voucher-success').waitFor();
    expect(await testId(page, 'voucher-success').textContent()).toContain(
      'You redeemed this voucher before. Your store credit is$25.00',
    );
    await context.close();
  });
});

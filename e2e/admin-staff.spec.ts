import type { BrowserContext, Page } from 'playwright-core';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSeriousViolations } from './support/axe';
import {
  DESKTOP,
  findSidewaysOverflow,
  makeEmail,
  PHONE,
  saveScreenshot,
  testId,
  useBrowser,
  waitForPageSettled,
} from './support/browser';
import { startBuiltStore, type BuiltStore } from './support/built-store';
import { linkTo, waitForMail } from './support/mailbox';

/**
 * The back office (apps/admin) in Chromium: the owner signs in, sets up two-factor sign-in (the test computes the
 * codes from the key the page shows, as an authenticator app would), adds a picker, who sets a password from the
 * mailed link and signs in to a back office without the owner's pages; the owner's audit log lists what was done.
 * A store of its own, with STAFF_MFA_REQUIRED on (the demo store has it off), so the owner must set up two-factor
 * before any change.
 */
const browser = useBrowser();
const OWNER = { email: 'owner@storefront.test', password: 'owner-pass-2000' } as const;
const TABLET = { width: 768, height: 1024 } as const;
let store: BuiltStore;

beforeAll(async () => {
  store = await startBuiltStore({ env: { STAFF_MFA_REQUIRED: 'true' } });
});
afterAll(async () => {
  await store?.stop();
});

async function openAdmin(viewport: { width: number; height: number } = DESKTOP) {
  const context = await browser().newContext({
    baseURL: store.baseURL,
    viewport,
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
  });
  return { context, page: await context.newPage() };
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await testId(page, 'login-email').fill(email);
  await testId(page, 'login-password').fill(password);
  await testId(page, 'login-submit').click();
}

/** The page as it settles, checked: no serious axe finding, nothing drawn past the window's right edge; a picture. */
async function checkPage(page: Page, name: string): Promise<void> {
  await waitForPageSettled(page);
  expect(await page.locator('h1').count(), `${name}: one <h1>`).toBe(1);
  expect(await findSeriousViolations(page), `${name}: axe`).toEqual([]);
  const overflow = await findSidewaysOverflow(page);
  expect(overflow.culprits, `${name}: sideways overflow`).toEqual([]);
  const { width } = page.viewportSize() ?? DESKTOP;
  await saveScreenshot(page, `admin-${name}-${width}`);
}

/** The same page at 1280, 768 and (for the pages pickers use on a phone) 375 px. */
async function checkWidths(page: Page, name: string, { phone = false } = {}): Promise<void> {
  for (const viewport of [DESKTOP, TABLET, ...(phone ? [PHONE] : [])]) {
    await page.setViewportSize(viewport);
    await checkPage(page, name);
  }
  await page.setViewportSize(DESKTOP);
}

/** A TOTP code for a later 30-second window than `after` (a code is good once per window). */
async function totpAfter(secret: string, afterEpoch = 0): Promise<{ code: string; epoch: number }> {
  let epoch = Math.floor(Date.now() / 1000);
  while (Math.floor(epoch / 30) <= Math.floor(afterEpoch / 30)) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    epoch = Math.floor(Date.now() / 1000);
  }
  return { code: await generate({ secret, epoch }), epoch };
}

describe('the back office', () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
  });

  it('the owner sets up two-factor and adds a picker, who signs in without the owner’s pages', async () => {
    // The owner signs in and lands on the dashboard, told to set up two-factor first.
    const { context, page } = await openAdmin();
    contexts.push(context);
    await page.goto('/admin/');
    await page.waitForURL(
      (url) => url.pathname === '/admin/login' && url.searchParams.get('redirect') === '/admin',
    );
    await checkWidths(page, 'login', { phone: true });
    expect(await page.title()).toBe('Sign in · Back office · Harbour Grocer');
    await signIn(page, OWNER.email, OWNER.password);
    await page.waitForURL('**/admin/dashboard');
    await testId(page, 'mfa-banner').waitFor();
    expect(await testId(page, 'signed-in-role').textContent()).toBe('Owner');
    for (const entry of ['dashboard', 'staff', 'audit', 'account'])
      await testId(page, `menu-${entry}`).waitFor();
    await testId(page, 'dashboard-awaiting-payment').waitFor();
    await checkWidths(page, 'dashboard');

    // Two-factor: the key as an authenticator app reads it, a code from it, the recovery codes once.
    await testId(page, 'mfa-banner-link').click();
    await page.waitForURL('**/admin/account');
    await testId(page, 'mfa-card').waitFor();
    await checkWidths(page, 'account', { phone: true });
    await testId(page, 'mfa-start').click();
    const secret = (await testId(page, 'mfa-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await testId(page, 'mfa-qr').locator('svg').waitFor();
    await saveScreenshot(page, 'admin-account-enrol-1280');
    const enrolled = await totpAfter(secret);
    await testId(page, 'mfa-code').fill(enrolled.code);
    await testId(page, 'mfa-confirm').click();
    await testId(page, 'recovery-codes').waitFor();
    const codes = (await testId(page, 'recovery-codes').locator('li').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    expect(codes.every((c) => /^[a-z0-9]{5}-[a-z0-9]{5}$/.test(c))).toBe(true);
    await checkPage(page, 'account-recovery-codes');
    await testId(page, 'recovery-codes-done').click();
    await testId(page, 'mfa-on').waitFor();
    expect(await testId(page, 'mfa-banner').count()).toBe(0);

    // The owner adds a picker; the API mails them the link that sets their password.
    const pickerEmail = makeEmail('admin-picker');
    await testId(page, 'menu-staff').click();
    await page.waitForURL('**/admin/staff');
    await page.getByText('Pat Picker').waitFor();
    await testId(page, 'staff-add').click();
    await testId(page, 'staff-add-email').fill(pickerEmail);
    await testId(page, 'staff-add-name').fill('Pia Picker');
    await testId(page, 'staff-add-submit').click();
    const row = page.locator('tr', { hasText: pickerEmail });
    await row.getByText('Waiting for password').waitFor();
    expect(await row.getByText('Picker').count()).toBeGreaterThan(0);
    await page.locator('.ant-modal-wrap').waitFor({ state: 'hidden' });
    await checkWidths(page, 'staff');

    // The picker sets a password from the mailed link, and signs in.
    const mail = await waitForMail(pickerEmail, 'You have been added', store.mailboxDir);
    const { context: pickerContext, page: picker } = await openAdmin(PHONE);
    contexts.push(pickerContext);
    await picker.goto(linkTo(mail, '/admin/set-password'));
    await checkPage(picker, 'set-password');
    await testId(picker, 'set-password-new').fill('picker-own-pass-1');
    await testId(picker, 'set-password-confirm').fill('picker-own-pass-1');
    await testId(picker, 'set-password-submit').click();
    await picker.waitForURL('**/admin/login');
    await testId(picker, 'login-password-set').waitFor();
    await signIn(picker, pickerEmail, 'picker-own-pass-1');
    // A picker's home is the pick list; their account is a page of its own.
    await picker.waitForURL('**/admin/pick-list');
    await picker.goto('/admin/account');
    await testId(picker, 'account-details').waitFor();
    await checkPage(picker, 'picker-account');
    // On a phone the menu is a drawer; it holds the picker's pages.
    await testId(picker, 'menu-open').click();
    await testId(picker, 'menu-account').waitFor();
    await saveScreenshot(picker, 'admin-picker-menu-375', { fullPage: false });
    for (const entry of ['dashboard', 'staff', 'audit'])
      expect(await testId(picker, `menu-${entry}`).count()).toBe(0);
    await testId(picker, 'menu-account').click();
    await testId(picker, 'menu-account').waitFor({ state: 'hidden' });

    // The owner's pages are not the picker's: a 403 result, not a crash, and not in the menu.
    for (const path of ['/admin/staff', '/admin/audit', '/admin/dashboard']) {
      await picker.goto(path);
      await testId(picker, 'forbidden').waitFor();
      expect(await picker.title()).toBe('Not allowed · Back office · Harbour Grocer');
    }
    await checkPage(picker, 'picker-forbidden');
    await picker.setViewportSize(DESKTOP);
    await checkPage(picker, 'picker-forbidden');
    expect(await testId(picker, 'menu-account').count()).toBe(1);
    for (const entry of ['dashboard', 'staff', 'audit'])
      expect(await testId(picker, `menu-${entry}`).count()).toBe(0);

    // The owner's audit log lists the picker's creation, with what was recorded of them.
    await testId(page, 'menu-audit').click();
    await page.waitForURL('**/admin/audit');
    const created = page.locator('tr', { hasText: 'Added a staff member' }).filter({ hasText: pickerEmail });
    await created.waitFor();
    expect(await created.textContent()).toContain('Olive Owner');
    expect(await created.textContent()).toContain('Role:');
    expect(await page.locator('tr', { hasText: 'Turned on two-factor sign-in' }).count()).toBe(1);
    await checkWidths(page, 'audit');
    // Filtered to the picker's record: their creation, and their setting a password.
    await created.locator('[data-testid^="audit-target-"]').click();
    await page.waitForURL((url) => url.searchParams.get('targetType') === 'staff');
    await waitForPageSettled(page);
    await expect.poll(() => page.locator('tr', { hasText: 'Turned on two-factor sign-in' }).count()).toBe(0);
    await page.locator('tr', { hasText: 'Set a password from the mailed link' }).waitFor();
    await checkPage(page, 'audit-filtered');

    // Signing in again takes the second step: a recovery code works once in place of a code from the app.
    await testId(page, 'sign-out').click();
    await testId(page, 'login-signed-out').waitFor();
    await signIn(page, OWNER.email, OWNER.password);
    await testId(page, 'login-otp').waitFor();
    await checkWidths(page, 'login-code', { phone: true });
    await testId(page, 'login-otp').fill(codes[0] ?? '');
    await testId(page, 'login-otp-submit').click();
    await page.waitForURL('**/admin/dashboard');
    await testId(page, 'sign-out').click();
    await signIn(page, OWNER.email, OWNER.password);
    await testId(page, 'login-otp').fill(codes[0] ?? '');
    await testId(page, 'login-otp-submit').click();
    await page.getByText('That code is not right, or was already used.').waitFor();
    // The app's code of a later window than the one enrolment used.
    await testId(page, 'login-otp').fill((await totpAfter(secret, enrolled.epoch)).code);
    await testId(page, 'login-otp-submit').click();
    await page.waitForURL('**/admin/dashboard');
  });
});

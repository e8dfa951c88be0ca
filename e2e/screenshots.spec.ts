import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import {
  DEMO,
  DESKTOP,
  useBrowser,
  openPage,
  PHONE,
  saveScreenshot,
  signIn,
  testId,
} from './support/browser';

const browser = useBrowser();

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('[data-testid="page-loading"], .ant-skeleton').first().waitFor({ state: 'detached' });
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('screenshots at %s size', (label, viewport) => {
  it('signed out pages', async () => {
    const { context, page } = await openPage(browser(), viewport);
    for (const [name, path] of [
      ['home', '/'],
      ['login', '/login'],
      ['register', '/register'],
      ['not-found', '/no-such-page'],
    ] as const) {
      await page.goto(path);
      await settle(page);
      await saveScreenshot(page, `${name}-${label}`);
    }
    await context.close();
  });

  it('signed in pages', async () => {
    const { context, page } = await openPage(browser(), viewport);
    await page.goto('/login');
    await signIn(page, DEMO.email, DEMO.password);
    await testId(page, 'home-title').getByText('Welcome back').waitFor();
    await settle(page);
    await saveScreenshot(page, `home-signed-in-${label}`);
    for (const [name, path] of [
      ['account-profile', '/account/profile'],
      ['account-security', '/account/security'],
      ['account-orders', '/account/orders'],
    ] as const) {
      await page.goto(path);
      await settle(page);
      await saveScreenshot(page, `${name}-${label}`);
    }
    await page.goto('/account/profile');
    await settle(page);
    await testId(page, 'profile-edit').click();
    await saveScreenshot(page, `account-profile-edit-${label}`);
    await testId(page, 'account-menu').click();
    await testId(page, 'logout').waitFor();
    await saveScreenshot(page, `account-menu-${label}`);
    await context.close();
  });
});

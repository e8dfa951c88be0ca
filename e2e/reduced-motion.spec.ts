import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import {
  DEMO,
  DESKTOP,
  holdCalls,
  OPEN_SELECT_LIST,
  openPage,
  PHONE,
  saveScreenshot,
  signIn,
  testId,
  toasts,
  useBrowser,
} from './support/browser';
import { pickSuburb } from './support/suburb';

const browser = useBrowser();

const REDUCED = { reducedMotion: 'reduce' } as const;
const MENU = '.ant-dropdown:has([data-testid="logout"])';
/** Loading spinners keep turning with reduced motion (a still one reads as a page that has stopped). */
const SPINNERS = new Set(['shell-spin', 'loadingCircle', 'antRotate', 'antSpinMove']);

/**
 * Notes every class of a motion step that animates (`ant-slide-up-appear-active`, `ant-zoom-enter-start`,
 * `ant-move-up-leave-active`, the click ripple's `wave-motion-appear-active`), from the page's first script on: a
 * class that came and went between two checks is still seen. The `-prepare` step is left out: with motion off a
 * pop-up still takes it, for a frame, while it is measured and placed out of sight, and then shows in place.
 */
async function recordMotionClasses(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen = new Set<string>();
    Object.assign(window, { motionClassesSeen: seen });
    const isMotion = (name: string) => /^(ant|wave)-[\w-]*-(appear|enter|leave)-(start|active)$/.test(name);
    const note = (element: Element) => {
      for (const name of (element.getAttribute('class') ?? '').split(/\s+/))
        if (isMotion(name)) seen.add(name);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes' && record.target instanceof Element) note(record.target);
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          note(node);
          node.querySelectorAll('[class]').forEach(note);
        }
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
}

async function motionClassesSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...(window as unknown as { motionClassesSeen: Set<string> }).motionClassesSeen,
  ]);
}

/** The animations and transitions running in the page now, spinners aside. */
async function runningMotion(page: Page): Promise<string[]> {
  const running = await page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.playState === 'running')
      .map((a) =>
        a instanceof CSSAnimation
          ? a.animationName
          : a instanceof CSSTransition
            ? `transition of ${a.transitionProperty}`
            : 'script animation',
      ),
  );
  return running.filter((name) => !SPINNERS.has(name));
}

/** Shown at once and in place: placed, no motion class ever seen, nothing moving, fully opaque and not scaled. */
async function expectShownWithoutMotion(page: Page, popup: Locator): Promise<void> {
  await popup.waitFor();
  // Measured out of sight first (the `-prepare` step); a pop-up never placed stayed at -8000 px.
  await popup.evaluate((e) => {
    const isPlaced = () => !/-prepare\b/.test(e.className);
    return new Promise<void>((resolve, reject) => {
      if (isPlaced()) return resolve();
      const giveUp = setTimeout(() => reject(new Error(`never placed: ${e.className}`)), 5_000);
      new MutationObserver((_, observer) => {
        if (!isPlaced()) return;
        observer.disconnect();
        clearTimeout(giveUp);
        resolve();
      }).observe(e, { attributes: true, attributeFilter: ['class'] });
    });
  });
  expect(await motionClassesSeen(page)).toEqual([]);
  expect(await runningMotion(page)).toEqual([]);
  const style = await popup.evaluate((e) => {
    const computed = getComputedStyle(e);
    const matrix = new DOMMatrix(computed.transform);
    return { opacity: computed.opacity, scale: [matrix.a, matrix.d] };
  });
  expect(style).toEqual({ opacity: '1', scale: [1, 1] });
}

async function expectMenuUnderItsButton(page: Page): Promise<void> {
  await testId(page, 'account-menu').click();
  const menu = page.locator(MENU);
  await expectShownWithoutMotion(page, menu);
  const button = await testId(page, 'account-menu').boundingBox();
  const box = await menu.boundingBox();
  if (!button || !box) throw new Error('the account menu or its button has no box');
  const gap = box.y - (button.y + button.height);
  expect(gap).toBeGreaterThanOrEqual(0);
  expect(gap).toBeLessThan(16);
  // Beside its button, not across the page (a menu left unplaced sat at -8000 px).
  expect(box.x).toBeLessThan(button.x + button.width);
  expect(box.x + box.width).toBeGreaterThan(button.x);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

describe('a visitor whose system asks for reduced motion', () => {
  it('sees the account menu, the suburb list, a confirmation and a modal open at once, in place', async () => {
    const { context, page } = await openPage(browser(), DESKTOP, REDUCED);
    await recordMotionClasses(context);
    await page.goto('/login?redirect=%2Faccount%2Fprofile');
    await signIn(page, DEMO.email, DEMO.password);
    await page.waitForURL('**/account/profile');
    await testId(page, 'profile-name').waitFor();

    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await expectMenuUnderItsButton(page);
      await saveScreenshot(page, `reduced-motion-menu-${viewport.width}`);
      await page.keyboard.press('Escape');
      await page.locator(MENU).waitFor({ state: 'hidden' });
    }
    await page.setViewportSize(DESKTOP);

    // The menu still takes the customer where they asked.
    await testId(page, 'account-menu').click();
    await testId(page, 'menu-security').click();
    await page.waitForURL('**/account/security');
    await testId(page, 'menu-security').waitFor({ state: 'hidden' });

    await page.goto('/account/profile');
    await testId(page, 'suburb-edit').click();
    await testId(page, 'profile-suburb-input').fill('3000');
    await expectShownWithoutMotion(page, page.locator(OPEN_SELECT_LIST));
    await pickSuburb(page, 'profile-suburb', /Melbourne VIC 3000/);
    expect(await testId(page, 'profile-suburb-input').inputValue()).toContain('Melbourne');
    await testId(page, 'suburb-cancel').click();

    // Ant Design's skeleton holds still while the page waits for the account's sign-in details.
    const details = await holdCalls(page, '**/api/v1/customer/login-detail');
    await page.goto('/account/security');
    const skeletonLine = page.locator('.ant-skeleton-active .ant-skeleton-paragraph > li').first();
    await skeletonLine.waitFor();
    expect(await skeletonLine.evaluate((e) => getComputedStyle(e).animationName)).toBe('none');
    details.release();

    await testId(page, 'sign-out-everywhere').click();
    await expectShownWithoutMotion(page, page.locator('.ant-popconfirm'));
    await page.keyboard.press('Escape');
    await page.locator('.ant-popconfirm').waitFor({ state: 'hidden' });

    await page.goto('/account/addresses');
    await testId(page, 'address-add').click();
    await expectShownWithoutMotion(page, page.locator('.ant-modal'));
    await testId(page, 'address-first-name').fill('Ada');
    await page.keyboard.press('Escape');
    await page.locator('.ant-modal').waitFor({ state: 'hidden' });

    expect(await motionClassesSeen(page)).toEqual([]);
    await context.close();
  });

  it('who turns it on with a form open keeps what they typed, and the next list opens without motion', async () => {
    const { context, page } = await openPage(browser(), DESKTOP);
    await recordMotionClasses(context);
    await page.goto('/login?redirect=%2Faccount%2Fprofile');
    await signIn(page, DEMO.email, DEMO.password);
    await page.waitForURL('**/account/profile');
    await testId(page, 'profile-edit').click();
    await testId(page, 'profile-first-name').fill('Zed');
    const field = await testId(page, 'profile-first-name').elementHandle();

    await page.emulateMedia(REDUCED);
    // The form as it was, the same field still in the page: nothing was built again.
    expect(await field?.evaluate((e) => e.isConnected)).toBe(true);
    expect(await testId(page, 'profile-first-name').inputValue()).toBe('Zed');

    await testId(page, 'profile-cancel').click();
    // What moved before the change (the sign-in button's ripple) is not what this checks.
    await page.evaluate(() =>
      (window as unknown as { motionClassesSeen: Set<string> }).motionClassesSeen.clear(),
    );
    await testId(page, 'suburb-edit').click();
    await testId(page, 'profile-suburb-input').fill('3000');
    await expectShownWithoutMotion(page, page.locator(OPEN_SELECT_LIST));
    await context.close();
  });

  it('sees still skeletons while the shop loads, and a toast that shows at once and goes', async () => {
    const { context, page } = await openPage(browser(), DESKTOP, REDUCED);
    await recordMotionClasses(context);
    const reads = await holdCalls(page, '**/api/v1/product/**');
    await page.goto('/shop');
    const placeholder = testId(page, 'shop-loading').locator('.placeholder').first();
    await placeholder.waitFor();
    expect(await placeholder.evaluate((e) => getComputedStyle(e).animationName)).toBe('none');
    expect(await runningMotion(page)).toEqual([]);
    reads.release();

    await testId(page, 'shop-products').waitFor();
    await page.locator('[data-testid^="product-add-"]:not([disabled])').first().click();
    const toast = toasts(page).first();
    await expectShownWithoutMotion(page, toast);
    expect(await toast.textContent()).toContain('added');
    await toast.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await motionClassesSeen(page)).toEqual([]);
    await context.close();
  });
});

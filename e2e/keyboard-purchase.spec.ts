import type { Product } from '@storefront/contract/catalog';
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addPerthAddress, addSydneyAddress, callApi } from './support/api';
import { DESKTOP, PHONE, makeEmail, openPage, saveScreenshot, useBrowser } from './support/browser';

const browser = useBrowser();

/** How many presses of Tab a journey's step may take before it counts as lost (the counts themselves are logged). */
const TAB_LIMIT = 40;

/**
 * A whole purchase at the keyboard alone, as someone with a screen reader makes it: after the first page is opened,
 * only keys. Each control is reached with Tab (or Shift+Tab) and must then be on screen (not under the sticky header
 * or the phone's fixed bar), show that it has the focus, and have a name a screen reader can say. What the page says
 * of itself meanwhile (added to the cart, paid) must be in a live region, and a page that replaces the focused control
 * must leave the focus somewhere, not on the page's body. Problems that do not stop the journey are collected and
 * listed at its end.
 */
class KeyboardJourney {
  readonly problems: string[] = [];
  readonly presses: { step: string; count: number }[] = [];
  private cdp: CDPSession | null = null;

  constructor(private readonly page: Page) {}

  private async session(): Promise<CDPSession> {
    this.cdp ??= await this.page.context().newCDPSession(this.page);
    return this.cdp;
  }

  /** Presses Tab (Shift+Tab when `isBackwards`) until the focused element matches `selector`; answers the presses. */
  async tabTo(step: string, selector: string, { isBackwards = false, name = /./ } = {}): Promise<number> {
    const { page } = this;
    await page.waitForSelector(selector, { state: 'attached' });
    const before = await indicatorStyles(page, selector);
    const passed: string[] = [];
    for (let count = 1; count <= TAB_LIMIT; count += 1) {
      await page.keyboard.press(isBackwards ? 'Shift+Tab' : 'Tab');
      if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) {
        this.presses.push({ step, count });
        await this.checkFocused(step, before, name);
        return count;
      }
      passed.push(await describeFocus(page));
    }
    await saveScreenshot(page, `keyboard-lost-${step.replace(/\W+/g, '-')}`);
    throw new Error(
      `${step}: ${TAB_LIMIT} presses of ${isBackwards ? 'Shift+Tab' : 'Tab'} never reached ${selector}; ` +
        `the focus went through: ${passed.join(' → ')}`,
    );
  }

  /** The focused control is on screen, shows its focus and has a name a screen reader says. */
  private async checkFocused(step: string, before: string[] | null, name: RegExp): Promise<void> {
    const { page } = this;
    await settleTransitions(page);
    const where = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return 'the focus is on the page itself';
      // Ant Design's radios and checkboxes draw the box beside a hidden native input: their label is what shows.
      const box = element.getBoundingClientRect();
      const shown = box.width < 4 || box.height < 4 ? (element.closest('label') ?? element) : element;
      const rect = shown.getBoundingClientRect();
      const style = getComputedStyle(element);
      const ring = Math.max(
        0,
        (parseFloat(style.outlineWidth) || 0) + (parseFloat(style.outlineOffset) || 0),
      );
      const header = document.querySelector('.site-header');
      // A fixed control (the skip link) is drawn over the header, not scrolled under it.
      const top =
        header && !header.contains(element) && style.position !== 'fixed'
          ? Math.max(0, header.getBoundingClientRect().bottom)
          : 0;
      const bars = [...document.querySelectorAll('.bottom-bar')].filter((bar) => {
        const barRect = bar.getBoundingClientRect();
        return getComputedStyle(bar).position === 'fixed' && barRect.height > 0 && !bar.contains(element);
      });
      const bottom = Math.min(window.innerHeight, ...bars.map((bar) => bar.getBoundingClientRect().top));
      const faults: string[] = [];
      if (rect.width === 0 || rect.height === 0) faults.push('it has no size');
      if (rect.top - ring < top - 0.5)
        faults.push(
          `its top (${Math.round(rect.top)} px) is above what the header leaves (${Math.round(top)} px)`,
        );
      if (rect.bottom + ring > bottom + 0.5)
        faults.push(
          `its foot (${Math.round(rect.bottom)} px) is below ${bottom < window.innerHeight ? "the top of the phone's fixed bar" : 'the screen'} (${Math.round(bottom)} px)`,
        );
      if (rect.left < 0 || rect.right > window.innerWidth) faults.push('it is beside the screen');
      const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
      // A toast passes over for a few seconds and takes no focus; anything else on top hides the control.
      if (hit && !shown.contains(hit) && !hit.contains(shown) && !hit.closest('.ant-message, .plain-toasts'))
        faults.push(`${hit.tagName.toLowerCase()}.${String(hit.className)} covers it`);
      if (!element.matches(':focus-visible')) faults.push('the browser does not show it as focus-visible');
      return faults.join('; ');
    });
    if (where) this.problems.push(`${step}: ${await describeFocus(page)}: ${where}`);

    const after = await indicatorStyles(page, ':focus');
    if (before && after && !hasFocusIndicator(before, after))
      this.problems.push(
        `${step}: ${await describeFocus(page)} shows no focus indicator (its outline and shadow: ${after[0] ?? 'none'})`,
      );
    const faint = before && after ? faintRing(before, after) : null;
    if (faint) this.problems.push(`${step}: ${await describeFocus(page)}'s focus ring is faint: ${faint}`);

    const spoken = await this.accessibleName();
    if (!name.test(spoken.name))
      this.problems.push(
        `${step}: a screen reader says "${spoken.role}: ${spoken.name}", not ${String(name)}`,
      );
  }

  /** The focused element's role and name as Chromium gives them to a screen reader. */
  async accessibleName(): Promise<{ role: string; name: string }> {
    const cdp = await this.session();
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'document.activeElement' });
    if (!result.objectId) return { role: '', name: '' };
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
      objectId: result.objectId,
      fetchRelatives: false,
    });
    const node = nodes[0];
    return { role: String(node?.role?.value ?? ''), name: String(node?.name?.value ?? '') };
  }

  /** After a page replaced the control that had the focus, the focus is somewhere in the new page. */
  async checkFocusKept(step: string): Promise<void> {
    await this.page.waitForTimeout(300);
    const isLost = await this.page.evaluate(
      () => !document.activeElement || document.activeElement === document.body,
    );
    if (isLost) this.problems.push(`${step}: the focus was left on the page's body`);
  }

  /** What the page says of itself reaches a screen reader: `text` shows inside a live region. */
  async checkAnnounced(step: string, text: RegExp): Promise<void> {
    try {
      await this.page.waitForFunction(
        ({ source, flags }) => {
          const pattern = new RegExp(source, flags);
          const live = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
          return [...document.querySelectorAll(live)].some((region) =>
            pattern.test(region.textContent ?? ''),
          );
        },
        { source: text.source, flags: text.flags },
        { timeout: 10_000 },
      );
    } catch {
      this.problems.push(`${step}: nothing a screen reader announces says ${String(text)}`);
    }
  }

  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
  }

  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key);
  }
}

/** Waits for CSS transitions (a focus ring fading in) to end; endless animations such as skeletons are left. */
async function settleTransitions(page: Page): Promise<void> {
  await page.waitForTimeout(50);
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => undefined);
}

/**
 * The outline and shadow of the first element matching `selector`, its three nearest ancestors and what its parent
 * and grandparent hold (where Ant Design draws a radio's ring): compared before and after the element takes focus.
 */
async function indicatorStyles(page: Page, selector: string): Promise<string[] | null> {
  await settleTransitions(page);
  return page.evaluate((s) => {
    const element = document.querySelector(s);
    if (!element) return null;
    const ancestors = [element.parentElement, element.parentElement?.parentElement];
    const around = [element, ...ancestors, ancestors[1]?.parentElement].filter((e) => e instanceof Element);
    const inside = [...(ancestors[1] ?? ancestors[0] ?? element).querySelectorAll('*')].slice(0, 40);
    return [...around, ...inside].map((e) => {
      const style = getComputedStyle(e);
      const outline =
        style.outlineStyle === 'none' || parseFloat(style.outlineWidth) === 0
          ? 'none'
          : `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
      return `${outline}|${style.boxShadow}`;
    });
  }, selector);
}

function hasFocusIndicator(before: string[], after: string[]): boolean {
  return after.some((style, i) => {
    const [outline, shadow] = style.split('|');
    const [outlineBefore, shadowBefore] = (before[i] ?? 'none|none').split('|');
    return (
      (outline !== 'none' && outline !== outlineBefore) || (shadow !== 'none' && shadow !== shadowBefore)
    );
  });
}

/**
 * A focus ring drawn as an outline must stand out from the white it is drawn on by 3:1 (WCAG 1.4.11); answers the
 * faint one found. (Fields draw their focus as a border in the theme colour, which `indicatorStyles` does not read.)
 */
function faintRing(before: string[], after: string[]): string | null {
  for (const [i, style] of after.entries()) {
    const [outline = 'none'] = style.split('|');
    if (outline === 'none' || outline === (before[i] ?? 'none|none').split('|')[0]) continue;
    const colour = /rgba?\(([^)]+)\)/.exec(outline)?.[1];
    if (!colour) continue;
    const [r = 0, g = 0, b = 0, alpha = 1] = colour
      .split(/[ ,/]+/)
      .filter(Boolean)
      .map(Number);
    const onWhite = [r, g, b].map((c) => c * alpha + 255 * (1 - alpha));
    const contrast = 1.05 / (relativeLuminance(onWhite) + 0.05);
    if (contrast < 3) return `${outline}, ${contrast.toFixed(2)}:1 on white`;
  }
  return null;
}

function relativeLuminance([r = 0, g = 0, b = 0]: number[]): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The focused element, as a failure message names it. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const id = element.getAttribute('data-testid');
    const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return `${element.tagName.toLowerCase()}${id ? `[${id}]` : ''}${label ? ` "${label}"` : ''}`;
  });
}

/** A new customer (registered by the API, signed in by the journey) with a Perth address, then a Sydney one. */
async function newCustomer(label: string): Promise<{ email: string; password: string }> {
  const email = makeEmail(label);
  const password = 'keyboard-pass-2000';
  const { headers } = await callApi('register', {
    method: 'POST',
    body: { email, password, firstName: 'Kay', lastName: 'Board' },
  });
  const token = headers.get('authorization') ?? '';
  await addPerthAddress(token, { firstName: 'Kay', lastName: 'Board' });
  await addSydneyAddress(token, { firstName: 'Kay', lastName: 'Board' });
  return { email, password };
}

async function pantryProduct(): Promise<Product> {
  const { data } = await callApi<{ list: Product[] }>('product/list?category=pantry&pageSize=50');
  const product = data.list.find((p) => p.available && p.stock >= 10);
  if (!product) throw new Error('the demo catalogue needs a pantry product with 10 in stock');
  return product;
}

function checked(page: Page, selector: string): Promise<boolean> {
  return page.evaluate(
    (s) => (document.querySelector(s) as HTMLInputElement | null)?.checked ?? false,
    selector,
  );
}

function focusedValue(page: Page): Promise<string> {
  return page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value ?? '');
}

async function buyAtTheKeyboard(
  page: Page,
  keys: KeyboardJourney,
  label: string,
  viewport: 'desktop' | 'phone',
): Promise<void> {
  const customer = await newCustomer(label);
  const product = await pantryProduct();
  const id = product.productID;

  await page.goto('/login');
  await page.waitForSelector('[data-testid="login-email"]');
  // The first Tab offers to skip the header; taken, the focus lands in the page, before its form.
  expect(
    await keys.tabTo('skip to content', '[data-testid="skip-link"]', { name: /^Skip to content$/ }),
  ).toBe(1);
  await keys.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  await keys.tabTo('sign-in email', '[data-testid="login-email"]', { name: /^Email$/ });
  await keys.type(customer.email);
  await keys.tabTo('sign-in password', '[data-testid="login-password"]', { name: /^Password$/ });
  await keys.type(customer.password);
  await keys.press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
  // The address changes as the sign-in ends; the home page replaces the form once its code is in.
  await page.waitForSelector('[data-testid="home-title"]');
  await keys.checkFocusKept('after signing in');

  // The header's search, from wherever the home page left the focus.
  await keys.tabTo('header search', '[data-testid="header-search"]', {
    isBackwards: true,
    name: /Search products/,
  });
  await keys.type(product.name);
  await keys.press('Enter');
  await page.waitForURL(/\/shop\?keyword=/);
  const card = `[data-testid="product-card-${id}"] a.product-card__name`;
  await page.waitForSelector(card);
  await keys.tabTo('the product in the results', card, { name: new RegExp(escape(product.name)) });
  await keys.press('Enter');
  await page.waitForURL(`**/product/${id}`);
  await page.waitForSelector('[data-testid="product-quantity"]');
  await keys.checkFocusKept('after opening the product');

  await keys.tabTo('product quantity', '[data-testid="product-quantity"]', { name: /Quantity/ });
  await keys.press('Control+A');
  await keys.type('2');
  await keys.tabTo('product One more', '[data-testid="product-page"] button[aria-label="One more"]', {
    name: /One more/,
  });
  await keys.press('Space');
  await expect.poll(() => page.inputValue('[data-testid="product-quantity"]')).toBe('3');
  await keys.tabTo('Add to cart', '[data-testid="product-add"]', { name: /Add to cart/ });
  await keys.press('Enter');
  await keys.checkAnnounced(
    'added to the cart',
    new RegExp(`${escape(product.name)}.*cart|cart.*${escape(product.name)}`, 'i'),
  );
  await expect
    .poll(() => page.getAttribute('[data-testid="cart-button"]', 'aria-label'))
    .toBe('Cart, 3 items');

  // Back up to the header's cart link.
  await keys.tabTo('header cart', '[data-testid="cart-button"]', {
    isBackwards: true,
    name: /^Cart, 3 items$/,
  });
  await keys.press('Enter');
  await page.waitForURL('**/cart');
  const quantity = `[data-testid="cart-line-quantity-${id}"]`;
  await page.waitForSelector(quantity);
  await keys.checkFocusKept('after opening the cart');

  await keys.tabTo('cart line quantity', quantity, { name: /Quantity/ });
  expect(await focusedValue(page)).toBe('3');
  await keys.press('Control+A');
  await keys.type('2');
  const updated = page.waitForResponse((r) => r.url().endsWith('/api/v1/cart/update'));
  await keys.press('Enter');
  expect((await updated).ok()).toBe(true);
  await keys.checkAnnounced('cart quantity', new RegExp(`${escape(product.name)}: 2 in your cart`));
  await expect
    .poll(() => page.getAttribute('[data-testid="cart-button"]', 'aria-label'))
    .toBe('Cart, 2 items');
  await keys.tabTo('Checkout', '[data-testid="cart-checkout"]', { name: /^Checkout$/ });
  await keys.press('Enter');
  await page.waitForURL('**/checkout');
  // The Perth address is the first and the default: its courier offers standard and express.
  await page.waitForSelector('[data-testid="checkout-delivery"][data-delivery-mode="courier"]');
  await keys.checkFocusKept('after opening the checkout');

  await keys.tabTo('delivery option', '[data-testid="checkout-service"] input[type="radio"]', {
    name: /Standard/,
  });
  if (viewport === 'desktop') {
    await keys.press('ArrowDown');
    await expect.poll(() => keys.accessibleName().then((n) => n.name)).toMatch(/Express/);
  }
  expect(await checked(page, '[data-testid="checkout-service"] input:focus')).toBe(true);

  // Back up to the addresses: the arrow keys choose Sydney's, whose zone books windows, the window being the choice.
  await keys.tabTo('delivery address', '[data-testid="checkout-address"] input[type="radio"]', {
    isBackwards: true,
    name: /Perth/,
  });
  await keys.press('ArrowDown');
  await expect.poll(() => keys.accessibleName().then((n) => n.name)).toMatch(/Sydney/);
  expect(await checked(page, '[data-testid="checkout-address"] input[type="radio"]:focus')).toBe(true);
  await page.waitForSelector('[data-testid="checkout-delivery"][data-delivery-mode="window"]');

  // Tomorrow has all its windows open: the day after the first shown, then the first window free.
  const days = '.window-picker__days input[type="radio"]';
  await page.waitForSelector('[data-testid="window-picker"]');
  await keys.tabTo('delivery day', days, { name: /\w/ });
  await keys.press('ArrowRight');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('label')?.className ?? ''))
    .toContain('checked');
  const windows = '.window-picker__windows input[type="radio"]:not(:disabled)';
  await keys.tabTo('delivery window', windows, { name: /\d:\d\d/ });
  await keys.press('Space');
  expect(await checked(page, `${windows}:focus`)).toBe(true);

  const place = '[data-testid="checkout-place-order"], [data-testid="checkout-bar-place-order"]';
  await page.waitForSelector('[data-testid="checkout-place-order"]:not(:disabled)');
  await keys.tabTo('Place order', place, { name: /Place order/ });
  await keys.press('Enter');
  await page.waitForURL(/\/checkout\/pay\/\d+$/);
  const orderID = Number(new URL(page.url()).pathname.split('/').pop());
  await page.waitForSelector('[data-testid="payment-pay"]');
  await keys.checkFocusKept('after placing the order');

  await keys.tabTo('way to pay', '[data-testid="payment-methods"] input[type="radio"]', { name: /\w/ });
  for (
    let tries = 0;
    tries < 5 && !(await checked(page, 'input[data-testid="payment-method-demo"]'));
    tries += 1
  )
    await keys.press('ArrowDown');
  expect(await checked(page, 'input[data-testid="payment-method-demo"]')).toBe(true);
  await keys.tabTo('Pay', '[data-testid="payment-pay"]', { name: /^Pay \$/ });
  await keys.press('Enter');

  // The demo provider's page is a page load of its own: the focus starts at its top.
  await page.waitForURL(/\/payment\/demo\/approve\?ref=/);
  await page.waitForSelector('[data-testid="demo-amount"]');
  await keys.tabTo('Approve payment', '[data-testid="demo-approve"]', { name: /Approve payment/ });
  await keys.press('Enter');
  await page.waitForURL(/\/checkout\/payment-return\?/);
  await keys.checkAnnounced('paid', new RegExp(`Payment received.*order SO-${orderID}`));
  await page.waitForSelector('[data-testid="payment-return-order"]');
  await keys.tabTo('View your order', '[data-testid="payment-return-order"]', { name: /View your order/ });
  await keys.press('Enter');
  await page.waitForURL(`**/account/orders/${orderID}`);
  await expect.poll(() => page.textContent('[data-testid="order-status"]')).toBe('Paid');
  await keys.checkFocusKept('after opening the paid order');
  await saveScreenshot(page, `keyboard-purchase-paid-${viewport}`);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Buys at the keyboard; a step that stops the journey names the problems found before it too. */
async function buyAndReport(page: Page, label: string, viewport: 'desktop' | 'phone'): Promise<string[]> {
  const keys = new KeyboardJourney(page);
  try {
    await buyAtTheKeyboard(page, keys, label, viewport);
  } catch (err) {
    const found = keys.problems.length > 0 ? `\nFound before it:\n${keys.problems.join('\n')}` : '';
    throw new Error(`${err instanceof Error ? err.message : String(err)}${found}`, { cause: err });
  } finally {
    console.info(
      `Tab presses per step (${viewport}): ${keys.presses.map((p) => `${p.step} ${p.count}`).join(', ')}`,
    );
  }
  return keys.problems;
}

describe('a purchase at the keyboard alone', () => {
  it('at a desktop width: sign in, search, add, change the cart, check out to Sydney with a window, pay by demo', async () => {
    const { context, page } = await openPage(browser(), DESKTOP);
    try {
      expect(await buyAndReport(page, 'keys-desktop', 'desktop')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("at a phone's width, where the header wraps and the checkout keeps its bar at the foot", async () => {
    const { context, page } = await openPage(browser(), PHONE);
    try {
      expect(await buyAndReport(page, 'keys-phone', 'phone')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

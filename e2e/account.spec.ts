import { describe, expect, it } from 'vitest';
import {
  useBrowser,
  makeEmail,
  openPage,
  PHONE,
  registerCustomer,
  saveScreenshot,
  signIn,
  signOut,
  testId,
  toasts,
} from './support/browser';
import { expectFocusedInView, fieldError } from './support/form-errors';
import { pickSuburb } from './support/suburb';

const browser = useBrowser();

describe('the account area', () => {
  it('a customer edits their profile and it stays edited', async () => {
    const { context, page } = await openPage(browser());
    await registerCustomer(page, {
      email: makeEmail('profile'),
      password: 'profile-pass-1',
      firstName: 'Sam',
      lastName: 'Lee',
    });
    await testId(page, 'profile-edit').click();
    await testId(page, 'profile-first-name').fill('Samantha');
    await testId(page, 'profile-last-name').fill('Leeson');
    await testId(page, 'profile-phone').fill('12345');
    await testId(page, 'profile-save').click();
    await page.getByText('Enter an Australian number').waitFor();
    await testId(page, 'profile-phone').fill('0412 345 678');
    await testId(page, 'profile-birthday').fill('1990-04-05');
    await testId(page, 'profile-save').click();
    await page.getByText('Your details are saved.').waitFor();
    expect(await testId(page, 'profile-name').textContent()).toBe('Samantha Leeson');
    expect(await testId(page, 'profile-phone-value').textContent()).toBe('0412 345 678');

    // The home suburb is picked from the real localities, as an address's is.
    await testId(page, 'suburb-edit').click();
    await testId(page, 'profile-suburb-input').fill('3000');
    await pickSuburb(page, 'profile-suburb', /Melbourne VIC 3000/);
    await testId(page, 'suburb-save').click();
    await page.getByText('Your suburb is saved.').waitFor();

    await page.reload();
    await testId(page, 'profile-name').waitFor();
    expect(await testId(page, 'profile-name').textContent()).toBe('Samantha Leeson');
    // Named with its state, as addresses are: read from the postcode's localities once the page is up.
    await expect.poll(() => testId(page, 'profile-suburb-value').textContent()).toBe('Melbourne VIC 3000');
    await saveScreenshot(page, 'profile-suburb-desktop');
    expect(await testId(page, 'account-greeting').textContent()).toContain('Samantha');
    await context.close();
  });

  it('a suburb typed but not picked from the list is refused on a phone at the field, with the cursor there', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await registerCustomer(page, {
      email: makeEmail('suburb'),
      password: 'suburb-pass-1',
      firstName: 'Kim',
      lastName: 'Park',
    });
    await testId(page, 'suburb-edit').click();
    await testId(page, 'profile-suburb-input').fill('Nowhere Special');
    await testId(page, 'suburb-save').click();
    expect(await fieldError(page, 'profile-suburb-input')).toBe(
      'Pick your suburb from the list: it brings its postcode.',
    );
    await expectFocusedInView(page, 'profile-suburb-input');
    // The message, the hint under it and the Save button below stand apart: the hint's last line touched the button.
    const gaps = await page.locator('form', { has: testId(page, 'suburb-save') }).evaluate((form) => {
      const inked = (e: Element | null) => {
        const range = document.createRange();
        if (e) range.selectNodeContents(e);
        return range.getBoundingClientRect();
      };
      const message = form.querySelector('.ant-form-item-explain-error')?.getBoundingClientRect();
      const hint = form.querySelector('.ant-form-item-extra');
      const save = form.querySelector('[data-testid="suburb-save"]')?.getBoundingClientRect();
      return {
        messageToHint: (hint?.getBoundingClientRect().top ?? 0) - (message?.bottom ?? 0),
        hintTextToSave: (save?.top ?? 0) - inked(hint).bottom,
      };
    });
    expect(gaps.messageToHint).toBeGreaterThanOrEqual(4);
    expect(gaps.hintTextToSave).toBeGreaterThanOrEqual(8);
    await context.close();
  });

  it('a customer registers on a phone with the home suburb picked from the list, and the profile has it', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await page.goto('/register');
    // Until a suburb is picked, the page says which one delivery prices are worked out to.
    await page
      .getByText('Leave it empty and we use Sydney NSW 2000 until you set it in your profile.')
      .waitFor();
    await testId(page, 'register-first-name').fill('Pat');
    await testId(page, 'register-last-name').fill('Hobart');
    await testId(page, 'register-email').fill(makeEmail('register-suburb'));
    await testId(page, 'register-password').fill('hobart-pass-7000');
    await testId(page, 'register-confirm-password').fill('hobart-pass-7000');
    await testId(page, 'register-suburb-input').fill('Hobar');
    await pickSuburb(page, 'register-suburb', /^Hobart TAS 7000$/);
    await page.getByText('Postcode 7000: delivery prices are worked out to it.').waitFor();
    expect(await testId(page, 'register-suburb-input').inputValue()).toBe('Hobart');
    await saveScreenshot(page, 'register-suburb-picked-phone');
    await testId(page, 'register-submit').click();
    await page.waitForURL('**/account/profile');
    await expect.poll(() => testId(page, 'profile-suburb-value').textContent()).toBe('Hobart TAS 7000');
    await saveScreenshot(page, 'profile-suburb-phone');
    await context.close();
  });

  it('a customer with one name registers with the last name left empty', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await registerCustomer(page, {
      email: makeEmail('one-name'),
      password: 'one-name-pass-1',
      firstName: 'Teller',
      lastName: '',
    });
    await testId(page, 'profile-name').waitFor();
    expect(await testId(page, 'profile-name').textContent()).toBe('Teller');
    await context.close();
  });

  it('a birthday the server refuses is marked at its field on a phone, with the cursor in it', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await registerCustomer(page, {
      email: makeEmail('birthday'),
      password: 'birthday-pass-1',
      firstName: 'Bea',
      lastName: 'Young',
    });
    await testId(page, 'profile-edit').click();
    await testId(page, 'profile-birthday').fill('2020-01-01');
    await testId(page, 'profile-save').scrollIntoViewIfNeeded();
    await testId(page, 'profile-save').click();
    expect(await fieldError(page, 'profile-birthday')).toBe('Must be a date between 13 and 120 years ago.');
    await expectFocusedInView(page, 'profile-birthday');
    await saveScreenshot(page, 'profile-birthday-refused-phone');
    expect(await page.getByText('body.birthday').count()).toBe(0);
    await context.close();
  });

  it('the account menu stays under its button while the page scrolls', async () => {
    const { context, page } = await openPage(browser());
    await registerCustomer(page, {
      email: makeEmail('menu'),
      password: 'menu-pass-1',
      firstName: 'Mo',
      lastName: 'Lee',
    });
    await page.goto('/shop');
    // The list makes the page long enough to scroll under the menu.
    await testId(page, 'shop-products').waitFor();
    await testId(page, 'account-menu').click();
    await testId(page, 'logout').waitFor();
    // Read in the same task as the scroll: before anything could move the menu back under its button.
    const gap = await page.evaluate(() => {
      window.scrollBy({ top: 600, behavior: 'instant' });
      const item = document.querySelector('[data-testid="logout"]');
      const button = document.querySelector('[data-testid="account-menu"]');
      if (!item || !button || window.scrollY < 300)
        throw new Error('the page did not scroll under the open menu');
      return item.getBoundingClientRect().top - button.getBoundingClientRect().bottom;
    });
    // Placed in the page, the menu went up with it, behind the header that stays at the top, until it was aligned
    // again: a frame or more of a menu away from its button, and a click then landed elsewhere.
    expect(gap).toBeGreaterThan(0);
    expect(gap).toBeLessThan(300);
    await context.close();
  });

  it('a customer changes their password and signs in with the new one', async () => {
    const { context, page } = await openPage(browser());
    const email = makeEmail('password');
    await registerCustomer(page, { email, password: 'first-pass-1', firstName: 'Alex', lastName: 'Cho' });
    await testId(page, 'account-nav-security').click();
    await testId(page, 'password-old').fill('wrong-pass-1');
    await testId(page, 'password-new').fill('second-pass-2');
    await testId(page, 'password-confirm').fill('second-pass-2');
    await testId(page, 'password-save').click();
    await page.getByText('The current password is incorrect.').waitFor();

    await testId(page, 'password-old').fill('first-pass-1');
    await testId(page, 'password-save').click();
    await page.getByText('Your password is changed.').waitFor();
    await signOut(page);

    await page.goto('/login');
    await signIn(page, email, 'first-pass-1');
    await testId(page, 'login-error').waitFor();
    await signIn(page, email, 'second-pass-2');
    await page.waitForURL((url) => url.pathname === '/');
    await testId(page, 'home-title').getByText('Welcome back, Alex').waitFor();
    await context.close();
  });

  it('on a phone a wrong current password is marked at its field, and the change that follows leaves no error', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await registerCustomer(page, {
      email: makeEmail('password-phone'),
      password: 'first-pass-1',
      firstName: 'Pat',
      lastName: 'Word',
    });
    await page.goto('/account/security');
    await testId(page, 'password-old').fill('wrong-pass-1');
    await testId(page, 'password-new').fill('second-pass-2');
    await testId(page, 'password-confirm').fill('second-pass-2');
    await testId(page, 'password-save').click();
    expect(await fieldError(page, 'password-old')).toBe('The current password is incorrect.');
    await expectFocusedInView(page, 'password-old');
    await saveScreenshot(page, 'security-wrong-password-phone');

    await testId(page, 'password-old').fill('first-pass-1');
    await testId(page, 'password-save').click();
    await page.getByText('Your password is changed.').waitFor();
    // The earlier refusal is gone with the success, toast or mark, well before a toast's 3 seconds are up.
    expect(await toasts(page).allInnerTexts()).toEqual([
      'Your password is changed. Other devices have been signed out.',
    ]);
    expect(await page.getByText('The current password is incorrect.').count()).toBe(0);
    expect(await testId(page, 'password-old').getAttribute('aria-invalid')).toBeNull();
    await saveScreenshot(page, 'security-password-changed-phone');
    await context.close();
  });

  it('the sign-in history lists recent sign-ins', async () => {
    const { context, page } = await openPage(browser());
    await registerCustomer(page, {
      email: makeEmail('history'),
      password: 'history-pass-1',
      firstName: 'Jo',
      lastName: 'Tran',
    });
    await page.goto('/account/security');
    await testId(page, 'login-history').waitFor();
    expect(await testId(page, 'login-history').textContent()).toContain('Account created');
    // The browser named as a customer would name it, the full string kept for a hover.
    const device = testId(page, 'login-history-device').first();
    expect(await device.textContent()).toMatch(/ · Chrome on Linux$/);
    expect(await device.getAttribute('title')).toContain('HeadlessChrome');
    await context.close();
  });

  it('every entry of the account menu opens its own section and marks it as the current one', async () => {
    const { context, page } = await openPage(browser());
    await registerCustomer(page, {
      email: makeEmail('sections'),
      password: 'sections-pass-1',
      firstName: 'Max',
      lastName: 'Hall',
    });
    await testId(page, 'account-nav-profile').waitFor();
    const menuIds = await page
      .locator('[data-testid^="account-nav-"]')
      .evaluateAll((entries) => entries.map((entry) => entry.getAttribute('data-testid') ?? ''));
    const sections = menuIds.map((id) => id.replace('account-nav-', ''));
    expect(sections).toEqual([
      'profile',
      'security',
      'addresses',
      'wishlist',
      'lists',
      'orders',
      'newsletter',
      'credits',
      'coupons',
      'vouchers',
    ]);
    for (const section of [...sections.slice(1), 'profile']) {
      await testId(page, `account-nav-${section}`).click();
      await page.waitForURL(`**/account/${section}`);
      await testId(page, `${section}-page`).waitFor();
      expect(
        await page
          .locator('.ant-menu-item-selected [data-testid^="account-nav-"]')
          .getAttribute('data-testid'),
      ).toBe(`account-nav-${section}`);
    }
    await context.close();
  });

  it('an account section that does not exist says the page is not found', async () => {
    const { context, page } = await openPage(browser());
    await registerCustomer(page, {
      email: makeEmail('no-section'),
      password: 'no-section-pass-1',
      firstName: 'Nell',
      lastName: 'Gone',
    });
    await page.goto('/account/loyalty-points');
    await page.getByText('Page not found').waitFor();
    expect(await page.locator('[data-testid$="-page"]').count()).toBe(0);
    await context.close();
  });

  it('the password Show toggles are finger-sized on a phone', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await page.goto('/login');
    const show = page.getByRole('button', { name: 'Show password' });
    const box = await show.boundingBox();
    if (!box) throw new Error('the Show toggle has no box');
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(24);
    await show.click();
    expect(await testId(page, 'login-password').getAttribute('type')).toBe('text');

    await page.goto('/register');
    const eye = page.locator('.ant-input-password-icon').first();
    await eye.waitFor();
    const eyeBox = await eye.boundingBox();
    if (!eyeBox) throw new Error('the eye has no box');
    expect(eyeBox.width).toBeGreaterThanOrEqual(24);
    expect(eyeBox.height).toBeGreaterThanOrEqual(24);
    await context.close();
  });
});

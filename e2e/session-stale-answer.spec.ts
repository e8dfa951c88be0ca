import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi } from './support/api';
import { makeEmail, openPage, signIn, signOut, testId, useBrowser } from './support/browser';

const browser = useBrowser();

type Customer = { email: string; password: string; firstName: string; lastName: string; token: string };

async function registerByApi(label: string, firstName: string): Promise<Customer> {
  const body = { email: makeEmail(label), password: 'stale-answer-pass-1', firstName, lastName: 'Stale' };
  const { headers } = await callApi('register', { method: 'POST', body });
  const token = headers.get('authorization');
  if (!token) throw new Error('register answered no token');
  return { ...body, token };
}

/**
 * Holds the page's first read of who is signed in until `release` is called, then answers it as `answer` says. Any
 * later read goes through at once. Resolves `isHeld` once the first read is waiting.
 */
async function holdFirstUserRead(page: Page, answer: (route: Route) => Promise<void>) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markHeld: () => void = () => undefined;
  const isHeld = new Promise<void>((resolve, reject) => {
    markHeld = resolve;
    setTimeout(() => reject(new Error('The page did not read who is signed in within 30 s')), 30_000).unref();
  });
  let reads = 0;
  await page.route('**/api/v1/customer/me', async (route) => {
    reads += 1;
    if (reads > 1) return route.continue();
    markHeld();
    await released;
    await answer(route);
  });
  return { isHeld, release };
}

/** Writes a customer's session into the storage the page's tabs share, token first, as a sign-in leaves it. */
function storeSessionOf(page: Page, customer: Customer): Promise<void> {
  return page.evaluate((c) => {
    localStorage.setItem('storefront.token', `Bearer ${c.token}`);
    localStorage.setItem('storefront.email', c.email);
  }, customer);
}

/**
 * Opens the shop in `page` with the customer's session stored before the app starts and without the user-info cookie
 * (it lives 30 minutes), so the page's first read is of who they are. Storing it into an open page instead let that
 * page read them, now and then, before the read could be held (on a loaded machine, a render after the page had
 * loaded): the cookie it left meant no read after the reload, and the journey waited for one until it timed out.
 */
async function openAs(page: Page, customer: Customer): Promise<void> {
  await page.addInitScript((c) => {
    localStorage.setItem('storefront.token', `Bearer ${c.token}`);
    localStorage.setItem('storefront.email', c.email);
  }, customer);
  await page.goto('/');
}

/** The session the browser keeps: token, email, and whose user info the cookie holds. */
function readStored(page: Page) {
  return page.evaluate(() => {
    const cookie = document.cookie.split('; ').find((c) => c.startsWith('storefront_user='));
    const user = cookie
      ? (JSON.parse(decodeURIComponent(cookie.slice('storefront_user='.length))) as { email?: string })
      : null;
    return {
      token: localStorage.getItem('storefront.token'),
      email: localStorage.getItem('storefront.email'),
      userEmail: user?.email ?? null,
    };
  });
}

describe('an answer for a session another tab has replaced', () => {
  it("a read answered, with a renewed token, after another tab signed in as someone else leaves that customer's session", async () => {
    const ann = await registerByApi('stale-ann', 'Annika');
    const ben = await registerByApi('stale-ben', 'Benedikt');
    // A later token for Ann's account stands in for the renewal the server would send past half a token's life.
    const { headers } = await callApi('login', {
      method: 'POST',
      body: { email: ann.email, password: ann.password },
    });
    const annsRenewal = headers.get('authorization');
    if (!annsRenewal) throw new Error('login answered no token');

    const { context, page: first } = await openPage(browser());
    const { isHeld, release } = await holdFirstUserRead(first, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), authorization: annsRenewal } });
    });
    await openAs(first, ann);
    await isHeld;

    // Another tab signs in as Ben while Ann's read is out; this tab follows and reads Ben.
    const second = await context.newPage();
    await second.goto('/');
    await storeSessionOf(second, ben);
    await testId(first, 'account-menu').getByText('Benedikt').waitFor();

    const annsAnswer = first.waitForResponse('**/api/v1/customer/me');
    release();
    await annsAnswer;
    await first.waitForTimeout(500);
    expect(await readStored(first)).toEqual({
      token: `Bearer ${ben.token}`,
      email: ben.email,
      userEmail: ben.email,
    });
    // Only this tab is asked about: the other one stands in for a sign-in by writing the storage itself, which a tab
    // is never told of (a storage event goes to the other tabs), so what it shows is whatever it had read before.
    expect(await testId(first, 'account-menu').textContent()).toContain('Benedikt');
    expect(await first.locator('body').textContent()).not.toContain('Annika');
    await context.close();
  });

  it('a read refused after another tab signed out and in as someone else leaves that session and this page', async () => {
    const ann = await registerByApi('stale-ann-out', 'Annika');
    const ben = await registerByApi('stale-ben-in', 'Benedikt');

    const { context, page: first } = await openPage(browser());
    const { isHeld, release } = await holdFirstUserRead(first, (route) => route.continue());
    await openAs(first, ann);
    await isHeld;

    // Signing out ends Ann's token on the server: her read, let go afterwards, is refused with 401.
    const second = await context.newPage();
    await second.goto('/');
    await signOut(second);
    await second.goto('/login');
    await signIn(second, ben.email, ben.password);
    await second.waitForURL((url) => url.pathname === '/');
    await testId(first, 'account-menu').getByText('Benedikt').waitFor();

    const annsAnswer = first.waitForResponse('**/api/v1/customer/me');
    release();
    expect((await annsAnswer).status()).toBe(401);
    await first.waitForTimeout(500);
    expect(new URL(first.url()).pathname).toBe('/');
    expect(await readStored(first)).toEqual({
      token: expect.stringMatching(/^Bearer /),
      email: ben.email,
      userEmail: ben.email,
    });
    expect(await testId(first, 'account-menu').textContent()).toContain('Benedikt');
    expect(await testId(second, 'account-menu').textContent()).toContain('Benedikt');
    await context.close();
  });
});

import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, makeEmail, PHONE, saveScreenshot, signIn, testId, useBrowser } from './support/browser';
import { linkTo, waitForMail } from './support/mailbox';
import { startBuiltStore, type BuiltStore } from './support/built-store';

/**
 * Google sign-in end to end, without Google: the store trusts a key pair made here (GOOGLE_JWKS), and the page
 * gets a stand-in for Google's script (the closed network cannot load the real one) whose button hands it an ID
 * token signed with that key, as Google's would.
 */
const CLIENT_ID = 'e2e-storefront.apps.googleusercontent.com';
const KID = 'e2e-key';
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwks = JSON.stringify({
  keys: [{ ...keys.publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' }],
});

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function idToken(claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url({ alg: 'RS256', kid: KID, typ: 'JWT' });
  const payload = base64url({
    iss: 'https://accounts.google.com',
    aud: CLIENT_ID,
    iat: now,
    exp: now + 600,
    ...claims,
  });
  const signature = createSign('RSA-SHA256')
    .update(`${header}.${payload}`)
    .sign(keys.privateKey, 'base64url');
  return `${header}.${payload}.${signature}`;
}

/** Google's Identity Services, as much of it as the page uses: initialize, and a button that signs in. */
function standInScript(token: string): string {
  return `
    window.google = { accounts: { id: {
      initialize(options) { window.__googleCallback = options.callback; window.__googleClientId = options.client_id; },
      renderButton(parent) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Sign in with Google';
        button.setAttribute('data-testid', 'google-stand-in');
        button.onclick = () => window.__googleCallback({ credential: ${JSON.stringify(token)} });
        parent.appendChild(button);
      },
    } } };`;
}

const browser = useBrowser();
let store: BuiltStore;

beforeAll(async () => {
  store = await startBuiltStore({ env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS: jwks } });
});
afterAll(async () => {
  await store?.stop();
});

async function googlePage(token: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser().newContext({
    baseURL: store.baseURL,
    viewport: DESKTOP,
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
  });
  await context.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: standInScript(token) }),
  );
  return { context, page: await context.newPage() };
}

describe('Google sign-in', () => {
  it('the Google button signs a new customer in, named as Google says, with a verified address', async () => {
    const email = makeEmail('google');
    const token = idToken({
      sub: randomUUID(),
      email,
      email_verified: true,
      given_name: 'Gail',
      family_name: 'Googler',
    });
    const { context, page } = await googlePage(token);
    await page.goto('/login');
    await testId(page, 'google-stand-in').waitFor();
    expect(await page.evaluate(() => Reflect.get(window, '__googleClientId'))).toBe(CLIENT_ID);
    await saveScreenshot(page, 'login-google-desktop');
    await testId(page, 'google-stand-in').click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('storefront.token'))).toMatch(/^Bearer \S+$/);

    await page.goto('/account/profile');
    await testId(page, 'profile-page').waitFor();
    expect(await testId(page, 'profile-page').textContent()).toContain('Gail Googler');
    await page.waitForLoadState('networkidle');
    expect(await testId(page, 'verify-banner').count()).toBe(0);
    await context.close();
  });

  it('a customer who signs in with Google is offered a mailed link to choose a password, and then signs in with it', async () => {
    const email = makeEmail('google-password');
    const token = idToken({ sub: randomUUID(), email, email_verified: true, given_name: 'Gus' });
    const { context, page } = await googlePage(token);
    await page.setViewportSize(PHONE);
    await page.goto('/login');
    await testId(page, 'google-stand-in').click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/account/security');
    await testId(page, 'choose-password').waitFor();
    expect(await testId(page, 'password-old').count()).toBe(0);
    await testId(page, 'choose-password-send').click();
    await testId(page, 'choose-password-sent').waitFor();
    await saveScreenshot(page, 'security-google-choose-password-phone');

    const mail = await waitForMail(email, 'Reset your Harbour Grocer password', store.mailboxDir);
    await page.goto(linkTo(mail, '/reset-password'));
    await testId(page, 'reset-password').fill('chosen-pass-2000');
    await testId(page, 'reset-confirm').fill('chosen-pass-2000');
    await testId(page, 'reset-submit').click();
    await testId(page, 'reset-done').waitFor();
    await testId(page, 'reset-sign-in').click();
    await page.waitForURL('**/login');
    await signIn(page, email, 'chosen-pass-2000');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('storefront.email'))).toBe(email);
    await context.close();
  });

  it('a token signed by another key is refused, and the customer stays signed out', async () => {
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const now = Math.floor(Date.now() / 1000);
    const header = base64url({ alg: 'RS256', kid: KID, typ: 'JWT' });
    const payload = base64url({
      iss: 'https://accounts.google.com',
      aud: CLIENT_ID,
      iat: now,
      exp: now + 600,
      sub: randomUUID(),
      email: makeEmail('forged'),
      email_verified: true,
    });
    const signature = createSign('RSA-SHA256')
      .update(`${header}.${payload}`)
      .sign(stranger.privateKey, 'base64url');
    const { context, page } = await googlePage(`${header}.${payload}.${signature}`);
    await page.goto('/login');
    await testId(page, 'google-stand-in').click();
    await testId(page, 'login-error').waitFor();
    expect(await testId(page, 'login-error').textContent()).toContain('Google sign-in could not be verified');
    expect(await page.evaluate(() => localStorage.getItem('storefront.token'))).toBeNull();
    await context.close();
  });
});

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, registerCustomer, signIn, uniqueEmail, type Customer } from '../../../test/factories.js';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/test-app.js';
import type { Database } from '../../db/client.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { insertAccountToken } from './account-token.repo.js';
import type * as PasswordModule from '../../lib/password.js';

// Counts password checks, the expensive step every sign-in limit exists to ration.
const passwordChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../lib/password.js', async (importOriginal) => {
  const original = await importOriginal<typeof PasswordModule>();
  return {
    ...original,
    verifyPassword: (password: string, stored: string) => {
      passwordChecks.count += 1;
      return original.verifyPassword(password, stored);
    },
  };
});

const WINDOW_MS = 15 * 60_000;

let database: Database;
let a: TestApp;
let b: TestApp;
let ipLimited: TestApp;
beforeAll(async () => {
  database = await openTestDatabase();
  const env = {
    AUTH_LIMIT_PER_ACCOUNT: '3',
    AUTH_LIMIT_UNTRUSTED_PER_ACCOUNT: '5',
    AUTH_LIMIT_PER_DEVICE: '4',
    AUTH_LIMIT_WINDOW_MINUTES: '15',
  };
  // Two API instances on one database, as two processes behind a load balancer would be.
  a = await createTestApp({ env, database });
  b = await createTestApp({ env, database });
  // Customers are registered through `a` from one address, so only this instance has a low per-IP limit.
  ipLimited = await createTestApp({ env: { ...env, AUTH_LIMIT_PER_IP: '8' }, database });
  // One moment for all three: instances started on either side of a window's edge would count in two windows.
  b.clock.set(a.clock.now());
  ipLimited.clock.set(a.clock.now());
});
afterAll(async () => {
  await a.close();
  await b.close();
  await ipLimited.close();
  await database.close();
});

let ipCounter = 0;
/** An address no other test uses, so per-IP limits never leak between tests. */
function freshIp(): string {
  ipCounter += 1;
  return `10.${100 + Math.floor(ipCounter / 250)}.${ipCounter % 250}.${1 + (ipCounter % 200)}`;
}

function login(t: TestApp, email: string, password: string, ip: string, cookie?: string) {
  return signIn(t.app, { email, password }, { remoteAddress: ip, headers: cookie ? { cookie } : {} });
}

/** The `name=value` of the device cookie a sign-in answer sets. */
function deviceCookieOf(res: LightMyRequestResponse): string {
  const header = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('sf_device_'));
  const pair = header?.split(';')[0];
  if (!pair) throw new Error(`no device cookie in ${JSON.stringify(res.headers)}`);
  return pair;
}

async function trustedDevice(t: TestApp, c: Customer): Promise<string> {
  const res = await login(t, c.email, c.password, freshIp());
  expect(res.json().code).toBe(0);
  return deviceCookieOf(res);
}

/** Spends the account's whole budget for untrusted clients with wrong passwords, one new IP each. */
async function exhaustUntrusted(c: Customer): Promise<void> {
  for (let i = 0; i < 5; i++) {
    expect((await login(i % 2 ? a : b, c.email, `wrong ${i}`, freshIp())).json().code).toBe(100102);
  }
}

const codesOf = (results: LightMyRequestResponse[]) => results.map((r) => r.json().code);
const countOf = (codes: number[], code: number) => codes.filter((c) => c === code).length;

describe('sign-in limits under concurrency', () => {
  it('60 parallel wrong passwords for one account from 60 IPs make only as many password checks as the limit', async () => {
    const c = await registerCustomer(a.app);
    const before = passwordChecks.count;
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(i % 2 ? a : b, c.email, `wrong ${i}`, freshIp())),
    );
    expect(passwordChecks.count - before).toBe(5);
    const codes = codesOf(results);
    expect(countOf(codes, 100102)).toBe(5);
    expect(countOf(codes, 100029)).toBe(55);
    const limited = results.find((r) => r.statusCode === 429);
    expect(limited?.json()).toMatchObject({ code: 100029, data: null });
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited?.headers['retry-after'])).toBeLessThanOrEqual(WINDOW_MS / 1000);
    expect(limited?.headers.authorization).toBeUndefined();
  });

  it('parallel wrong passwords from one IP stop at the per-account-and-IP limit', async () => {
    const c = await registerCustomer(a.app);
    const ip = freshIp();
    const before = passwordChecks.count;
    const codes = codesOf(
      await Promise.all(Array.from({ length: 12 }, (_, i) => login(a, c.email, `wrong ${i}`, ip))),
    );
    expect(passwordChecks.count - before).toBe(3);
    expect(countOf(codes, 100102)).toBe(3);
    expect(countOf(codes, 100029)).toBe(9);
    // Another address still has its own attempts, within the account-wide ceiling.
    expect((await login(b, c.email, 'wrong again', freshIp())).json().code).toBe(100102);
  });

  it('parallel wrong current passwords make only as many checks as the per-account limit', async () => {
    const c = await registerCustomer(a.app);
    const before = passwordChecks.count;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        a.app.inject({
          method: 'PUT',
          url: '/api/v1/customer/update-password',
          headers: bearer(c.token),
          payload: { oldPassword: `wrong old ${i}`, newPassword: 'a brand new pw' },
        }),
      ),
    );
    expect(passwordChecks.count - before).toBe(3);
    const codes = codesOf(results);
    expect(countOf(codes, 100103)).toBe(3);
    expect(countOf(codes, 100029)).toBe(7);
  });
});

describe('device cookies', () => {
  it('a sign-in sets an httpOnly, SameSite=Lax device cookie for the sign-in route that lasts a year', async () => {
    const c = await registerCustomer(a.app);
    const res = await login(a, c.email, c.password, freshIp());
    const header = [res.headers['set-cookie'] ?? []].flat().join('\n');
    expect(header).toMatch(
      new RegExp(`^sf_device_${c.user.customerID}=${c.user.customerID}\\.[\\w-]+\\.[\\w-]+;`),
    );
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/api/v1/login');
    expect(header).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
    expect(header).not.toContain('Secure');
  });

  it('the device cookie is Secure when the request came over https', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' }, database });
    try {
      const c = await registerCustomer(proxied.app);
      const res = await signIn(proxied.app, c, { headers: { 'x-forwarded-proto': 'https' } });
      expect(deviceCookieOf(res)).toMatch(/^sf_device_/);
      expect([res.headers['set-cookie']].flat().join('\n')).toMatch(/; Secure/);
    } finally {
      await proxied.close();
    }
  });

  it('the owner signs in from a trusted browser after others used up the untrusted budget; elsewhere waits for the window', async () => {
    const c = await registerCustomer(a.app);
    const device = await trustedDevice(a, c);
    await exhaustUntrusted(c);

    const untrusted = await login(a, c.email, c.password, freshIp());
    expect(untrusted.statusCode).toBe(429);
    expect(untrusted.headers.authorization).toBeUndefined();

    const trusted = await login(a, c.email, c.password, freshIp(), device);
    expect(trusted.json()).toMatchObject({ code: 0, data: { customerID: c.user.customerID } });
    expect(trusted.headers.authorization).toMatch(/^[\w-]{43}$/);

    const start = a.clock.now();
    try {
      a.clock.advance(WINDOW_MS);
      expect((await login(a, c.email, c.password, freshIp())).json().code).toBe(0);
    } finally {
      a.clock.set(start);
    }
  });

  it('a customer refused sign-in reads how long to wait, as Retry-After says', async () => {
    const c = await registerCustomer(a.app);
    await exhaustUntrusted(c);
    const refused = await login(a, c.email, c.password, freshIp());
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    const minutes = Math.ceil(seconds / 60);
    expect(refused.json().msg).toBe(
      `Too many attempts. Please try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}. ` +
        'Or reset your password: the browser you reset it in can sign in straight away.',
    );
  });

  it('a browser that chose a new password with the mailed link is trusted: it signs in while others stay locked out', async () => {
    const c = await registerCustomer(a.app);
    await exhaustUntrusted(c);
    const token = newToken();
    const at = a.clock.now();
    await insertAccountToken(database.db, {
      customerId: c.user.customerID,
      purpose: 'password_reset',
      tokenHash: hashToken(token),
      email: c.email,
      expiresAt: new Date(at.getTime() + 30 * 60_000),
      createdAt: at,
    });
    const ip = freshIp();
    const reset = await b.app.inject({
      method: 'POST',
      url: '/api/v1/password/reset',
      payload: { token, newPassword: 'chosen from the mail' },
      remoteAddress: ip,
    });
    expect(reset.json().code).toBe(0);
    const device = deviceCookieOf(reset);

    expect((await login(a, c.email, 'chosen from the mail', freshIp())).statusCode).toBe(429);
    const trusted = await login(a, c.email, 'chosen from the mail', ip, device);
    expect(trusted.json()).toMatchObject({ code: 0, data: { customerID: c.user.customerID } });
  });

  it('a trusted browser has its own budget of failures, which leaves the account to everyone else', async () => {
    const c = await registerCustomer(a.app);
    const device = await trustedDevice(a, c);
    for (let i = 0; i < 4; i++) {
      expect((await login(a, c.email, `wrong ${i}`, freshIp(), device)).json().code).toBe(100102);
    }
    expect((await login(b, c.email, c.password, freshIp(), device)).statusCode).toBe(429);
    expect((await login(b, c.email, c.password, freshIp())).json().code).toBe(0);
  });

  it('a device cookie counts only for the account it names and only with its own signature', async () => {
    const owner = await registerCustomer(a.app);
    const other = await registerCustomer(a.app);
    const otherDevice = await trustedDevice(a, other);
    const ownerDevice = await trustedDevice(a, owner);
    await exhaustUntrusted(owner);

    const [, value = ''] = otherDevice.split('=');
    const [, nonce, signature] = value.split('.');
    const id = owner.user.customerID;
    const forged = [
      otherDevice,
      `sf_device_${id}=${id}.${nonce}.${signature}`,
      `${ownerDevice}x`,
      `sf_device_${id}=${id}.${nonce}`,
    ];
    for (const cookie of forged) {
      expect((await login(a, owner.email, owner.password, freshIp(), cookie)).statusCode).toBe(429);
    }
    expect((await login(a, owner.email, owner.password, freshIp(), ownerDevice)).json().code).toBe(0);
  });
});

describe('per-IP limits', () => {
  it('limits sign-in attempts per IP address across accounts', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await login(ipLimited, uniqueEmail('ip'), 'whatever', ip);
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 8).every((s) => s === 200)).toBe(true);
    expect(codes.slice(8)).toEqual([429, 429]);
    expect((await login(ipLimited, uniqueEmail('ip'), 'whatever', freshIp())).statusCode).toBe(200);
  });

  it("a brute force from the owner's own address does not lock out the browser they used before", async () => {
    const c = await registerCustomer(a.app);
    const device = await trustedDevice(ipLimited, c);
    const shared = freshIp();
    // Guesses at many accounts from the network the owner is on use up its address's budget.
    for (let i = 0; i < 8; i++) await login(ipLimited, uniqueEmail('guess'), 'whatever', shared);
    expect((await login(ipLimited, c.email, c.password, shared)).statusCode).toBe(429);
    const trusted = await login(ipLimited, c.email, c.password, shared, device);
    expect(trusted.json()).toMatchObject({ code: 0, data: { customerID: c.user.customerID } });
  });

  it('limits registrations per IP address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await ipLimited.app.inject({
        method: 'POST',
        url: '/api/v1/register',
        remoteAddress: ip,
        payload: { email: uniqueEmail('reg'), password: 'long enough pw', firstName: 'R', lastName: 'L' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('voucher redemption limits under concurrency', () => {
  const redeem = (c: Customer, code: string, ip: string, t = a) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/apply-voucher',
      headers: bearer(c.token),
      payload: { code },
      remoteAddress: ip,
    });

  it('parallel attempts by one account never pass the per-account limit', async () => {
    const c = await registerCustomer(a.app);
    const codes = codesOf(
      await Promise.all(Array.from({ length: 12 }, (_, i) => redeem(c, `WRONG-${i}`, freshIp()))),
    );
    expect(countOf(codes, 100701)).toBe(3);
    expect(countOf(codes, 100029)).toBe(9);
  });

  it('parallel attempts from one IP never pass the per-IP limit, whichever accounts make them', async () => {
    const customers = await Promise.all(Array.from({ length: 4 }, () => registerCustomer(a.app)));
    const ip = freshIp();
    const attempts = customers.flatMap((c) => [c, c, c]);
    const codes = codesOf(await Promise.all(attempts.map((c) => redeem(c, 'WRONG', ip, ipLimited))));
    expect(countOf(codes, 100701)).toBe(8);
    expect(countOf(codes, 100029)).toBe(4);
  });
});

describe('global rate limit', () => {
  it('answers 429 with the envelope once an IP exceeds the per-minute limit', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5' }, database });
    try {
      const c = await registerCustomer(a.app);
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await limited.app.inject({
          url: '/api/v1/customer/me',
          headers: bearer(c.token),
          remoteAddress: '10.3.3.3',
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json()).toMatchObject({ code: 100029, data: null });
      }
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses.slice(5)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});

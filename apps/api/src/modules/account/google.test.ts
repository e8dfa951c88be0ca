import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { customers } from '../../db/schema/index.js';
import { insertCustomer } from './account.repo.js';
import { bearer, registerCustomer, signIn, uniqueEmail } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

const CLIENT_ID = 'storefront-test.apps.googleusercontent.com';
let t: TestApp;
let key: CryptoKey;
let strangerKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  key = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  t = await createTestApp({
    env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS: JSON.stringify({ keys: [jwk] }) },
  });
});
afterAll(() => t.close());

function idToken(
  claims: Record<string, unknown>,
  opts: { signWith?: CryptoKey; audience?: string; issuer?: string; expiresIn?: string | number } = {},
) {
  return new SignJWT({ email_verified: true, given_name: 'Gina', family_name: 'Google', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer(opts.issuer ?? 'https://accounts.google.com')
    .setAudience(opts.audience ?? CLIENT_ID)
    .setIssuedAt(Math.floor(t.clock.now().getTime() / 1000))
    .setExpirationTime(opts.expiresIn ?? Math.floor(t.clock.now().getTime() / 1000) + 3600)
    .sign(opts.signWith ?? key);
}

const me = (token: string) => t.app.inject({ url: '/api/v1/customer/me', headers: bearer(token) });

const googleAuth = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/google-auth', payload: { idToken: token } });

describe('Google sign-in', () => {
  it('creates a customer on first sign-in and signs the same one in afterwards', async () => {
    const email = uniqueEmail('google');
    const first = await googleAuth(await idToken({ sub: 'g-1001', email }));
    expect(first.json()).toMatchObject({ code: 0, data: { email, firstName: 'Gina', lastName: 'Google' } });
    expect(first.headers.authorization).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await googleAuth(await idToken({ sub: 'g-1001', email }));
    expect(again.json().data.customerID).toBe(first.json().data.customerID);
    const detail = await t.app.inject({
      url: '/api/v1/customer/login-detail',
      headers: bearer(String(again.headers.authorization)),
    });
    expect(detail.json().data).toMatchObject({ loginMethod: 'google', hasPassword: false, hasGoogle: true });
    // It has no password to change: said so, not that the one typed is wrong.
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/customer/update-password',
      headers: bearer(String(again.headers.authorization)),
      payload: { oldPassword: 'anything-at-all', newPassword: 'a-new-password-1' },
    });
    expect(change.json()).toMatchObject({ code: 100110, data: null });
  });

  it('links a verified Google address to a password account that proved its address, which keeps its password', async () => {
    const c = await registerCustomer(t.app);
    await t.database.db
      .update(customers)
      .set({ emailVerifiedAt: t.clock.now() })
      .where(eq(customers.id, c.user.customerID));
    const res = await googleAuth(await idToken({ sub: 'g-2002', email: c.email }));
    expect(res.json().data.customerID).toBe(c.user.customerID);
    expect((await signIn(t.app, c)).json().code).toBe(0);
    expect((await me(c.token)).statusCode).toBe(200);
  });

  it("an account registered with someone's address before they proved it is theirs once Google proves it: its password and sessions end", async () => {
    // Someone registers the address first; its owner signs in with Google later.
    const squatter = await registerCustomer(t.app);
    const res = await googleAuth(await idToken({ sub: 'g-2102', email: squatter.email }));
    expect(res.json()).toMatchObject({ code: 0, data: { customerID: squatter.user.customerID } });

    expect((await me(squatter.token)).statusCode).toBe(401);
    expect((await signIn(t.app, squatter)).json().code).toBe(100102);
    const owner = String(res.headers.authorization);
    expect((await me(owner)).statusCode).toBe(200);
    const detail = await t.app.inject({ url: '/api/v1/customer/login-detail', headers: bearer(owner) });
    expect(detail.json().data).toMatchObject({ hasPassword: false, hasGoogle: true });
    const status = await t.app.inject({ url: '/api/v1/customer/status', headers: bearer(owner) });
    expect(status.json().data.emailVerified).toBe(true);
  });

  it('a disabled account is refused as it stands: Google is not linked and its password stays', async () => {
    const c = await registerCustomer(t.app);
    await t.database.db
      .update(customers)
      .set({ status: 'disabled' })
      .where(eq(customers.id, c.user.customerID));
    const res = await googleAuth(await idToken({ sub: 'g-2202', email: c.email }));
    expect(res.json().code).toBe(100106);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, c.user.customerID));
    expect(row?.googleSub).toBeNull();
    expect(row?.passwordHash).not.toBeNull();
  });

  it('a Google account of one name gets an empty last name, not a made-up one', async () => {
    const email = uniqueEmail('google-one-name');
    const res = await googleAuth(
      await idToken({ sub: 'g-1-name', email, given_name: 'Cher', family_name: undefined }),
    );
    expect(res.json()).toMatchObject({ code: 0, data: { email, firstName: 'Cher', lastName: '' } });
  });

  it('makes no account for an address Google has not verified', async () => {
    const email = uniqueEmail('unverified');
    const res = await googleAuth(await idToken({ sub: 'g-2202', email, email_verified: false }));
    expect(res.json()).toMatchObject({ code: 100109, data: null });
    expect(res.headers.authorization).toBeUndefined();
    // The address is still free for its owner.
    expect((await registerCustomer(t.app, { email })).email).toBe(email);
  });

  it('an address Google spells another way (capitals, an IDN domain in Unicode) is the account registered with it', async () => {
    const n = Date.now();
    const c = await registerCustomer(t.app, { email: `kim.${n}@xn--bcher-kva.de` });
    await t.database.db
      .update(customers)
      .set({ emailVerifiedAt: t.clock.now() })
      .where(eq(customers.id, c.user.customerID));
    const res = await googleAuth(await idToken({ sub: `g-idn-${n}`, email: `Kim.${n}@BÜCHER.de` }));
    expect(res.json()).toMatchObject({
      code: 0,
      data: { customerID: c.user.customerID, email: `kim.${n}@xn--bcher-kva.de` },
    });
    const rows = await t.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(sql`${customers.email} like ${`kim.${n}@%`}`);
    expect(rows).toEqual([{ id: c.user.customerID }]);

    // One made by Google keeps the address in the same spelling: registering it again in another is taken.
    const made = await googleAuth(await idToken({ sub: `g-idn-new-${n}`, email: `Ana.${n}@Bücher.de` }));
    expect(made.json()).toMatchObject({ code: 0, data: { email: `ana.${n}@xn--bcher-kva.de` } });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      payload: { email: `ana.${n}@xn--bcher-kva.de`, password: 'correct horse battery', firstName: 'Ana' },
    });
    expect(again.json()).toMatchObject({ code: 100101, data: null });
  });

  it('makes no account for an address mail may not reach (a letter outside ASCII before the @), and says why', async () => {
    const email = `josé.${Date.now()}@example.com`;
    const res = await googleAuth(await idToken({ sub: 'g-accented', email }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 100111,
      msg: expect.stringContaining('before the @'),
      data: null,
    });
    expect(res.headers.authorization).toBeUndefined();
    const rows = await t.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, email));
    expect(rows).toEqual([]);
    // One that is no address at all (Google sends none such) is a token not to be trusted.
    const none = await googleAuth(await idToken({ sub: 'g-no-address', email: 'gina at example.com' }));
    expect(none.json()).toMatchObject({ code: 100104, data: null });
  });

  it('an account linked to Google before the address rule signs in by its Google id, whatever its address', async () => {
    const email = `zoë.${Date.now()}@example.com`;
    const linked = await insertCustomer(t.database.db, {
      email,
      googleSub: 'g-linked-before',
      firstName: 'Zoë',
      lastName: '',
      emailVerifiedAt: t.clock.now(),
    });
    const res = await googleAuth(await idToken({ sub: 'g-linked-before', email }));
    expect(res.json()).toMatchObject({ code: 0, data: { customerID: linked.id } });
  });

  it('does not let an unverified Google address take over an account', async () => {
    const c = await registerCustomer(t.app);
    const res = await googleAuth(await idToken({ sub: 'g-3003', email: c.email, email_verified: false }));
    expect(res.json().code).toBe(100101);
  });

  type BadToken = { signWith?: 'stranger'; audience?: string; issuer?: string; expiresIn?: 'past' };
  it.each<[string, BadToken]>([
    ['signed by another key', { signWith: 'stranger' }],
    ['for another audience', { audience: 'someone-else' }],
    ['from another issuer', { issuer: 'https://evil.example.com' }],
    ['expired', { expiresIn: 'past' }],
  ])('refuses a token %s', async (_label, opt) => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const token = await idToken(
      { sub: 'g-4004', email: uniqueEmail('bad') },
      {
        signWith: opt.signWith === 'stranger' ? strangerKey : key,
        audience: opt.audience,
        issuer: opt.issuer,
        expiresIn: opt.expiresIn === 'past' ? now - 600 : undefined,
      },
    );
    const res = await googleAuth(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 100104, data: null });
    expect(res.headers.authorization).toBeUndefined();
  });

  it('refuses garbage and says so when Google sign-in is not configured', async () => {
    expect((await googleAuth('not.a.jwt')).json().code).toBe(100104);
    const bare = await createTestApp({ database: t.database });
    try {
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/v1/google-auth',
        payload: { idToken: await idToken({ sub: 'g-5005', email: uniqueEmail() }) },
      });
      expect(res.json().code).toBe(100105);
    } finally {
      await bare.close();
    }
  });
});

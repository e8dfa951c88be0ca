import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CustomerMailSent,
  StaffCustomerDetail,
  StaffCustomerList,
} from '@storefront/contract/customers-admin';
import { openPostgres, type Database } from '../../db/client.js';
import { auditLog, customers, outboxMails, sessions } from '../../db/schema/index.js';
import { renderedMail } from '../mail/outbox.repo.js';
import { createProduct } from '../../../test/catalog-factories.js';
import {
  addAddress,
  addToCart,
  bearer,
  placeOrder,
  registerCustomer,
  signIn,
  uniqueEmail,
  type Customer,
} from '../../../test/factories.js';
import { addStaff, staffCall, staffSession } from '../../../test/staff-factories.js';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/test-app.js';

const STORE = 'https://shop.example.com.au';
const GOOGLE_CLIENT = 'storefront-test.apps.googleusercontent.com';

// Two apps on one database, as two server processes: a disable made through one must end sessions the other holds.
let shared: Database & { url?: string };
let second: Database | undefined;
let t: TestApp;
let other: TestApp;
let googleKey: CryptoKey;
const tokens = { owner: '', manager: '', support: '', picker: '' };
const db = () => t.database.db;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  googleKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const env = {
    PUBLIC_URL: STORE,
    GOOGLE_CLIENT_ID: GOOGLE_CLIENT,
    GOOGLE_JWKS: JSON.stringify({ keys: [jwk] }),
  };
  shared = await openTestDatabase();
  t = await createTestApp({ env, database: shared });
  if (shared.url) second = await openPostgres(shared.url);
  other = await createTestApp({ env, database: second ?? shared });
  for (const role of ['owner', 'manager', 'support', 'picker'] as const) {
    tokens[role] = await staffSession(t, (await addStaff(db(), role)).id);
  }
});
afterAll(async () => {
  await other?.close();
  await t?.close();
  await second?.close();
  await shared?.close();
});

type Answer<T> = { statusCode: number; code: number; msg: string; data: T };

async function staff<T = StaffCustomerDetail>(
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
): Promise<Answer<T>> {
  const res = await staffCall(t, token, method, url, payload ?? (method === 'POST' ? {} : undefined));
  return { statusCode: res.statusCode, ...res.json<{ code: number; msg: string; data: T }>() };
}

const search = (q: string) =>
  staff<StaffCustomerList>(tokens.support, 'GET', `/customers?q=${encodeURIComponent(q)}&pageSize=50`);

const me = async (app: TestApp, token: string) =>
  (await app.app.inject({ method: 'GET', url: '/api/v1/customer/me', headers: bearer(token) })).statusCode;

/** A customer with a name nobody else has. */
async function namedCustomer(): Promise<Customer & { lastName: string }> {
  const c = await registerCustomer(t.app);
  const lastName = `Quixote${randomBytes(4).toString('hex')}`;
  await db()
    .update(customers)
    .set({ firstName: 'Zelda', lastName })
    .where(eq(customers.id, c.user.customerID));
  return { ...c, lastName };
}

async function customerWithOrder() {
  const c = await registerCustomer(t.app);
  const addressID = await addAddress(t.app, c);
  const product = await createProduct(db(), { priceCents: 1250, stock: 20 });
  await addToCart(t.app, c, product.id, 2);
  const order = await placeOrder(t.app, c, { addressID });
  return { c, order };
}

async function mailsTo(email: string, topic: string) {
  return db()
    .select()
    .from(outboxMails)
    .where(and(eq(outboxMails.toAddress, email), eq(outboxMails.topic, topic)))
    .orderBy(outboxMails.id);
}

/** The token of the newest reset link written to the customer's address. */
async function newestResetToken(email: string): Promise<string> {
  const mails = await mailsTo(email, 'password-reset');
  const last = mails[mails.length - 1];
  if (!last) throw new Error(`no reset mail to ${email}`);
  const token = new RegExp(`${STORE}/reset-password\\?token=([A-Za-z0-9_-]+)`).exec(
    renderedMail(last).text,
  )?.[1];
  if (!token) throw new Error('no reset link in the mail');
  return token;
}

async function auditOf(customerId: number) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'customer'), eq(auditLog.targetId, String(customerId))))
    .orderBy(auditLog.id);
}

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload });

describe('finding customers', () => {
  it('finds a customer by part of their email, in any case; LIKE wildcards match only themselves', async () => {
    const c = await registerCustomer(t.app);
    const part = c.email.split('@')[0]?.slice(-8).toUpperCase() ?? '';
    const found = await search(part);
    expect(found.code).toBe(0);
    expect(found.data.list.map((r) => r.customerID)).toEqual([c.user.customerID]);
    expect(found.data.list[0]).toMatchObject({
      email: c.email,
      name: 'Test Customer',
      status: 'active',
      emailVerified: false,
      orderCount: 0,
      lastOrderAt: null,
    });
    expect((await search('%')).data.total).toBe(0);
    expect((await search('_')).data.total).toBe(0);
  });

  it('finds a customer by their first and last name together, in any case', async () => {
    const c = await namedCustomer();
    const found = await search(`zelda ${c.lastName.toLowerCase()}`);
    expect(found.data.list.map((r) => r.customerID)).toEqual([c.user.customerID]);
    expect(found.data.list[0]?.name).toBe(`Zelda ${c.lastName}`);
  });

  it('finds the customer of an order by its number, written SO-n, so-n or n, with their order count', async () => {
    const { c, order } = await customerWithOrder();
    for (const q of [`SO-${order.orderID}`, `so-${order.orderID}`, String(order.orderID)]) {
      const found = await search(q);
      expect(
        found.data.list.map((r) => r.customerID),
        q,
      ).toContain(c.user.customerID);
      expect(found.data.list.find((r) => r.customerID === c.user.customerID)).toMatchObject({
        orderCount: 1,
        lastOrderAt: order.createdAt,
      });
    }
    expect((await search(`SO-${order.orderID + 1_000_000}`)).data.total).toBe(0);
  });

  it('lists every customer a page at a time, newest first, when nothing is searched', async () => {
    const older = await registerCustomer(t.app);
    const newer = await registerCustomer(t.app);
    const page = await staff<StaffCustomerList>(tokens.manager, 'GET', '/customers?page=1&pageSize=2');
    expect(page.data.pageSize).toBe(2);
    expect(page.data.total).toBeGreaterThanOrEqual(2);
    expect(page.data.list.map((r) => r.customerID)).toEqual([newer.user.customerID, older.user.customerID]);
    const bad = await staff(tokens.manager, 'GET', '/customers?pageSize=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.msg).toContain('pageSize');
  });
});

describe("a customer's page", () => {
  it('shows the profile, account state and orders, and never the password hash', async () => {
    const { c, order } = await customerWithOrder();
    const res = await staffCall(t, tokens.support, 'GET', `/customers/${c.user.customerID}`);
    const [row] = await db().select().from(customers).where(eq(customers.id, c.user.customerID));
    expect(row?.passwordHash).toBeTruthy();
    expect(res.body).not.toContain(row?.passwordHash ?? 'no hash');
    expect(res.body).not.toMatch(/password_?hash|googleSub|token/i);
    const { data } = res.json<{ data: StaffCustomerDetail }>();
    expect(data.customer).toMatchObject({
      customerID: c.user.customerID,
      email: c.email,
      name: 'Test Customer',
      status: 'active',
      emailVerified: false,
      hasPassword: true,
      hasGoogle: false,
      creditBalance: 0,
    });
    expect(data.customer.lastSignInAt).not.toBeNull();
    expect(data.orderCount).toBe(1);
    expect(data.orders).toEqual([
      {
        orderID: order.orderID,
        reference: `SO-${order.orderID}`,
        createdAt: order.createdAt,
        status: order.status,
        total: order.totals.total,
      },
    ]);
    expect(data.disabled).toBeNull();
  });

  it('an unknown customer is NOT_FOUND, to reads and to every change', async () => {
    const read = await staff(tokens.owner, 'GET', '/customers/99999999');
    expect([read.statusCode, read.code]).toEqual([404, 100002]);
    for (const [action, body] of [
      ['verification-mail', {}],
      ['password-reset-mail', {}],
      ['disable', { reason: 'Fraud' }],
      ['enable', {}],
    ] as const) {
      const res = await staff(tokens.owner, 'POST', `/customers/99999999/${action}`, body);
      expect([res.statusCode, res.code], action).toEqual([404, 100002]);
    }
    const bad = await staff(tokens.owner, 'GET', '/customers/abc');
    expect(bad.statusCode).toBe(400);
  });
});

describe('mails support sends again', () => {
  it('a verification mail is written to the outbox and audited; an address verified already is refused', async () => {
    const c = await registerCustomer(t.app);
    const before = (await mailsTo(c.email, 'verify-email')).length;
    const sent = await staff<CustomerMailSent>(
      tokens.support,
      'POST',
      `/customers/${c.user.customerID}/verification-mail`,
    );
    expect(sent).toMatchObject({ code: 0, data: { email: c.email } });
    expect(await mailsTo(c.email, 'verify-email')).toHaveLength(before + 1);
    expect((await auditOf(c.user.customerID)).map((a) => a.action)).toEqual([
      'customer.verification_mail_sent',
    ]);

    await db()
      .update(customers)
      .set({ emailVerifiedAt: t.clock.now() })
      .where(eq(customers.id, c.user.customerID));
    const again = await staff(tokens.support, 'POST', `/customers/${c.user.customerID}/verification-mail`);
    expect(again.code).toBe(101601);
    expect(await mailsTo(c.email, 'verify-email')).toHaveLength(before + 1);
  });

  it('the reset mail is the one "forgot password" sends: its link sets a new password; it is audited', async () => {
    const c = await registerCustomer(t.app);
    const sent = await staff<CustomerMailSent>(
      tokens.support,
      'POST',
      `/customers/${c.user.customerID}/password-reset-mail`,
    );
    expect(sent).toMatchObject({ code: 0, data: { email: c.email } });
    const [mail] = await mailsTo(c.email, 'password-reset');
    expect(mail?.subject).toBe('Reset your Harbour Grocer password');
    const reset = await post('/password/reset', {
      token: await newestResetToken(c.email),
      newPassword: 'chosen after a call',
    });
    expect(reset.json()).toMatchObject({ code: 0 });
    expect((await signIn(t.app, { email: c.email, password: 'chosen after a call' })).json().code).toBe(0);
    const [entry] = await auditOf(c.user.customerID);
    expect(entry).toMatchObject({ action: 'customer.password_reset_mail_sent', staffRole: 'support' });
    expect(JSON.stringify(entry)).not.toContain('token');
  });

  it('a disabled account is sent neither mail', async () => {
    const c = await registerCustomer(t.app);
    await staff(tokens.support, 'POST', `/customers/${c.user.customerID}/disable`, { reason: 'Chargebacks' });
    for (const action of ['verification-mail', 'password-reset-mail']) {
      const res = await staff(tokens.support, 'POST', `/customers/${c.user.customerID}/${action}`);
      expect(res.code, action).toBe(101602);
    }
    expect(await mailsTo(c.email, 'password-reset')).toHaveLength(0);
  });
});

describe('disabling and enabling an account', () => {
  it('a disable ends every session at once, in this process and another; sign-in and reset stay refused; enable lets them back', async () => {
    const c = await registerCustomer(t.app);
    const id = c.user.customerID;
    expect(await me(t, c.token)).toBe(200);
    // The other process has the session in memory.
    expect(await me(other, c.token)).toBe(200);
    // A reset link asked for before the disable.
    expect((await post('/password/forgot', { email: c.email })).json().code).toBe(0);
    await t.app.passwordResetLinksWritten();
    const earlyLink = await newestResetToken(c.email);

    const disabled = await staff(tokens.support, 'POST', `/customers/${id}/disable`, {
      reason: 'Card fraud reported by the bank',
    });
    expect(disabled.code).toBe(0);
    expect(disabled.data.customer.status).toBe('disabled');
    expect(disabled.data.disabled).toMatchObject({
      reason: 'Card fraud reported by the bank',
      staffName: 'Test support',
    });
    // Revoked in the database, and refused by this process at once.
    const live = await db()
      .select()
      .from(sessions)
      .where(and(eq(sessions.customerId, id), isNull(sessions.revokedAt)));
    expect(live).toHaveLength(0);
    expect(await me(t, c.token)).toBe(401);
    await other.app.authChangesHeard();
    expect(await me(other, c.token)).toBe(401);

    const refused = (await signIn(t.app, c)).json<{ code: number; msg: string }>();
    expect(refused).toMatchObject({ code: 100106, msg: 'This account is disabled.' });
    // Forgot password writes no link, and the earlier link changes nothing.
    const mailsBefore = (await mailsTo(c.email, 'password-reset')).length;
    expect((await post('/password/forgot', { email: c.email })).json().code).toBe(0);
    await t.app.passwordResetLinksWritten();
    expect(await mailsTo(c.email, 'password-reset')).toHaveLength(mailsBefore);
    const reset = await post('/password/reset', { token: earlyLink, newPassword: 'let me back in' });
    expect(reset.json().code).toBe(100121);
    expect((await staff(tokens.support, 'GET', `/customers/${id}`)).data.customer.status).toBe('disabled');

    // Support may not enable; a manager may.
    const bySupport = await staff(tokens.support, 'POST', `/customers/${id}/enable`);
    expect([bySupport.statusCode, bySupport.code]).toEqual([403, 100012]);
    const enabled = await staff(tokens.manager, 'POST', `/customers/${id}/enable`);
    expect(enabled.data.customer.status).toBe('active');
    expect(enabled.data.disabled).toBeNull();
    expect((await signIn(t.app, c)).json().code).toBe(0);
    // The sessions ended stay ended, and the link from before the disable does not come back.
    expect(await me(t, c.token)).toBe(401);
    expect(
      (await post('/password/reset', { token: earlyLink, newPassword: 'let me back in' })).json().code,
    ).toBe(100121);

    const audit = await auditOf(id);
    expect(audit.map((a) => [a.action, a.staffRole, a.before, a.after])).toEqual([
      [
        'customer.disabled',
        'support',
        { status: 'active' },
        { status: 'disabled', reason: 'Card fraud reported by the bank' },
      ],
      ['customer.enabled', 'manager', { status: 'disabled' }, { status: 'active' }],
    ]);
  });

  it('Google sign-in is refused while the account is disabled', async () => {
    const email = uniqueEmail('google');
    const sub = `g-${randomBytes(6).toString('hex')}`;
    const googleAuth = async () => {
      const at = Math.floor(t.clock.now().getTime() / 1000);
      const idToken = await new SignJWT({ email, email_verified: true, given_name: 'Gina', family_name: 'G' })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setSubject(sub)
        .setIssuer('https://accounts.google.com')
        .setAudience(GOOGLE_CLIENT)
        .setIssuedAt(at)
        .setExpirationTime(at + 3600)
        .sign(googleKey);
      return (await post('/google-auth', { idToken })).json<{ code: number; data: { customerID: number } }>();
    };
    const first = await googleAuth();
    expect(first.code).toBe(0);
    const id = first.data.customerID;
    await staff(tokens.support, 'POST', `/customers/${id}/disable`, { reason: 'Asked to close it' });
    expect((await googleAuth()).code).toBe(100106);
    await staff(tokens.owner, 'POST', `/customers/${id}/enable`);
    expect((await googleAuth()).code).toBe(0);
  });

  it('disabling twice audits once; a disable needs a reason', async () => {
    const c = await registerCustomer(t.app);
    const url = `/customers/${c.user.customerID}/disable`;
    const blank = await staff(tokens.manager, 'POST', url, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.msg).toContain('reason');
    expect((await staff(tokens.manager, 'POST', url, {})).statusCode).toBe(400);
    await staff(tokens.manager, 'POST', url, { reason: 'Duplicate account' });
    const again = await staff(tokens.manager, 'POST', url, { reason: 'Duplicate account' });
    expect(again.data.customer.status).toBe('disabled');
    expect((await auditOf(c.user.customerID)).map((a) => a.action)).toEqual(['customer.disabled']);
  });
});

describe('who may do what', () => {
  it('a picker is refused every customer route; support reads, mails and disables but does not enable', async () => {
    const c = await registerCustomer(t.app);
    const base = `/customers/${c.user.customerID}`;
    const calls = [
      ['GET', '/customers?q=a', undefined],
      ['GET', base, undefined],
      ['POST', `${base}/verification-mail`, {}],
      ['POST', `${base}/password-reset-mail`, {}],
      ['POST', `${base}/disable`, { reason: 'Test' }],
      ['POST', `${base}/enable`, {}],
    ] as const;
    for (const [method, url, body] of calls) {
      const res = await staff(tokens.picker, method, url, body);
      expect([res.statusCode, res.code], `${method} ${url}`).toEqual([403, 100012]);
    }
    // Nothing the picker asked for happened.
    expect(await auditOf(c.user.customerID)).toHaveLength(0);
    expect((await staff(tokens.support, 'GET', base)).data.customer.status).toBe('active');
    // A customer's own token is no staff session.
    expect((await staffCall(t, c.token, 'GET', base)).statusCode).toBe(401);
  });
});

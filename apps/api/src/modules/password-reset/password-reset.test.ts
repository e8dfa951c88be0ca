import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';
import { bearer, registerCustomer, signIn, uniqueEmail, type Customer } from '../../../test/factories.js';
import { linkIn, startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

const STORE = 'https://shop.example.com.au';
let smtp: SmtpCatcher;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: STORE, AUTH_LIMIT_PER_ACCOUNT: '3' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function post(url: string, payload: object, ip = '10.0.0.1') {
  const res = await t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: ip });
  return { statusCode: res.statusCode, body: res.json<{ code: number; msg: string; data: unknown }>() };
}

/** Asks for a reset link and answers the token it carries, as the customer would read it from the mail. */
async function resetTokenFor(c: Customer): Promise<string> {
  expect((await post('/password/forgot', { email: c.email })).body.code).toBe(0);
  await t.app.passwordResetLinksWritten();
  await t.app.mailWorker.sendDue();
  const mails = smtp.to(c.email).filter((m) => m.subject.includes('Reset'));
  const link = linkIn(mails[mails.length - 1], `${STORE}/reset-password?token=`);
  return link.searchParams.get('token') ?? '';
}

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/customer/me', headers: bearer(token) });

describe('forgotten passwords', () => {
  it('asking answers the same whether or not the address has an account, and only an account gets mail', async () => {
    const c = await registerCustomer(t.app);
    const nobody = uniqueEmail('nobody');
    const known = await post('/password/forgot', { email: c.email }, '10.0.1.1');
    const unknown = await post('/password/forgot', { email: nobody }, '10.0.1.2');
    expect(unknown).toEqual(known);
    expect(known.body.code).toBe(0);
    await t.app.passwordResetLinksWritten();
    await t.app.mailWorker.sendDue();
    expect(smtp.to(c.email).map((m) => m.subject)).toContain('Reset your Harbour Grocer password');
    expect(smtp.to(nobody)).toHaveLength(0);
  });

  it('the link sets a new password once, ends every session and says so by mail', async () => {
    const c = await registerCustomer(t.app);
    const other = await signIn(t.app, c);
    const otherToken = String(other.headers.authorization);
    const token = await resetTokenFor(c);

    const reset = await post('/password/reset', { token, newPassword: 'a brand new secret' });
    expect(reset.body).toEqual({ code: 0, msg: 'ok', data: null });
    expect((await me(c.token)).statusCode).toBe(401);
    expect((await me(otherToken)).statusCode).toBe(401);
    expect((await signIn(t.app, c)).json<{ code: number }>().code).toBe(100102);
    const fresh = await signIn(t.app, { email: c.email, password: 'a brand new secret' });
    expect(fresh.json<{ code: number }>().code).toBe(0);

    const again = await post('/password/reset', { token, newPassword: 'yet another secret' });
    expect(again.body.code).toBe(100121);
    await t.app.mailWorker.sendDue();
    expect(smtp.to(c.email).map((m) => m.subject)).toContain('Your Harbour Grocer password was changed');
  });

  it('a password changed on the account page is told by mail too, as a reset is (ASVS 2.2.3)', async () => {
    const c = await registerCustomer(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/customer/update-password',
      headers: bearer(c.token),
      payload: { oldPassword: c.password, newPassword: 'a changed secret here' },
    });
    expect(res.json<{ code: number }>().code).toBe(0);
    await t.app.mailWorker.sendDue();
    const [changed, ...more] = smtp.to(c.email).filter((m) => m.subject.includes('password was changed'));
    expect(more).toEqual([]);
    expect(changed?.subject).toBe('Your Harbour Grocer password was changed');
    expect(changed?.text).toContain(
      'Your password was just changed from your account, and every other device was signed out.',
    );
    expect(changed?.text).toContain('If this was not you, ask for a new reset link');
  });

  it('a password changed on the account page ends the reset links sent before it', async () => {
    const c = await registerCustomer(t.app);
    const token = await resetTokenFor(c);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/customer/update-password',
      headers: bearer(c.token),
      payload: { oldPassword: c.password, newPassword: 'changed from the account' },
    });
    expect(changed.json<{ code: number }>().code).toBe(0);

    const reset = await post('/password/reset', { token, newPassword: 'from the old mail' });
    expect(reset.body.code).toBe(100121);
    const signedIn = await signIn(t.app, { email: c.email, password: 'changed from the account' });
    expect(signedIn.json<{ code: number }>().code).toBe(0);
  });

  it('a link stops working after 30 minutes, and a newer link ends the older ones', async () => {
    const c = await registerCustomer(t.app);
    const old = await resetTokenFor(c);
    const newer = await resetTokenFor(c);
    expect((await post('/password/reset', { token: old, newPassword: 'another password' })).body.code).toBe(
      100121,
    );
    t.clock.advance(30 * 60_000 + 1000);
    expect((await post('/password/reset', { token: newer, newPassword: 'another password' })).body.code).toBe(
      100121,
    );
    expect((await signIn(t.app, c)).json<{ code: number }>().code).toBe(0);
  });

  it('a link still works a moment before its 30 minutes are up', async () => {
    const c = await registerCustomer(t.app);
    const token = await resetTokenFor(c);
    t.clock.advance(30 * 60_000 - 1000);
    expect((await post('/password/reset', { token, newPassword: 'just in time' })).body.code).toBe(0);
  });

  it('two uses of one link at once change the password once', async () => {
    const c = await registerCustomer(t.app);
    const token = await resetTokenFor(c);
    const answers = await Promise.all([
      post('/password/reset', { token, newPassword: 'first of two' }),
      post('/password/reset', { token, newPassword: 'second of two' }),
    ]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 100121]);
    const winner = answers[0]?.body.code === 0 ? 'first of two' : 'second of two';
    expect((await signIn(t.app, { email: c.email, password: winner })).json<{ code: number }>().code).toBe(0);
  });

  it('keeps only a hash of the link', async () => {
    const c = await registerCustomer(t.app);
    const token = await resetTokenFor(c);
    const rows = await t.database.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.customerId, c.user.customerID));
    const resets = rows.filter((row) => row.purpose === 'password_reset');
    expect(resets).toHaveLength(1);
    expect(resets[0]?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('an unknown link is refused with its own code', async () => {
    const res = await post('/password/reset', { token: 'x'.repeat(43), newPassword: 'whatever it is' });
    expect(res).toMatchObject({ statusCode: 200, body: { code: 100121 } });
  });

  it('asking again and again for one address is throttled, known or not', async () => {
    const nobody = uniqueEmail('flood');
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1)
      codes.push((await post('/password/forgot', { email: nobody }, `10.2.0.${i}`)).body.code);
    expect(codes.slice(0, 3)).toEqual([0, 0, 0]);
    expect(codes.slice(3)).toEqual([100029, 100029]);
  });

  it('the page can ask whether a link works without using it: true until it is used', async () => {
    const c = await registerCustomer(t.app);
    const token = await resetTokenFor(c);
    const ip = '10.3.0.1';
    expect((await post('/password/reset-check', { token }, ip)).body).toEqual({
      code: 0,
      msg: 'ok',
      data: { valid: true },
    });
    expect((await post('/password/reset-check', { token }, ip)).body.data).toEqual({ valid: true });
    expect((await post('/password/reset', { token, newPassword: 'checked then set' })).body.code).toBe(0);
    expect((await post('/password/reset-check', { token }, ip)).body.data).toEqual({ valid: false });
  });

  it('an expired, replaced or unknown link checks as not working, saying nothing more', async () => {
    const c = await registerCustomer(t.app);
    const old = await resetTokenFor(c);
    const newer = await resetTokenFor(c);
    const ip = '10.3.0.2';
    expect((await post('/password/reset-check', { token: old }, ip)).body.data).toEqual({ valid: false });
    expect((await post('/password/reset-check', { token: 'x'.repeat(43) }, ip)).body.data).toEqual({
      valid: false,
    });
    t.clock.advance(30 * 60_000 - 1000);
    expect((await post('/password/reset-check', { token: newer }, ip)).body.data).toEqual({ valid: true });
    t.clock.advance(2000);
    const expired = await post('/password/reset-check', { token: newer }, ip);
    expect(expired).toEqual({ statusCode: 200, body: { code: 0, msg: 'ok', data: { valid: false } } });
  });

  it('a token of the wrong shape is a 400 naming the field', async () => {
    for (const payload of [{ token: 'x'.repeat(65) }, { token: '' }, {}, { token: 42 }]) {
      const res = await post('/password/reset-check', payload, '10.3.0.3');
      expect(res.statusCode).toBe(400);
      expect(res.body.msg).toContain('token');
    }
  });

  it('checking links again and again from one address is throttled', async () => {
    const limited = await createTestApp({ env: { AUTH_LIMIT_PER_IP: '3' }, database: t.database });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/password/reset-check',
          payload: { token: 'y'.repeat(43) },
          remoteAddress: '10.3.0.4',
        });
        codes.push(res.json<{ code: number }>().code);
      }
      expect(codes).toEqual([0, 0, 0, 100029, 100029]);
    } finally {
      await limited.close();
    }
  });

  it('a short new password is a 400 naming the field', async () => {
    const res = await post('/password/reset', { token: 'x'.repeat(43), newPassword: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toContain('newPassword');
  });
});

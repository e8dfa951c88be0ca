import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index.js';
import { bearer, registerCustomer, type Customer } from '../../../test/factories.js';
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

async function post(url: string, payload: object, token?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    headers: token ? bearer(token) : {},
  });
  return { statusCode: res.statusCode, body: res.json<{ code: number; msg: string; data: unknown }>() };
}

/** The token of the newest verification link mailed to the customer. */
async function mailedToken(c: Customer): Promise<string> {
  await t.app.mailWorker.sendDue();
  const mails = smtp.to(c.email).filter((m) => m.subject.startsWith('Confirm your email'));
  expect(mails.length).toBeGreaterThan(0);
  return linkIn(mails[mails.length - 1], `${STORE}/verify-email?token=`).searchParams.get('token') ?? '';
}

const verifiedAt = async (c: Customer) =>
  (
    await t.database.db
      .select({ at: customers.emailVerifiedAt })
      .from(customers)
      .where(eq(customers.id, c.user.customerID))
  )[0]?.at ?? null;

const status = async (c: Customer) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/customer/status', headers: bearer(c.token) })).json<{
    data: { emailVerified: boolean };
  }>().data.emailVerified;

describe('proving an email address', () => {
  it('a new account is mailed a link at once; customer/status says unverified until it is opened', async () => {
    const c = await registerCustomer(t.app);
    expect(await status(c)).toBe(false);
    const token = await mailedToken(c);
    expect((await post('/email/verify', { token })).body.code).toBe(0);
    expect(await status(c)).toBe(true);
  });

  it('the mail asks to confirm the email address, not an address that could be read as where we deliver', async () => {
    const c = await registerCustomer(t.app);
    await t.app.mailWorker.sendDue();
    const [mail] = smtp.to(c.email).filter((m) => m.subject.startsWith('Confirm your email'));
    expect(mail?.subject).toBe('Confirm your email address for Harbour Grocer');
    expect(mail?.text).toContain('Welcome, Test: please confirm your email address\n');
    expect(mail?.text).toContain('Confirm that this email address is yours');
    expect(mail?.text).toContain(`Confirm my email address: ${STORE}/verify-email?token=`);
    expect(mail?.html).toContain(
      '<h1 style="font-size:22px;margin:0 0 16px">Welcome, Test: please confirm your email address</h1>',
    );
    expect(mail?.html).toContain('>Confirm my email address</a>');
  });

  it('a link the customer asked for again greets them by name, not as a new customer', async () => {
    const c = await registerCustomer(t.app);
    expect((await post('/email/verification', {}, c.token)).body.code).toBe(0);
    await t.app.mailWorker.sendDue();
    const mails = smtp.to(c.email).filter((m) => m.subject.startsWith('Confirm your email'));
    expect(mails.map((m) => m.subject)).toEqual([
      'Confirm your email address for Harbour Grocer',
      'Confirm your email address for Harbour Grocer',
    ]);
    const resent = mails[1];
    expect(resent?.text).toContain('Hi Test, please confirm your email address\n');
    expect(resent?.text).not.toContain('Welcome');
    expect(resent?.html).toContain(
      '<h1 style="font-size:22px;margin:0 0 16px">Hi Test, please confirm your email address</h1>',
    );
    expect(resent?.html).not.toContain('Welcome');
    expect(resent?.text).toContain(`Confirm my email address: ${STORE}/verify-email?token=`);
  });

  it('a resent link, opened signed out, marks the address verified; the link then works no more', async () => {
    const c = await registerCustomer(t.app);
    expect(await post('/email/verification', {}, c.token)).toMatchObject({
      body: { code: 0, data: { email: c.email } },
    });
    const token = await mailedToken(c);
    expect(await verifiedAt(c)).toBeNull();

    const verified = await post('/email/verify', { token });
    expect(verified.body).toEqual({ code: 0, msg: 'ok', data: { email: c.email, verified: true } });
    expect(await verifiedAt(c)).toBeInstanceOf(Date);
    expect((await post('/email/verification', {}, c.token)).body.code).toBe(100123);
  });

  it('a used link opened again, in any browser, says the address is already verified and works no more', async () => {
    const c = await registerCustomer(t.app);
    const token = await mailedToken(c);
    expect((await post('/email/verify', { token })).body.code).toBe(0);
    const firstAt = await verifiedAt(c);

    const again = await post('/email/verify', { token });
    expect(again.body).toEqual({ code: 100123, msg: 'Your email address is already verified.', data: null });
    expect(await verifiedAt(c)).toEqual(firstAt);
  });

  it('an older link, ended by a newer one, says already verified once the newer one was opened, and not before', async () => {
    const c = await registerCustomer(t.app);
    const older = await mailedToken(c);
    await post('/email/verification', {}, c.token);
    const newer = await mailedToken(c);
    expect((await post('/email/verify', { token: older })).body.code).toBe(100122);
    expect((await post('/email/verify', { token: newer })).body.code).toBe(0);
    expect((await post('/email/verify', { token: older })).body.code).toBe(100123);
    t.clock.advance(48 * 3_600_000 + 1000);
    expect((await post('/email/verify', { token: older })).body.code).toBe(100123);
  });

  it('a link for an address the account no longer has proves nothing', async () => {
    const c = await registerCustomer(t.app);
    await post('/email/verification', {}, c.token);
    const token = await mailedToken(c);
    await t.database.db
      .update(customers)
      .set({ email: `moved.${c.email}` })
      .where(eq(customers.id, c.user.customerID));
    expect((await post('/email/verify', { token })).body.code).toBe(100122);
    expect(await verifiedAt(c)).toBeNull();
    // Nor does it say the new address is verified once it is: the link was never about it.
    await t.database.db
      .update(customers)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(customers.id, c.user.customerID));
    expect((await post('/email/verify', { token })).body.code).toBe(100122);
  });

  it('a link still works a moment before its 48 hours are up', async () => {
    const c = await registerCustomer(t.app);
    await post('/email/verification', {}, c.token);
    const token = await mailedToken(c);
    t.clock.advance(48 * 3_600_000 - 1000);
    expect((await post('/email/verify', { token })).body.code).toBe(0);
    expect(await verifiedAt(c)).not.toBeNull();
  });

  it('a link expires after 48 hours', async () => {
    const c = await registerCustomer(t.app);
    await post('/email/verification', {}, c.token);
    const token = await mailedToken(c);
    t.clock.advance(48 * 3_600_000 + 1000);
    expect((await post('/email/verify', { token })).body.code).toBe(100122);
  });

  it('resending is for signed-in customers, and throttled', async () => {
    expect((await post('/email/verification', {})).statusCode).toBe(401);
    const c = await registerCustomer(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) codes.push((await post('/email/verification', {}, c.token)).body.code);
    expect(codes).toEqual([0, 0, 0, 100029, 100029]);
  });
});

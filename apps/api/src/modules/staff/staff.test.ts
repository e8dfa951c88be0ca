import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffMe, StaffMember } from '@storefront/contract/staff';
import { auditLog, outboxMails, staff } from '../../db/schema/index.js';
import { bearer, registerCustomer } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { addStaff, staffCall, staffSession, STAFF_PASSWORD, totpAt } from '../../../test/staff-factories.js';
import { renderedMail } from '../mail/outbox.repo.js';

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_LIMIT_PER_ACCOUNT: '4', AUTH_LIMIT_UNTRUSTED_PER_ACCOUNT: '100' } });
});
afterAll(() => t.close());

function login(body: object, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/admin/v1/login', payload: body, remoteAddress });
}

/** The link the newest staff mail to `to` carries. */
async function mailedLink(to: string): Promise<string> {
  const rows = await db().select().from(outboxMails).where(eq(outboxMails.toAddress, to));
  const last = rows.at(-1);
  if (!last) throw new Error(`no mail to ${to}`);
  const link = /https?:\/\/\S+\/admin\/set-password\?token=[A-Za-z0-9_-]+/.exec(renderedMail(last).text)?.[0];
  if (!link) throw new Error('no link in the mail');
  return link;
}

describe('staff sign-in', () => {
  it('signs in with email and password, answering who and the token in the Authorization header', async () => {
    const picker = await addStaff(db(), 'picker');
    const res = await login({ email: picker.email, password: STAFF_PASSWORD });
    expect(res.json()).toMatchObject({
      code: 0,
      data: { email: picker.email, role: 'picker', mfaEnabled: false },
    });
    const token = res.headers.authorization;
    expect(typeof token).toBe('string');
    const me = await staffCall(t, String(token), 'GET', '/me');
    expect(me.json<{ data: StaffMe }>().data).toMatchObject({
      staffID: picker.id,
      role: 'picker',
      mustEnrolMfa: false,
    });
    expect((await staffCall(t, String(token), 'POST', '/logout', {})).json().code).toBe(0);
    expect((await staffCall(t, String(token), 'GET', '/me')).statusCode).toBe(401);
  });

  it('a wrong password and an unknown email answer alike', async () => {
    const member = await addStaff(db(), 'support');
    const wrong = await login({ email: member.email, password: 'not it at all' }, '10.0.0.1');
    const unknown = await login({ email: 'nobody.here@example.com', password: 'not it at all' }, '10.0.0.1');
    expect(wrong.json()).toEqual({ code: 101101, msg: 'The email or password is incorrect.', data: null });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('with two-factor on, the password alone asks for a code; a wrong code, or one used already, is refused', async () => {
    const owner = await addStaff(db(), 'owner');
    const secret = owner.mfaSecret ?? '';
    expect((await login({ email: owner.email, password: STAFF_PASSWORD })).json().code).toBe(101102);
    const code = await totpAt(t, secret);
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await login({ email: owner.email, password: STAFF_PASSWORD, otp: wrongCode })).json().code).toBe(
      101103,
    );
    expect((await login({ email: owner.email, password: STAFF_PASSWORD, otp: code })).json().code).toBe(0);
    // The same code again, in the same 30 seconds: refused (RFC 6238 5.2).
    expect((await login({ email: owner.email, password: STAFF_PASSWORD, otp: code })).json().code).toBe(
      101103,
    );
    // A wrong password with a right code is still a wrong password.
    t.clock.advance(30_000);
    const next = await totpAt(t, secret);
    expect((await login({ email: owner.email, password: 'wrong password', otp: next })).json().code).toBe(
      101101,
    );
  });

  it('one code sent by 20 sign-ins at once signs in exactly one', async () => {
    const owner = await addStaff(db(), 'owner');
    t.clock.advance(60_000);
    const code = await totpAt(t, owner.mfaSecret ?? '');
    const results = await Promise.all(
      // From 20 addresses: each is under its own limit, so every refusal is the code's.
      Array.from({ length: 20 }, (_, i) =>
        login({ email: owner.email, password: STAFF_PASSWORD, otp: code }, `10.20.0.${i + 1}`),
      ),
    );
    const codes = results.map((r) => r.json().code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 101103)).toHaveLength(19);
  });

  it('failed sign-ins, wrong codes included, are limited per account, and the limit answers 429', async () => {
    const owner = await addStaff(db(), 'owner');
    const ip = '10.9.9.9';
    for (let i = 0; i < 4; i += 1) {
      const res = await login({ email: owner.email, password: STAFF_PASSWORD, otp: '000001' }, ip);
      expect([101103, 0]).toContain(res.json().code);
    }
    const limited = await login(
      { email: owner.email, password: STAFF_PASSWORD, otp: await totpAt(t, owner.mfaSecret ?? '') },
      ip,
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(100029);
  });

  it('a disabled member cannot sign in, and is told so only after the right password', async () => {
    const member = await addStaff(db(), 'picker', { disabled: true });
    expect((await login({ email: member.email, password: 'wrong one here' })).json().code).toBe(101101);
    expect((await login({ email: member.email, password: STAFF_PASSWORD })).json().code).toBe(101110);
  });
});

describe('staff sessions', () => {
  it('end after 30 idle minutes, and after 8 hours however busy', async () => {
    const member = await addStaff(db(), 'picker');
    const idle = await staffSession(t, member.id);
    const busy = await staffSession(t, member.id);
    const start = t.clock.now();
    try {
      t.clock.advance(29 * 60_000);
      expect((await staffCall(t, busy, 'GET', '/me')).statusCode).toBe(200);
      t.clock.advance(2 * 60_000);
      expect((await staffCall(t, idle, 'GET', '/me')).statusCode).toBe(401);
      // Busy: a request every 20 minutes keeps it until the eighth hour.
      for (let minutes = 31; minutes < 8 * 60 - 20; minutes += 20) {
        t.clock.set(new Date(start.getTime() + minutes * 60_000));
        expect((await staffCall(t, busy, 'GET', '/me')).statusCode).toBe(200);
      }
      t.clock.set(new Date(start.getTime() + 8 * 60 * 60_000 + 1000));
      const ended = await staffCall(t, busy, 'GET', '/me');
      expect(ended.statusCode).toBe(401);
      expect(ended.json().code).toBe(100010);
    } finally {
      t.clock.set(start);
    }
  });

  it('end at once when the member is disabled', async () => {
    const owner = await addStaff(db(), 'owner');
    const member = await addStaff(db(), 'support');
    const ownerToken = await staffSession(t, owner.id);
    const token = await staffSession(t, member.id);
    expect((await staffCall(t, token, 'GET', '/dashboard')).statusCode).toBe(200);
    const res = await staffCall(t, ownerToken, 'PUT', `/staff/${member.id}`, { disabled: true });
    expect(res.json<{ data: StaffMember }>().data).toMatchObject({ disabled: true });
    expect((await staffCall(t, token, 'GET', '/dashboard')).statusCode).toBe(401);
  });

  it('a password change ends every other session of the member, not this one', async () => {
    const member = await addStaff(db(), 'picker');
    const here = await staffSession(t, member.id);
    const elsewhere = await staffSession(t, member.id);
    const wrong = await staffCall(t, here, 'PUT', '/me/password', {
      oldPassword: 'not it',
      newPassword: 'new pass 2001',
    });
    expect(wrong.json().code).toBe(101109);
    const res = await staffCall(t, here, 'PUT', '/me/password', {
      oldPassword: STAFF_PASSWORD,
      newPassword: 'new pass 2001',
    });
    expect(res.json().code).toBe(0);
    expect((await staffCall(t, elsewhere, 'GET', '/me')).statusCode).toBe(401);
    expect((await staffCall(t, here, 'GET', '/me')).statusCode).toBe(200);
    expect((await login({ email: member.email, password: 'new pass 2001' })).json().code).toBe(0);
  });

  it("a customer's token opens no staff route, and a staff token no customer route", async () => {
    const customer = await registerCustomer(t.app);
    const member = await addStaff(db(), 'owner');
    const staffToken = await staffSession(t, member.id);
    const routes = t.app.staffRouteTable().filter((r) => r.roles !== 'open');
    expect(routes.length).toBeGreaterThan(8);
    for (const route of routes) {
      const res = await staffCall(
        t,
        customer.token,
        route.method as 'GET',
        route.url.replace('/api/admin/v1', '').replace(':staffID', String(member.id)),
        route.method === 'GET' ? undefined : {},
      );
      expect([res.statusCode, res.json().code], `${route.method} ${route.url}`).toEqual([401, 100010]);
    }
    for (const url of ['/api/v1/customer/me', '/api/v1/cart/list', '/api/v1/order/list']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(staffToken) });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('two-factor set-up', () => {
  it('an owner without two-factor may read but not write until it is set up; then the recovery codes work once each', async () => {
    const owner = await addStaff(db(), 'owner', { mfa: false });
    const token = await staffSession(t, owner.id);
    expect((await staffCall(t, token, 'GET', '/me')).json().data.mustEnrolMfa).toBe(true);
    expect((await staffCall(t, token, 'GET', '/staff')).json().code).toBe(0);
    const refused = await staffCall(t, token, 'POST', '/staff', {
      email: 'new.one@example.com',
      name: 'New',
      role: 'picker',
    });
    expect(refused.json().code).toBe(101104);

    expect((await staffCall(t, token, 'POST', '/mfa/confirm', { otp: '123456' })).json().code).toBe(101107);
    const enrol = (await staffCall(t, token, 'POST', '/mfa/enrol', {})).json().data;
    expect(enrol.otpauthUrl).toContain(`secret=${enrol.secret}`);
    expect((await staffCall(t, token, 'POST', '/mfa/confirm', { otp: '000000' })).json().code).toBe(101103);
    const confirmed = await staffCall(t, token, 'POST', '/mfa/confirm', {
      otp: await totpAt(t, enrol.secret),
    });
    const codes: string[] = confirmed.json().data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await staffCall(t, token, 'GET', '/me')).json().data).toMatchObject({
      mfaEnabled: true,
      mustEnrolMfa: false,
    });
    const added = await staffCall(t, token, 'POST', '/staff', {
      email: 'new.one@example.com',
      name: 'New',
      role: 'picker',
    });
    expect(added.json().code).toBe(0);

    // Kept hashed, and each works once in place of a code.
    const stored = await db().execute(
      sql`select code_hash from staff_recovery_codes where staff_id = ${owner.id}`,
    );
    expect(JSON.stringify(stored)).not.toContain(codes[0]);
    const withCode = { email: owner.email, password: STAFF_PASSWORD, otp: codes[0] };
    expect((await login(withCode)).json().code).toBe(0);
    expect((await login(withCode)).json().code).toBe(101103);
  });
});

describe('staff management', () => {
  it('adding a member mails a one-time link; they set a password with it and sign in; the link works once', async () => {
    const owner = await addStaff(db(), 'owner');
    const token = await staffSession(t, owner.id);
    const email = 'pia.picker@example.com';
    const res = await staffCall(t, token, 'POST', '/staff', { email, name: 'Pia Picker', role: 'picker' });
    expect(res.json<{ data: StaffMember }>().data).toMatchObject({
      email,
      role: 'picker',
      hasPassword: false,
    });
    expect(
      (
        await staffCall(t, token, 'POST', '/staff', {
          email: 'PIA.picker@example.com',
          name: 'Again',
          role: 'support',
        })
      ).json().code,
    ).toBe(101105);
    // Nobody, the owner included, ever learns the password: none is set until the member chooses one.
    expect((await login({ email, password: 'anything at all' })).json().code).toBe(101101);

    const linkToken = new URL(await mailedLink(email)).searchParams.get('token') ?? '';
    const set = await staffCall(t, null, 'POST', '/password/set', {
      token: linkToken,
      password: 'pia pass 2000',
    });
    expect(set.json().code).toBe(0);
    expect((await login({ email, password: 'pia pass 2000' })).json().data).toMatchObject({
      role: 'picker',
      hasPassword: true,
    });
    const again = await staffCall(t, null, 'POST', '/password/set', {
      token: linkToken,
      password: 'other pass 2000',
    });
    expect(again.json().code).toBe(101106);
  });

  it('a link is good for 24 hours', async () => {
    const owner = await addStaff(db(), 'owner');
    const token = await staffSession(t, owner.id);
    const email = 'late.starter@example.com';
    await staffCall(t, token, 'POST', '/staff', { email, name: 'Late', role: 'support' });
    const linkToken = new URL(await mailedLink(email)).searchParams.get('token') ?? '';
    const saved = t.clock.now();
    try {
      t.clock.advance(24 * 3_600_000 + 1000);
      const res = await staffCall(t, null, 'POST', '/password/set', {
        token: linkToken,
        password: 'late pass 2000',
      });
      expect(res.json().code).toBe(101106);
    } finally {
      t.clock.set(saved);
    }
  });

  it('the shop keeps an active owner: the last one cannot demote or disable themselves', async () => {
    const database = t.database.db;
    // Alone among owners: every other owner of this test database is disabled for the length of the test.
    const others = await database.select({ id: staff.id }).from(staff).where(eq(staff.role, 'owner'));
    const owner = await addStaff(database, 'owner');
    await database
      .update(staff)
      .set({ disabledAt: new Date() })
      .where(sql`${staff.id} in ${others.map((o) => o.id).concat(-1)}`);
    try {
      const token = await staffSession(t, owner.id);
      expect((await staffCall(t, token, 'PUT', `/staff/${owner.id}`, { role: 'manager' })).json().code).toBe(
        101108,
      );
      expect((await staffCall(t, token, 'PUT', `/staff/${owner.id}`, { disabled: true })).json().code).toBe(
        101108,
      );
      const second = await addStaff(database, 'manager');
      expect((await staffCall(t, token, 'PUT', `/staff/${second.id}`, { role: 'owner' })).json().code).toBe(
        0,
      );
      expect((await staffCall(t, token, 'PUT', `/staff/${owner.id}`, { role: 'manager' })).json().code).toBe(
        0,
      );
    } finally {
      await database
        .update(staff)
        .set({ disabledAt: null })
        .where(sql`${staff.id} in ${others.map((o) => o.id).concat(-1)}`);
    }
  });

  it('every change is in the audit log with who, what before and after, the request and the address', async () => {
    const owner = await addStaff(db(), 'owner');
    const token = await staffSession(t, owner.id);
    const created = await staffCall(t, token, 'POST', '/staff', {
      email: 'audited@example.com',
      name: 'Audi',
      role: 'support',
    });
    const id = created.json<{ data: StaffMember }>().data.staffID;
    const updated = await staffCall(t, token, 'PUT', `/staff/${id}`, { role: 'manager' });
    const list = await staffCall(t, token, 'GET', `/audit?targetType=staff&targetID=${id}`);
    const entries = list.json().data.list;
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      staffID: owner.id,
      staffRole: 'owner',
      action: 'staff.updated',
      before: { role: 'support' },
      after: { role: 'manager' },
      requestID: updated.headers['x-request-id'],
      ip: '127.0.0.1',
    });
    expect(entries[1]).toMatchObject({
      action: 'staff.created',
      before: null,
      after: { email: 'audited@example.com', role: 'support' },
    });
    expect(JSON.stringify(entries)).not.toMatch(/hash|secret|password"/i);
  });

  it('the database itself refuses to change or remove an audit entry', async () => {
    const [entry] = await db().select({ id: auditLog.id }).from(auditLog).limit(1);
    expect(entry).toBeDefined();
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'done',
        (err: { cause?: { message?: string } }) => err.cause?.message ?? String(err),
      );
    const id = entry?.id ?? 0;
    expect(await refusal(db().update(auditLog).set({ action: 'forged' }).where(eq(auditLog.id, id)))).toMatch(
      'audit_log is append-only: UPDATE refused',
    );
    expect(await refusal(db().delete(auditLog).where(eq(auditLog.id, id)))).toMatch(
      'audit_log is append-only: DELETE refused',
    );
    expect(await refusal(db().execute(sql`truncate audit_log`))).toMatch(/append-only|foreign key/);
    expect(
      await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.id, id)),
    ).not.toEqual([{ action: 'forged' }]);
  });

  it('a change that fails writes no audit entry and no staff row', async () => {
    const owner = await addStaff(db(), 'owner');
    const token = await staffSession(t, owner.id);
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog);
    const bad = await staffCall(t, token, 'POST', '/staff', {
      email: 'not an email',
      name: 'X',
      role: 'picker',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields[0].field).toBe('body.email');
    const unknownRole = await staffCall(t, token, 'POST', '/staff', {
      email: 'ok.address@example.com',
      name: 'X',
      role: 'boss',
    });
    expect(unknownRole.statusCode).toBe(400);
    const after = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog);
    expect(after).toEqual(before);
    expect(await db().select().from(staff).where(eq(staff.email, 'ok.address@example.com'))).toHaveLength(0);
  });
});

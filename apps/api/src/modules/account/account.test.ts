import { createHash } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, sessions } from '../../db/schema/index.js';
import { bearer, registerCustomer, signIn, uniqueEmail } from '../../../test/factories.js';
import { createProduct } from '../../../test/catalog-factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { updateCustomer } from './account.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_TTL_MINUTES: '60', SESSION_GRACE_SECONDS: '30' } });
});
afterAll(() => t.close());

async function refusalOf(id: number) {
  const [row] = await t.database.db
    .select({ emailRefusedAt: customers.emailRefusedAt, emailRefusedReason: customers.emailRefusedReason })
    .from(customers)
    .where(eq(customers.id, id));
  return row;
}

const customerCount = async () => (await t.database.db.select({ n: count() }).from(customers))[0]?.n ?? 0;

function get(url: string, token?: string) {
  return t.app.inject({ url, headers: token ? bearer(token) : {} });
}

function put(url: string, token: string, payload: object) {
  return t.app.inject({ method: 'PUT', url, headers: bearer(token), payload });
}

/** A registration of a fresh email, with the given fields changed or added. */
function register(overrides: object = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/register',
    payload: {
      email: uniqueEmail(),
      password: 'long enough pw',
      firstName: 'A',
      lastName: 'B',
      ...overrides,
    },
  });
}

describe('register', () => {
  it('creates the customer, answers the user info and sends a token in the Authorization header', async () => {
    const email = uniqueEmail('new');
    const res = await register({ email, firstName: 'Ada', lastName: 'Lovelace' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 0,
      data: { email, firstName: 'Ada', lastName: 'Lovelace', postCode: '2000', suburb: 'Sydney' },
    });
    expect(res.headers.authorization).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await get('/api/v1/customer/me', String(res.headers.authorization));
    expect(me.json().data.email).toBe(email);
  });

  it('registers a customer with one name: the last name empty or left out, and can sign in', async () => {
    const empty = await register({ firstName: 'Cher', lastName: '' });
    expect(empty.json()).toMatchObject({ code: 0, data: { firstName: 'Cher', lastName: '' } });
    const email = uniqueEmail('mononym');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      payload: { email, password: 'long enough pw', firstName: 'Teller' },
    });
    expect(res.json()).toMatchObject({ code: 0, data: { firstName: 'Teller', lastName: '' } });
    const me = await get('/api/v1/customer/me', String(res.headers.authorization));
    expect(me.json().data).toMatchObject({ firstName: 'Teller', lastName: '' });
  });

  it('takes an address at an internationalised domain, kept as its A-label, and refuses an accented local part naming email', async () => {
    const idn = await register({ email: `Kim.${Date.now()}@Bücher.de` });
    expect(idn.json()).toMatchObject({
      code: 0,
      data: { email: expect.stringMatching(/@xn--bcher-kva\.de$/) },
    });
    const accented = await register({ email: 'josé@example.com' });
    expect(accented.statusCode).toBe(400);
    expect(accented.json().data.fields).toEqual([
      { field: 'body.email', message: expect.stringContaining('before the @') },
    ]);
  });

  it('refuses an email already taken, in any letter case, as a business rejection', async () => {
    const { email } = await registerCustomer(t.app);
    const res = await register({ email: email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 100101, msg: expect.any(String), data: null });
    expect(res.headers.authorization).toBeUndefined();
  });

  it('lets exactly one of several simultaneous registrations of one email win', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => register({ email, firstName: 'R', lastName: 'C' })),
    );
    const codes = results.map((r) => r.json().code).sort();
    expect(codes).toEqual([0, 100101, 100101, 100101, 100101, 100101]);
    const rows = await t.database.db
      .select({ n: count() })
      .from(customers)
      .where(sql`lower(${customers.email}) = ${email}`);
    expect(rows[0]?.n).toBe(1);
  });

  it.each([
    ['email', { email: 'not-an-email' }],
    ['password', { password: 'short' }],
    ['firstName', { firstName: '' }],
    ['lastName', { lastName: 'x'.repeat(51) }],
    ['email', { email: 42 }],
  ])('answers bad %s with a 400 naming it and writes nothing', async (field, override) => {
    const before = await customerCount();
    const res = await register(override);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(100001);
    expect(body.msg).toContain(field);
    expect(body.data.fields.map((f: { field: string }) => f.field)).toContain(`body.${field}`);
    expect(await customerCount()).toBe(before);
  });

  it('takes the home suburb at registration, stored as the suburb table spells it', async () => {
    const res = await register({ postCode: '3000', suburb: 'melbourne' });
    expect(res.json()).toMatchObject({ code: 0, data: { postCode: '3000', suburb: 'Melbourne' } });
  });

  it('refuses a home suburb that is not a known locality and creates no account', async () => {
    const before = await customerCount();
    const res = await register({ postCode: '2000', suburb: 'Melbourne' });
    expect(res.json()).toMatchObject({ code: 100108, data: null });
    expect(res.headers.authorization).toBeUndefined();
    expect(await customerCount()).toBe(before);
  });

  it.each([
    ['suburb', { postCode: '3000' }],
    ['suburb', { postCode: '3000', suburb: '' }],
    ['postCode', { postCode: '300', suburb: 'Melbourne' }],
  ])('answers a half or malformed home suburb with a 400 naming %s', async (field, override) => {
    const res = await register(override);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields.map((f: { field: string }) => f.field)).toContain(`body.${field}`);
  });

  it('takes a password with any character a customer can type, invisible ones too', async () => {
    const c = await registerCustomer(t.app, { password: 'zero\u200bwidth\u202epass' });
    expect((await signIn(t.app, c)).json().code).toBe(0);
  });

  it('refuses unknown fields', async () => {
    const res = await register({ isAdmin: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('isAdmin');
  });
});

describe('login', () => {
  it('signs in with the right password and records the sign-in', async () => {
    const c = await registerCustomer(t.app);
    const res = await signIn(t.app, c, { headers: { 'user-agent': 'vitest-agent/1.0' } });
    expect(res.json()).toMatchObject({ code: 0, data: { customerID: c.user.customerID } });
    const token = String(res.headers.authorization);
    const detail = (await get('/api/v1/customer/login-detail', token)).json().data;
    expect(detail).toMatchObject({ loginMethod: 'password', hasPassword: true, hasGoogle: false });
    expect(detail.recent[0]).toMatchObject({
      method: 'password',
      userAgent: 'vitest-agent/1.0',
      ip: '127.0.0.1',
    });
    expect(detail.recent[1]).toMatchObject({ method: 'register' });
  });

  it("behind a trusted proxy records the forwarded address, or the connection's when that is no address", async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' }, database: t.database });
    try {
      const c = await registerCustomer(proxied.app);
      for (const forwarded of ['203.0.113.7', 'x'.repeat(100)]) {
        const res = await signIn(proxied.app, c, { headers: { 'x-forwarded-for': forwarded } });
        expect(res.json().code).toBe(0);
      }
      const detail = await proxied.app.inject({
        url: '/api/v1/customer/login-detail',
        headers: bearer(c.token),
      });
      expect(detail.statusCode).toBe(200);
      const recent = detail.json<{ data: { recent: { ip: string }[] } }>().data.recent;
      expect(recent.slice(0, 2).map((r) => r.ip)).toEqual(['127.0.0.1', '203.0.113.7']);
    } finally {
      await proxied.close();
    }
  });

  it('behind a trusted proxy a client cannot name its own address: only the one the proxy saw counts', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' }, database: t.database });
    try {
      const c = await registerCustomer(proxied.app);
      // The client wrote the first entry; the proxy (on this machine) appended the address it saw.
      const viaProxy = await signIn(proxied.app, c, {
        headers: { 'x-forwarded-for': '198.51.100.9, 203.0.113.8' },
      });
      expect(viaProxy.json().code).toBe(0);
      // A client reaching the API past the proxy, from a public address, names only itself.
      const direct = await signIn(proxied.app, c, {
        headers: { 'x-forwarded-for': '198.51.100.10' },
        remoteAddress: '192.0.2.44',
      });
      expect(direct.json().code).toBe(0);
      const detail = await proxied.app.inject({
        url: '/api/v1/customer/login-detail',
        headers: bearer(c.token),
      });
      const recent = detail.json<{ data: { recent: { ip: string }[] } }>().data.recent;
      expect(recent.slice(0, 2).map((r) => r.ip)).toEqual(['192.0.2.44', '203.0.113.8']);
    } finally {
      await proxied.close();
    }
  });

  it('answers a wrong password and an unknown email alike, with HTTP 200 and no token', async () => {
    const c = await registerCustomer(t.app);
    for (const payload of [
      { email: c.email, password: 'wrong password' },
      { email: uniqueEmail('ghost'), password: 'whatever' },
    ]) {
      const res = await signIn(t.app, payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 100102, msg: 'The email or password is incorrect.', data: null });
      expect(res.headers.authorization).toBeUndefined();
    }
  });

  it('answers a missing password with a 400 naming it', async () => {
    const res = await signIn(t.app, { email: uniqueEmail() });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('password');
  });
});

describe('bearer tokens', () => {
  it.each([
    ['missing', {}],
    ['malformed', { authorization: 'Bearer not-a-token' }],
    ['of another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['unknown', { authorization: `Bearer ${'A'.repeat(43)}` }],
  ])('a %s token answers 401 with the envelope', async (_label, headers) => {
    const res = await t.app.inject({ url: '/api/v1/customer/me', headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 100010, data: null });
  });

  it('an expired token answers 401', async () => {
    const { token } = await registerCustomer(t.app);
    t.clock.advance(61 * 60_000);
    try {
      expect((await get('/api/v1/customer/me', token)).statusCode).toBe(401);
    } finally {
      t.clock.advance(-61 * 60_000);
    }
  });

  it('a token revoked by logout answers 401 while other sessions go on', async () => {
    const c = await registerCustomer(t.app);
    const second = await signIn(t.app, c);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(c.token) });
    expect(out.json()).toEqual({ code: 0, msg: 'ok', data: null });
    expect((await get('/api/v1/customer/me', c.token)).statusCode).toBe(401);
    expect((await get('/api/v1/customer/me', String(second.headers.authorization))).statusCode).toBe(200);
  });

  it("signing out everywhere ends every session of the customer, this one too, and nobody else's", async () => {
    const c = await registerCustomer(t.app);
    const other = String((await signIn(t.app, c)).headers.authorization);
    const stranger = await registerCustomer(t.app);
    // Each is read once first, so the session cache holds it: the revocation must reach the cache too.
    for (const token of [c.token, other, stranger.token])
      expect((await get('/api/v1/customer/me', token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout/everywhere',
      headers: bearer(c.token),
      payload: {},
    });
    expect(out.json()).toEqual({ code: 0, msg: 'ok', data: null });
    expect((await get('/api/v1/customer/me', c.token)).statusCode).toBe(401);
    expect((await get('/api/v1/customer/me', other)).statusCode).toBe(401);
    expect((await get('/api/v1/customer/me', stranger.token)).statusCode).toBe(200);
    // Signing in again works as ever.
    expect((await signIn(t.app, c)).statusCode).toBe(200);
  });

  it('logout takes no body: a field in it answers 400 naming the field and the session goes on', async () => {
    const c = await registerCustomer(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: bearer(c.token),
      payload: { everywhere: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 100001 });
    expect(res.json().msg).toContain('everywhere');
    expect((await get('/api/v1/customer/me', c.token)).statusCode).toBe(200);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: bearer(c.token),
      payload: {},
    });
    expect(empty.json()).toEqual({ code: 0, msg: 'ok', data: null });
    expect((await get('/api/v1/customer/me', c.token)).statusCode).toBe(401);
  });

  it("a disabled customer's existing sessions end at once", async () => {
    const c = await registerCustomer(t.app);
    const product = await createProduct(t.database.db);
    const addToCart = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/cart/add',
        headers: bearer(c.token),
        payload: { productID: product.id, quantity: 1 },
      });
    expect((await addToCart()).statusCode).toBe(200);
    await t.database.db
      .update(customers)
      .set({ status: 'disabled' })
      .where(eq(customers.id, c.user.customerID));
    // Changed outside the app, as staff would: heard through the database's notification.
    await t.app.authChangesHeard();
    const me = await get('/api/v1/customer/me', c.token);
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ code: 100010, data: null });
    const add = await addToCart();
    expect(add.statusCode).toBe(401);
    expect(add.json()).toMatchObject({ code: 100010, data: null });
  });

  it("stores a session's token only as its SHA-256 hash", async () => {
    const { token, user } = await registerCustomer(t.app);
    const rows = await t.database.db
      .select({ h: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.customerId, user.customerID));
    expect(rows).toEqual([{ h: createHash('sha256').update(token).digest('hex') }]);
    const holdingToken = await t.database.db
      .select({ n: count() })
      .from(sessions)
      .where(sql`${sessions.tokenHash} = ${token}`);
    expect(holdingToken).toEqual([{ n: 0 }]);
  });
});

describe('sliding renewal', () => {
  it('sends no new token before half the session life', async () => {
    const { token } = await registerCustomer(t.app);
    t.clock.advance(29 * 60_000);
    try {
      const res = await get('/api/v1/customer/me', token);
      expect(res.statusCode).toBe(200);
      expect(res.headers.authorization).toBeUndefined();
    } finally {
      t.clock.advance(-29 * 60_000);
    }
  });

  it('past half-life sends a fresh token; the old one works within the grace period, not after', async () => {
    const { token } = await registerCustomer(t.app);
    const start = t.clock.now();
    try {
      t.clock.advance(31 * 60_000);
      const res = await get('/api/v1/customer/status', token);
      expect(res.statusCode).toBe(200);
      const fresh = String(res.headers.authorization);
      expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(fresh).not.toBe(token);
      expect(Date.parse(res.json().data.sessionExpiresAt)).toBe(t.clock.now().getTime() + 60 * 60_000);

      t.clock.advance(20_000);
      const old = await get('/api/v1/customer/me', token);
      expect(old.statusCode).toBe(200);
      expect(old.headers.authorization).toBeUndefined();

      t.clock.advance(15_000);
      expect((await get('/api/v1/customer/me', token)).statusCode).toBe(401);
      expect((await get('/api/v1/customer/me', fresh)).statusCode).toBe(200);
    } finally {
      t.clock.set(start);
    }
  });

  it('renewals never take a session past SESSION_MAX_DAYS after sign-in: then it ends and asks for sign-in', async () => {
    const capped = await createTestApp({ env: { SESSION_TTL_MINUTES: '60', SESSION_MAX_DAYS: '1' } });
    try {
      const { token: first } = await registerCustomer(capped.app);
      const signedInAt = capped.clock.now().getTime();
      const end = signedInAt + 24 * 60 * 60_000;
      const status = (token: string) =>
        capped.app.inject({ method: 'GET', url: '/api/v1/customer/status', headers: bearer(token) });
      let token = first;
      let renewals = 0;
      // Used every 31 minutes, the session is renewed each time, right up to the day's end.
      while (capped.clock.now().getTime() + 31 * 60_000 < end) {
        capped.clock.advance(31 * 60_000);
        const res = await status(token);
        expect(res.statusCode).toBe(200);
        expect(Date.parse(res.json().data.sessionExpiresAt)).toBeLessThanOrEqual(end);
        if (res.headers.authorization) {
          token = String(res.headers.authorization);
          renewals += 1;
        }
      }
      expect(renewals).toBeGreaterThan(20);
      capped.clock.set(new Date(end + 1000));
      expect((await status(token)).statusCode).toBe(401);
    } finally {
      await capped.close();
    }
  });

  it('parallel requests past half-life renew the token once', async () => {
    const { token } = await registerCustomer(t.app);
    const start = t.clock.now();
    try {
      t.clock.advance(31 * 60_000);
      const results = await Promise.all(Array.from({ length: 5 }, () => get('/api/v1/customer/me', token)));
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(results.filter((r) => r.headers.authorization).length).toBe(1);
    } finally {
      t.clock.set(start);
    }
  });
});

describe('customer profile', () => {
  it('me is the user info; info adds the profile; status tells the session expiry', async () => {
    const c = await registerCustomer(t.app);
    const me = (await get('/api/v1/customer/me', c.token)).json();
    expect(me).toEqual({
      code: 0,
      msg: 'ok',
      data: {
        customerID: c.user.customerID,
        email: c.email,
        firstName: 'Test',
        lastName: 'Customer',
        postCode: '2000',
        suburb: 'Sydney',
        emailRefused: null,
      },
    });
    const info = (await get('/api/v1/customer/info', c.token)).json().data;
    expect(info).toMatchObject({ phone: null, birthday: null, loginMethod: 'password' });
    expect(Date.parse(info.createdAt)).not.toBeNaN();
    const status = (await get('/api/v1/customer/status', c.token)).json().data;
    expect(status).toMatchObject({ customerID: c.user.customerID, accountStatus: 'active', signedIn: true });
  });

  it('update changes the given fields and keeps the rest', async () => {
    const c = await registerCustomer(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/customer/update',
      headers: bearer(c.token),
      payload: {
        firstName: 'Grace',
        phone: '0412 345 678',
        birthday: '1990-05-17',
        postCode: '3000',
        suburb: 'melbourne',
      },
    });
    expect(res.json()).toMatchObject({
      code: 0,
      data: {
        firstName: 'Grace',
        lastName: 'Customer',
        phone: '0412345678',
        birthday: '1990-05-17',
        postCode: '3000',
        suburb: 'Melbourne',
      },
    });
  });

  it('refuses a postcode and suburb that are not one Australian locality', async () => {
    const c = await registerCustomer(t.app);
    const res = await put('/api/v1/customer/update', c.token, { postCode: '2000', suburb: 'Melbourne' });
    expect(res.json()).toMatchObject({ code: 100108, data: null });
    expect((await get('/api/v1/customer/me', c.token)).json().data.suburb).toBe('Sydney');
  });

  it.each([
    ['phone', { phone: '12345' }],
    ['birthday', { birthday: '2030-01-01' }],
    ['birthday', { birthday: '17/05/1990' }],
    ['postCode', { postCode: '20000', suburb: 'Sydney' }],
    ['suburb', { postCode: '2000' }],
    ['firstName', { firstName: '   ' }],
    ['firstName', { firstName: '\u200b' }],
    ['lastName', { lastName: 'Smith\u202e' }],
    ['firstName', { firstName: '\u0301' }],
    ['email', { email: 'new@example.com' }],
  ])('answers bad %s with a 400 naming it and changes nothing', async (field, payload) => {
    const c = await registerCustomer(t.app);
    const res = await put('/api/v1/customer/update', c.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(field);
    expect((await get('/api/v1/customer/info', c.token)).json().data).toMatchObject({
      firstName: 'Test',
      phone: null,
      birthday: null,
      postCode: '2000',
    });
  });

  it('a refusal of the address is cleared when the address changes, not when it is written in other letters', async () => {
    const c = await registerCustomer(t.app);
    const id = c.user.customerID;
    const refused = {
      emailRefusedAt: new Date('2026-03-02T01:02:03.000Z'),
      emailRefusedReason: '550 5.1.1 No such mailbox',
    };
    await t.database.db.update(customers).set(refused).where(eq(customers.id, id));
    const me = async () => (await get('/api/v1/customer/me', c.token)).json().data;
    expect((await me()).emailRefused).toEqual({
      at: '2026-03-02T01:02:03.000Z',
      reason: '550 5.1.1 No such mailbox',
    });

    await updateCustomer(t.database.db, id, { email: c.email.toUpperCase() });
    expect(await refusalOf(id)).toEqual(refused);
    const corrected = uniqueEmail('corrected');
    await updateCustomer(t.database.db, id, { email: corrected });
    expect(await refusalOf(id)).toEqual({ emailRefusedAt: null, emailRefusedReason: null });
    await t.app.authChangesHeard();
    expect(await me()).toMatchObject({ email: corrected, emailRefused: null });
  });

  it('an empty update is refused', async () => {
    const c = await registerCustomer(t.app);
    const res = await put('/api/v1/customer/update', c.token, {});
    expect(res.statusCode).toBe(400);
  });

  it('checks the session before the body', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/customer/update',
      payload: { phone: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('update-password', () => {
  it('needs the current password', async () => {
    const c = await registerCustomer(t.app);
    const res = await put('/api/v1/customer/update-password', c.token, {
      oldPassword: 'not it at all',
      newPassword: 'a brand new pw',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 100103 });
  });

  it('refuses a new password equal to the old one or too short', async () => {
    const c = await registerCustomer(t.app);
    const same = await put('/api/v1/customer/update-password', c.token, {
      oldPassword: c.password,
      newPassword: c.password,
    });
    expect(same.json().code).toBe(100107);
    const short = await put('/api/v1/customer/update-password', c.token, {
      oldPassword: c.password,
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toContain('newPassword');
  });

  it('changes the password and revokes the other sessions, keeping this one', async () => {
    const c = await registerCustomer(t.app);
    const other = String((await signIn(t.app, c)).headers.authorization);
    const res = await put('/api/v1/customer/update-password', c.token, {
      oldPassword: c.password,
      newPassword: 'a brand new pw',
    });
    expect(res.json()).toEqual({ code: 0, msg: 'ok', data: null });
    expect((await get('/api/v1/customer/me', c.token)).statusCode).toBe(200);
    expect((await get('/api/v1/customer/me', other)).statusCode).toBe(401);
    const oldLogin = await signIn(t.app, c);
    expect(oldLogin.json().code).toBe(100102);
    const newLogin = await signIn(t.app, { email: c.email, password: 'a brand new pw' });
    expect(newLogin.json().code).toBe(0);
  });

  it('of two changes from the same old password at once, one wins and the other hears the password is wrong', async () => {
    const c = await registerCustomer(t.app);
    const other = String((await signIn(t.app, c)).headers.authorization);
    const [first, second] = await Promise.all(
      [
        { token: c.token, newPassword: 'first new pw here' },
        { token: other, newPassword: 'second new pw here' },
      ].map(({ token, newPassword }) =>
        put('/api/v1/customer/update-password', token, { oldPassword: c.password, newPassword }),
      ),
    );
    const codes = [first?.json().code, second?.json().code];
    expect(codes.sort()).toEqual([0, 100103]);
    const [winner, winnerToken, loserToken] =
      first?.json().code === 0
        ? ['first new pw here', c.token, other]
        : ['second new pw here', other, c.token];
    expect((await signIn(t.app, { email: c.email, password: winner })).json().code).toBe(0);
    expect((await get('/api/v1/customer/me', winnerToken)).statusCode).toBe(200);
    expect((await get('/api/v1/customer/me', loserToken)).statusCode).toBe(401);
  });
});

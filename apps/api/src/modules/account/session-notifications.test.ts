import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres, type Database } from '../../db/client.js';
import { LISTENER_NAME } from '../../db/notifications.js';
import { sessions } from '../../db/schema/index.js';
import { bearer, registerCustomer, type Customer } from '../../../test/factories.js';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/test-app.js';

// Signed-in requests answer their session from memory (session-cache.ts). These prove that what another process
// (or staff, in the database) changes reaches that memory: two apps share one database, as two server processes
// do; on PostgreSQL each has its own pool and its own listening connection.

let shared: Database & { url?: string };
let a: TestApp;
let b: TestApp;
let second: Database | undefined;
const statements: string[] = [];
let counting = false;

beforeAll(async () => {
  shared = await openTestDatabase();
  a = await createTestApp({ database: shared });
  if (shared.url) {
    second = await openPostgres(shared.url, {
      onStatement: (q) => void (counting && statements.push(q)),
    });
  }
  b = await createTestApp({ database: second ?? shared });
});
afterAll(async () => {
  await b.close();
  await a.close();
  await second?.close();
  await shared.close();
});

async function me(app: TestApp, c: Customer) {
  const res = await app.app.inject({ method: 'GET', url: '/api/v1/customer/me', headers: bearer(c.token) });
  return { status: res.statusCode, body: res.json<{ code: number; data: { firstName: string } | null }>() };
}

/** Signed in, and known to process b (its session in b's memory). */
async function knownToB(): Promise<Customer> {
  const c = await registerCustomer(a.app);
  expect((await me(b, c)).status).toBe(200);
  return c;
}

describe('sessions in memory, across processes', () => {
  it('a session signed out in one process is refused by another that held it, once the sign-out is heard', async () => {
    const c = await knownToB();
    const out = await a.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(c.token) });
    expect(out.json()).toMatchObject({ code: 0 });
    await b.app.authChangesHeard();
    expect(await me(b, c)).toMatchObject({ status: 401, body: { code: 100010, data: null } });
  });

  it('a session revoked in the database is refused once heard', async () => {
    const c = await knownToB();
    await a.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.customerId, c.user.customerID));
    await b.app.authChangesHeard();
    expect((await me(b, c)).status).toBe(401);
  });

  it("a customer's new name, saved in one process, is what another answers", async () => {
    const c = await knownToB();
    const put = await a.app.inject({
      method: 'PUT',
      url: '/api/v1/customer/update',
      headers: bearer(c.token),
      payload: {
        firstName: 'Renamed',
        lastName: 'Shopper',
        phone: null,
        birthday: null,
        postCode: '2000',
        suburb: 'Sydney',
      },
    });
    expect(put.json()).toMatchObject({ code: 0 });
    await b.app.authChangesHeard();
    expect((await me(b, c)).body.data?.firstName).toBe('Renamed');
  });

  it('a password changed in one process ends the other sessions another process held', async () => {
    const c = await knownToB();
    const other = await a.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: c.email, password: c.password },
    });
    const kept = { ...c, token: other.headers.authorization as string };
    expect((await me(b, kept)).status).toBe(200);
    const changed = await a.app.inject({
      method: 'PUT',
      url: '/api/v1/customer/update-password',
      headers: bearer(kept.token),
      payload: { oldPassword: c.password, newPassword: 'another-pass-123' },
    });
    expect(changed.json()).toMatchObject({ code: 0 });
    await b.app.authChangesHeard();
    expect((await me(b, c)).status).toBe(401);
    expect((await me(b, kept)).status).toBe(200);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'while the listening connection is down every request reads its session, and memory is used again once it is back',
    async () => {
      const c = await knownToB();
      const statementsOfMe = async () => {
        statements.length = 0;
        counting = true;
        try {
          expect((await me(b, c)).status).toBe(200);
          return statements.length;
        } finally {
          counting = false;
        }
      };
      expect(await statementsOfMe()).toBe(0);

      // Both apps' listeners go: the server ends their backends, as a restart would.
      await a.database.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE application_name = ${LISTENER_NAME} AND datname = current_database()`,
      );
      // Down: the session is read from the database again (what it missed hearing cannot be served from memory).
      await vi.waitFor(async () => expect(await statementsOfMe()).toBe(1), { timeout: 5_000, interval: 5 });
      // Back (it reconnects by itself): answered from memory again.
      await vi.waitFor(async () => expect(await statementsOfMe()).toBe(0), { timeout: 10_000, interval: 50 });
    },
  );
});

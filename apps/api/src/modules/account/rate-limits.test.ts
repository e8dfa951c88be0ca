import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerCustomer, uniqueEmail } from '../../../test/factories.js';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/test-app.js';
import type { Database } from '../../db/client.js';

let database: Database;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  database = await openTestDatabase();
  const env = { AUTH_LIMIT_PER_ACCOUNT: '3', AUTH_LIMIT_PER_IP: '8' };
  // Two API instances on one database, as two processes behind a load balancer would be.
  a = await createTestApp({ env, database });
  b = await createTestApp({ env, database });
});
afterAll(async () => {
  await a.close();
  await b.close();
  await database.close();
});

const login = (t: TestApp, email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password }, remoteAddress: ip });

describe('sign-in rate limits', () => {
  it('locks an account after repeated wrong passwords, counted across API instances', async () => {
    const c = await registerCustomer(a.app);
    expect((await login(a, c.email, 'wrong one', '10.0.0.1')).json().code).toBe(100102);
    expect((await login(b, c.email, 'wrong two', '10.0.0.2')).json().code).toBe(100102);
    expect((await login(a, c.email, 'wrong three', '10.0.0.3')).json().code).toBe(100102);
    const locked = await login(b, c.email, c.password, '10.0.0.4');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 100029, data: null });
    expect(locked.headers.authorization).toBeUndefined();
  });

  it('limits sign-in attempts per IP address across accounts and instances', async () => {
    const ip = '10.1.1.1';
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await login(i % 2 ? a : b, uniqueEmail('ip'), 'whatever', ip);
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 8).every((s) => s === 200)).toBe(true);
    expect(codes.slice(8)).toEqual([429, 429]);
    expect((await login(a, uniqueEmail('ip'), 'whatever', '10.1.1.2')).statusCode).toBe(200);
  });

  it('limits registrations per IP address', async () => {
    const ip = '10.2.2.2';
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await a.app.inject({
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

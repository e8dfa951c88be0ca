import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerCustomer } from '../../test/factories.js';
import { addStaff, staffCall, staffSession } from '../../test/staff-factories.js';
import { openTestDatabase, testClock, testConfig, type TestApp } from '../../test/test-app.js';
import { buildApp } from '../app.js';
import { loggerOptions } from '../lib/log-redaction.js';

type LogLine = { level: number; msg: string; reqId?: string; [key: string]: unknown };

let t: TestApp;
const lines: string[] = [];
const logText = () => lines.join('');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The request lines of the response's request id. */
function requestLines(requestId: string | string[] | number | undefined): LogLine[] {
  return lines
    .map((l) => JSON.parse(l) as LogLine)
    .filter((l) => l.msg === 'request completed' && l.reqId === requestId);
}

beforeAll(async () => {
  const database = await openTestDatabase();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const config = await testConfig();
  const clock = testClock();
  const app = await buildApp({
    config,
    database,
    now: clock.now,
    logger: { ...loggerOptions('info'), stream },
  });
  await app.ready();
  t = {
    app,
    database,
    clock,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
});
afterAll(async () => {
  await t.close();
});

describe('request log', () => {
  it("a signed-in customer's request logs one info line: method, route pattern, status, duration, request id and customer", async () => {
    const c = await registerCustomer(t.app);
    const res = await t.app.inject({
      url: '/api/v1/order/detail?orderID=987654321',
      headers: bearer(c.token),
    });
    expect(res.statusCode).toBe(404);

    const found = requestLines(res.headers['x-request-id']);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      level: 30,
      method: 'GET',
      route: '/api/v1/order/detail',
      statusCode: 404,
      durationMs: expect.any(Number),
      customerId: c.user.customerID,
    });
    expect(found[0]).not.toHaveProperty('staffId');
  });

  it('never logs the Authorization header, a password, an e-mail address or a query value', async () => {
    const c = await registerCustomer(t.app);
    await t.app.inject({ url: '/api/v1/customer/me', headers: bearer(c.token) });
    await t.app.inject({ url: '/api/v1/order/detail?orderID=secret-query-value', headers: bearer(c.token) });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: c.email, password: c.password },
    });

    const text = logText();
    expect(text).toContain('"route":"/api/v1/login"');
    for (const secret of [c.token, c.password, c.email, 'secret-query-value', 'orderID', 'Bearer']) {
      expect(text).not.toContain(secret);
    }
  });

  it("an open route's line names nobody, and a staff member's line names the member", async () => {
    const open = await t.app.inject({ url: '/api/v1/health' });
    const [openLine] = requestLines(open.headers['x-request-id']);
    expect(openLine).toMatchObject({ route: '/api/v1/health', statusCode: 200 });
    expect(openLine).not.toHaveProperty('customerId');
    expect(openLine).not.toHaveProperty('staffId');

    const member = await addStaff(t.database.db, 'support');
    const res = await staffCall(t, await staffSession(t, member.id), 'GET', '/me');
    expect(res.statusCode).toBe(200);
    expect(requestLines(res.headers['x-request-id'])[0]).toMatchObject({
      route: '/api/admin/v1/me',
      staffId: member.id,
    });
  });

  it('an address no route matches is logged as "unmatched", not by its path', async () => {
    const res = await t.app.inject({ url: '/api/v1/no-such-thing/customer-name-here' });
    expect(res.statusCode).toBe(404);
    expect(requestLines(res.headers['x-request-id'])[0]).toMatchObject({
      route: 'unmatched',
      statusCode: 404,
    });
    expect(logText()).not.toContain('customer-name-here');
  });
});

describe('request id', () => {
  it("a client's well-formed X-Request-Id is used and echoed back", async () => {
    for (const sent of [crypto.randomUUID(), 'trace-123', 'a'.repeat(64), 'span.A_b-9']) {
      const res = await t.app.inject({ url: '/api/v1/health', headers: { 'x-request-id': sent } });
      expect(res.headers['x-request-id']).toBe(sent);
      expect(requestLines(sent)).toHaveLength(1);
    }
  });

  it('a malformed X-Request-Id is replaced by a fresh one', async () => {
    for (const sent of [
      'a'.repeat(200),
      'a'.repeat(65),
      'has spaces in it',
      'line\tbreak',
      'semi;colon',
      '',
    ]) {
      const res = await t.app.inject({ url: '/api/v1/health', headers: { 'x-request-id': sent } });
      expect(res.headers['x-request-id']).toMatch(UUID);
      expect(requestLines(res.headers['x-request-id'])).toHaveLength(1);
    }
  });

  it('a request id sent twice (joined with a comma by Node) is replaced', async () => {
    const res = await t.app.inject({
      url: '/api/v1/health',
      headers: { 'x-request-id': ['first-id', 'second-id'] },
    });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });
});

import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerCustomer, uniqueEmail } from '../../test/factories.js';
import { openTestDatabase, testConfig } from '../../test/test-app.js';
import { buildApp, type App } from '../app.js';
import type { Database } from '../db/client.js';
import { loggerOptions, redactUrl, serializeError } from './log-redaction.js';

let database: Database;
let app: App;
const lines: string[] = [];
const logText = () => lines.join('');

beforeAll(async () => {
  database = await openTestDatabase();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  app = await buildApp({
    config: await testConfig(),
    database,
    // At debug, every line the app may write; one per request at info (plugins/request-log.ts).
    logger: { ...loggerOptions('debug'), stream },
  });
  await app.ready();
  // A rule the application does not know about makes one realistic insert fail inside the database.
  await database.db.execute(
    sql`alter table customers add constraint customers_no_boom check (first_name <> 'Boom')`,
  );
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('log redaction', () => {
  it('a failed insert logs the SQL and the error code, never the parameters, the row or the password hash', async () => {
    const email = uniqueEmail('secret.person');
    const password = 'hunter2-very-secret-pw';
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/register',
      payload: { email, password, firstName: 'Boom', lastName: 'Sekretname' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 100500, data: null });

    const text = logText();
    for (const secret of [email, password, 'Sekretname', 'scrypt$', 'params:', 'Failing row', '"detail"']) {
      expect(text).not.toContain(secret);
    }
    const failure = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error');
    expect(failure?.err.type).toBe('DrizzleQueryError');
    expect(failure?.err.query).toMatch(/^insert into "customers"/);
    expect(failure?.err.message).toContain('insert into "customers"');
    expect(failure?.err.cause).toMatchObject({ code: '23514', constraint: 'customers_no_boom' });
  });

  it('request lines carry neither bearer tokens, cookies nor query values', async () => {
    const c = await registerCustomer(app);
    const res = await app.inject({
      url: '/api/v1/customer/me?token=query-secret-value&email=someone%40example.com',
      headers: { ...bearer(c.token), cookie: 'sf_device_1=cookie-secret-value' },
    });
    // Refused (customer/me takes no query), and its request line logged all the same, values left out.
    expect(res.statusCode).toBe(400);
    // The request's line carries its id (the child logger is made when the request first logs).
    const line = lines
      .map((l) => JSON.parse(l) as { msg: string; reqId?: string; route?: string; statusCode?: number })
      .find((l) => l.msg === 'request completed' && l.reqId === res.headers['x-request-id']);
    expect(line).toBeDefined();
    const text = logText();
    // The line names the route pattern, never the address as sent.
    expect(line).toMatchObject({ route: '/api/v1/customer/me', statusCode: 400 });
    expect(text).not.toContain('?token=');
    for (const secret of [c.token, 'query-secret-value', 'someone', 'cookie-secret-value', c.password]) {
      expect(text).not.toContain(secret);
    }
  });

  it('fields named like passwords or tokens are censored wherever a log call puts them', () => {
    const before = lines.length;
    app.log.info(
      {
        password: 'p-top',
        body: { oldPassword: 'p-old', newPassword: 'p-new', token: 't-body' },
        req: { headers: { authorization: 'Bearer t-header', cookie: 'c-header' } },
        res: { headers: { 'set-cookie': 'c-set' } },
      },
      'explicit',
    );
    const line = lines.slice(before).join('');
    expect(line).toContain('explicit');
    for (const secret of ['p-top', 'p-old', 'p-new', 't-body', 't-header', 'c-header', 'c-set']) {
      expect(line).not.toContain(secret);
    }
  });
});

describe('serializeError', () => {
  it('drops the parameters of a failed Drizzle query from its message, stack and fields', () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "customers_email_key"'),
      {
        code: '23505',
        constraint: 'customers_email_key',
        detail: 'Key (lower(email))=(ada@example.com) already exists.',
        where: 'SQL statement "insert ..." with ada@example.com',
      },
    );
    const err = new DrizzleQueryError(
      'insert into "customers" ("email", "password_hash") values ($1, $2)',
      ['ada@example.com', 'scrypt$17$8$1$c2FsdA==$aGFzaA=='],
      cause,
    );
    const out = serializeError(err);
    const text = JSON.stringify(out);
    expect(text).not.toContain('ada@example.com');
    expect(text).not.toContain('scrypt$');
    expect(text).not.toContain('params');
    expect(out).toMatchObject({
      type: 'DrizzleQueryError',
      query: 'insert into "customers" ("email", "password_hash") values ($1, $2)',
      cause: { code: '23505', constraint: 'customers_email_key' },
    });
    expect(out.stack).toMatch(/^DrizzleQueryError: Failed query: insert into "customers"[^\n]*\n\s+at /);
    expect(JSON.stringify(out.cause)).toContain('unique constraint \\"customers_email_key\\"');
  });

  it('censors values quoted in a database message and keeps the names of what failed', () => {
    const err = Object.assign(new Error('invalid input syntax for type integer: "secret-input"'), {
      code: '22P02',
    });
    expect(serializeError(err).message).toBe('invalid input syntax for type integer: "[redacted]"');
  });

  it('redactUrl keeps the path and the query keys only', () => {
    expect(redactUrl('/reset?token=abc&x=1&flag')).toBe('/reset?token=[redacted]&x=[redacted]&flag');
    expect(redactUrl('/api/v1/cart/list')).toBe('/api/v1/cart/list');
  });
});

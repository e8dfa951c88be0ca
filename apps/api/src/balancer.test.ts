import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartAdded } from '@storefront/contract/cart';
import type { Database } from './db/client.js';
import { outboxMails } from './db/schema/index.js';
import { createProduct } from '../test/catalog-factories.js';
import { uniqueEmail } from '../test/factories.js';
import { startServer } from '../test/server-process.js';
import { startSmtpCatcher, type SmtpCatcher } from '../test/smtp-catcher.js';
import { openTestDatabase } from '../test/test-app.js';

const haproxyConfig = fileURLToPath(new URL('../../../deploy/haproxy.cfg', import.meta.url));
const CUSTOMERS = 10;
const PER_MINUTE = 600;
// Each load address makes fewer requests than the limit, so only the limit check below meets it.
const REQUESTS_PER_ADDRESS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Debian puts it in /usr/sbin, which is not on every user's PATH. */
function findHaproxy(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin'];
  return dirs
    .filter((dir) => dir !== '')
    .map((dir) => path.join(dir, 'haproxy'))
    .find((file) => existsSync(file));
}
const haproxy = findHaproxy();

/**
 * Client addresses the balancer passes on in X-Forwarded-For (the processes trust it, as in compose.yaml): public
 * ones, so the per-minute limit counts them and not the proxy; random per run, as Redis keeps the last minute's counts.
 */
const [runA, runB] = [randomInt(256), randomInt(256)];
let addressesUsed = 0;
function freshAddress(): string {
  const n = addressesUsed++;
  return `11.${runA}.${(runB + (n >> 8)) % 256}.${n % 256}`;
}

type Answer = { status: number; code: number | undefined; data?: unknown; token: string | undefined };
type Outcome = Answer | { error: string };
type Call = { method?: string; body?: unknown; token?: string; address?: string };

function call(base: string, agent: Agent, url: string, { method = 'GET', body, token, address }: Call) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = {};
  // Set by hand: Node sends a DELETE's body without one.
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  if (token) headers.authorization = `Bearer ${token}`;
  if (address) headers['x-forwarded-for'] = address;
  return new Promise<Outcome>((resolve) => {
    const req = request(`${base}/api/v1${url}`, { method, agent, headers, timeout: 30_000 }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
      res.on('end', () => {
        const auth = res.headers.authorization;
        let envelope: { code?: number; data?: unknown } = {};
        try {
          envelope = JSON.parse(text) as typeof envelope;
        } catch {
          // Not the API's envelope (a balancer's error page): code stays undefined, a failure.
        }
        const token = typeof auth === 'string' ? auth : undefined;
        resolve({ status: res.statusCode ?? 0, code: envelope.code, data: envelope.data, token });
      });
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end(payload);
  });
}

const succeeded = (o: Outcome): o is Answer => 'status' in o && o.status === 200 && o.code === 0;
const failedCall = (o: { what: string; outcome: Outcome }) =>
  !succeeded(o.outcome) || o.what.endsWith('twice');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`gave up waiting for ${what}`);
    await sleep(100);
  }
}

type Api = Awaited<ReturnType<typeof startServer>> & { port: number };

/**
 * The compose topology on one machine: deploy/haproxy.cfg as it ships, in front of two real API processes (the
 * server entry) on one PostgreSQL database and one Redis. PGlite is one process by design: PostgreSQL only.
 */
describe.runIf(process.env.TEST_DB === 'postgres' && process.env.REDIS_URL && haproxy)(
  'two API processes behind HAProxy',
  () => {
    let shared: Database & { url?: string };
    let smtp: SmtpCatcher;
    let env: Record<string, string>;
    const apis: Api[] = [];
    const children: ChildProcess[] = [];
    let balancer: ChildProcess | undefined;
    let balancerUrl = '';
    const stateChanges: string[] = [];
    let balancerLog = '';
    const agent = new Agent({ keepAlive: true, maxSockets: 64 });
    const customers: { email: string; token: string }[] = [];
    let productID = 0;

    const apiAt = (i: number): Api => {
      const api = apis[i];
      if (!api) throw new Error(`no API process ${i}`);
      return api;
    };

    async function startApi(port = 0): Promise<Api> {
      if (!shared.url) throw new Error('no database url');
      const api = await startServer(shared.url, { ...env, PORT: String(port) });
      children.push(api.process);
      return { ...api, port: Number(new URL(api.url).port) };
    }

    const register = async (address: string) => {
      const email = uniqueEmail('balanced');
      const body = { email, password: 'correct horse battery', firstName: 'Bal', lastName: 'Anced' };
      const res = await call(balancerUrl, agent, '/register', { method: 'POST', body, address });
      return { res, email };
    };

    beforeAll(async () => {
      smtp = await startSmtpCatcher();
      shared = await openTestDatabase();
      productID = (await createProduct(shared.db, { stock: 1_000_000 })).id;
      env = {
        REDIS_URL: process.env.REDIS_URL ?? '',
        TRUST_PROXY: 'true',
        RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Harbour Grocer <shop@harbour.test>',
        DRAIN_SECONDS: '10',
      };
      apis.push(...(await Promise.all([startApi(), startApi()])));
      const listenPort = await freePort();
      balancerUrl = `http://127.0.0.1:${listenPort}`;
      balancer = spawn(haproxy ?? 'haproxy', ['-f', haproxyConfig, '-db'], {
        env: {
          ...process.env,
          API1: `127.0.0.1:${apiAt(0).port}`,
          API2: `127.0.0.1:${apiAt(1).port}`,
          LISTEN_PORT: String(listenPort),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(balancer);
      const take = (chunk: Buffer) => {
        const text = chunk.toString();
        balancerLog = (balancerLog + text).slice(-20_000);
        stateChanges.push(...(text.match(/Server api\/api\d is (?:UP|DOWN)/g) ?? []));
      };
      balancer.stdout?.on('data', take);
      balancer.stderr?.on('data', take);
      // Both processes ready through the balancer, several times in a row (round robin visits each).
      let inARow = 0;
      await until('the balancer to answer ready', async () => {
        const res = await call(balancerUrl, agent, '/health/ready', { address: freshAddress() });
        inARow = 'status' in res && res.status === 200 ? inARow + 1 : 0;
        return inARow >= 4;
      });
      for (let i = 0; i < CUSTOMERS; i++) {
        const { res, email } = await register(freshAddress());
        if (!succeeded(res) || !res.token) throw new Error(`register failed: ${JSON.stringify(res)}`);
        customers.push({ email, token: res.token });
      }
    });

    afterAll(async () => {
      agent.destroy();
      const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
      const exits = running.map((c) => new Promise((resolve) => c.once('exit', resolve)));
      for (const c of running) c.kill('SIGTERM');
      const stopped = await Promise.race([
        Promise.all(exits).then(() => true),
        sleep(15_000).then(() => false),
      ]);
      if (!stopped)
        for (const c of running) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      await shared?.close();
      await smtp?.close();
    });

    it('each process stopped (SIGTERM) and started again in turn under a shopping load: not one request fails', async () => {
      const outcomes: { what: string; outcome: Outcome }[] = [];
      let stop = false;
      const shopper = async (token: string) => {
        const own = new Agent({ keepAlive: true, maxSockets: 1 });
        let address = freshAddress();
        let made = 0;
        const steps: [string, Call][] = [
          ['/product/list', {}],
          ['/cart/add', { method: 'POST', body: { productID, quantity: 1 } }],
          ['/cart/list', {}],
          ['/customer/me', {}],
          ['/cart/delete', { method: 'DELETE', body: { productIDs: [productID] } }],
        ];
        while (!stop) {
          for (const [url, options] of steps) {
            if (++made % REQUESTS_PER_ADDRESS === 0) address = freshAddress();
            const outcome = await call(balancerUrl, own, url, { ...options, token, address });
            // The line is deleted each round: more than one would be an add made twice (a replayed request).
            const twice =
              url === '/cart/add' && succeeded(outcome) && (outcome.data as CartAdded).quantity !== 1;
            outcomes.push({ what: twice ? '/cart/add made twice' : url, outcome });
          }
        }
        own.destroy();
      };
      // Newcomers sign up all along: their verification mails are written while processes come and go.
      const newcomers = async () => {
        while (!stop) {
          const { res } = await register(freshAddress());
          outcomes.push({ what: '/register', outcome: res });
          await sleep(150);
        }
      };
      const load = Promise.all([...customers.map((c) => shopper(c.token)), newcomers()]);

      const restarts: { name: string; exitCode: number | null }[] = [];
      try {
        await until('the load to get going', () => outcomes.length >= 50);
        for (const [i, name] of ['api1', 'api2'].entries()) {
          const old = apiAt(i);
          const seen = stateChanges.length;
          old.process.kill('SIGTERM');
          await old.exited;
          restarts.push({ name, exitCode: old.process.exitCode });
          apis[i] = await startApi(old.port);
          await until(`the balancer to take ${name} out and back`, () => {
            const since = stateChanges.slice(seen);
            const down = since.indexOf(`Server api/${name} is DOWN`);
            return down >= 0 && since.indexOf(`Server api/${name} is UP`, down) >= 0;
          });
          const before = outcomes.length;
          await until('requests after the restart', () => outcomes.length >= before + 50);
        }
      } finally {
        stop = true;
        await load;
      }

      expect(restarts).toEqual([
        { name: 'api1', exitCode: 0 },
        { name: 'api2', exitCode: 0 },
      ]);
      const failed = outcomes.filter(failedCall);
      expect(failed, balancerLog.slice(-4_000)).toEqual([]);
      expect(outcomes.length).toBeGreaterThan(200);
    }, 180_000);

    it('a session made through the balancer is honoured by each process', async () => {
      const { res } = await register(freshAddress());
      if (!succeeded(res) || !res.token) throw new Error(`register failed: ${JSON.stringify(res)}`);
      const token = res.token;
      const answers = await Promise.all(
        apis.map((api) => call(api.url, agent, '/customer/me', { token, address: freshAddress() })),
      );
      expect(answers.map((a) => ('status' in a ? [a.status, a.code] : a))).toEqual([
        [200, 0],
        [200, 0],
      ]);
      const stranger = await call(apiAt(0).url, agent, '/customer/me', { token: 'not-a-session' });
      expect('status' in stranger && stranger.status).toBe(401);
    });

    it('the per-minute limit is one count for both processes', async () => {
      const address = freshAddress();
      const burst = async (base: string, count: number) => {
        const statuses: number[] = [];
        let sent = 0;
        const worker = async () => {
          while (sent < count) {
            sent += 1;
            const res = await call(base, agent, '/product/categories', { address });
            statuses.push('status' in res ? res.status : -1);
          }
        };
        await Promise.all(Array.from({ length: 8 }, worker));
        return statuses;
      };
      const count = (list: number[], status: number) => list.filter((s) => s === status).length;
      // Two thirds of the limit straight to each: alone, neither process would refuse one.
      const share = (PER_MINUTE * 2) / 3;
      const first = await burst(apiAt(0).url, share);
      const second = await burst(apiAt(1).url, share);
      expect([count(first, 200), count(first, 429)]).toEqual([share, 0]);
      expect([count(second, 200), count(second, 429)]).toEqual([PER_MINUTE - share, 2 * share - PER_MINUTE]);
      const throughBalancer = await call(balancerUrl, agent, '/product/categories', { address });
      expect('status' in throughBalancer && [throughBalancer.status, throughBalancer.code]).toEqual([
        429, 100029,
      ]);
    }, 60_000);

    it('every mail the outbox holds is sent once, by one process or the other, across the restarts', async () => {
      let rows: { id: number; status: string }[] = [];
      await until(
        'the outbox to be sent',
        async () => {
          rows = await shared.db.select({ id: outboxMails.id, status: outboxMails.status }).from(outboxMails);
          return rows.length > 0 && rows.every((r) => r.status !== 'pending');
        },
        60_000,
      );
      // Two more turns of both workers: a mail sent twice would show up now.
      await sleep(4_500);
      expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
      // Sign-ups during the restarts wrote mails as well as those before.
      expect(rows.length).toBeGreaterThan(CUSTOMERS + 5);
      const sentIds = smtp.mails.map((m) => Number(/<outbox-(\d+)\./.exec(m.messageId)?.[1]));
      expect(sentIds.sort((x, y) => x - y)).toEqual(rows.map((r) => r.id).sort((x, y) => x - y));
      const mailed = await shared.db
        .select({ to: outboxMails.toAddress })
        .from(outboxMails)
        .where(
          inArray(
            outboxMails.toAddress,
            customers.map((c) => c.email),
          ),
        );
      expect(mailed).toHaveLength(CUSTOMERS);
    }, 90_000);
  },
);

// Throughput of the API's routes under 100 connections, against a bare Fastify hello in its own process, in the
// same run; and the SQL statements each route sends. Needs the built API (`npm run build -w apps/api`).
// Run: npx tsx bench/api-bench.ts   (add DATABASE_URL=postgres://... to measure PostgreSQL too; REDIS_URL is passed
// on to the PostgreSQL server, so the per-minute limit counts in Redis as in production; the embedded database runs
// without it, as `npm start` runs it)
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Request, type Result } from 'autocannon';
import pg from 'pg';
import type { AddressList } from '@storefront/contract/address';
import { and, eq, gt } from 'drizzle-orm';
import { serverNodeFlags } from '../apps/api/node-flags.mjs';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { openPglite, openPostgres, type Database, type OnStatement } from '../apps/api/src/db/client.js';
import { products } from '../apps/api/src/db/schema/index.js';
import { DEMO_LOGIN } from '../apps/api/src/db/seed/demo.js';
import { seed } from '../apps/api/src/db/seed/index.js';
import { adminQuery, uniqueName, withDatabase } from '../apps/api/test/databases.js';
import { percentile, writeSection } from './lib/report.js';
import { startProcess, type Child } from './lib/processes.js';

const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
/** The shop grid's cache in the measured server: the store's default (1 s), or 0 to read every listing. */
const CATALOG_CACHE_MS = process.env.BENCH_CATALOG_CACHE_MS ?? '1000';
/** BENCH_ROUTES: only the routes whose label contains one of these comma-separated parts (e.g. `me,cart/list`). */
const ROUTE_FILTER = (process.env.BENCH_ROUTES ?? '').split(',').filter(Boolean);
/** BENCH_CPU_PROF: a folder; the server runs under `node --cpu-prof` and leaves its profile there when stopped. */
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;
/**
 * BENCH_PERF: a folder; `perf record -a -g` samples the whole machine (API, database, autocannon) while each route
 * is measured, into `<folder>/<route>.data` (read with `perf report -i … --sort comm,dso`).
 */
const PERF_DIR = process.env.BENCH_PERF;
/** Customers per scenario: more than the connections, so each request has a customer no other request holds. */
const CUSTOMERS = 150;
/** Each cart/add customer rotates over this many products, so carts stay at the demo cart's size. */
const LINES_PER_CART = 8;
/**
 * Customers adding to their carts: each line holds at most 99, so 300 customers take 237,600 adds (30k a second
 * for 8 s). Two customers share each set of eight products (products aren't locked by an add).
 */
const ADDERS = 2 * CUSTOMERS;
const BENCH_STOCK = 100_000_000;
const root = fileURLToPath(new URL('..', import.meta.url));
const serverJs = path.join(root, 'apps/api/dist/server.js');
const bareJs = fileURLToPath(new URL('./lib/bare-hello.mjs', import.meta.url));

type Kind = 'pglite' | 'postgres';
type Customer = { token: string; addressID: number; productIds: number[]; adds: number };
type Row = {
  build: string;
  route: string;
  /** The server process's CPU time per request (user + system), Linux only. */
  cpuMs: number | null;
  /** PostgreSQL's CPU time per request: its processes serving the bench's database, when it runs on this machine. */
  dbCpuMs: number | null;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  statements: number | null;
};

/** A database of the bench's own, migrated, with the demo data and products with stock for every add. */
async function createBenchDatabase(kind: Kind, onStatement?: OnStatement) {
  if (kind === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set');
    const name = uniqueName('sf_bench');
    await adminQuery(url, `CREATE DATABASE ${name}`);
    const benchUrl = withDatabase(url, name);
    return {
      env: { DATABASE_URL: benchUrl },
      open: () => openPostgres(benchUrl, { onStatement }),
      databaseCpu: () => backendCpuMs(url, name),
      pendingMails: () => pendingMailsIn(benchUrl),
      drop: () => adminQuery(url, `DROP DATABASE IF EXISTS ${name}`),
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sf-bench-'));
  const dataDir = path.join(dir, 'pglite');
  return {
    env: { DATABASE_URL: '', DATA_DIR: dataDir, REDIS_URL: '' },
    open: () => openPglite({ dataDir, onStatement }),
    // In the server's own process, so inside its CPU time.
    databaseCpu: () => Promise.resolve(null),
    // Inside the server's process, which holds the database: not asked.
    pendingMails: () => Promise.resolve(0),
    drop: () => rm(dir, { recursive: true, force: true }),
  };
}

async function addBenchProducts(database: Database, n: number): Promise<number[]> {
  const stamp = Date.now();
  const rows = await database.db
    .insert(products)
    .values(
      Array.from({ length: n }, (_, i) => ({
        sku: `BENCH-${stamp}-${i}`,
        name: `Bench product ${i}`,
        description: 'Made by the benchmark.',
        imageUrl: '/products/bench.svg',
        priceCents: 500 + i,
        stock: BENCH_STOCK,
        weightGrams: 250,
        category: 'pantry',
      })),
    )
    .returning({ id: products.id });
  return rows.map((r) => r.id);
}

/** Interstate: courier delivery, so an order books no delivery window (windows have a capacity the load would fill). */
const perth = {
  firstName: 'Bench',
  lastName: 'Customer',
  phone: '0412 345 678',
  line1: '1 Hay St',
  suburb: 'Perth',
  state: 'WA',
  postcode: '6000',
};

type Call = (
  method: string,
  path: string,
  body?: object,
  token?: string,
) => Promise<{ data: unknown; token: string }>;

/** Calls the API over HTTP (`base`) or through `inject` (in-process); a business error stops the bench. */
function caller(
  send: (
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ) => Promise<{ body: string; authorization: string | undefined }>,
): Call {
  return async (method, apiPath, body, token) => {
    const headers: Record<string, string> = {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    };
    const res = await send(method, `/api/v1${apiPath}`, headers, body ? JSON.stringify(body) : undefined);
    const json = JSON.parse(res.body) as { code: number; data: unknown };
    if (json.code !== 0) throw new Error(`${apiPath} answered ${res.body.slice(0, 300)}`);
    return { data: json.data, token: res.authorization ?? token ?? '' };
  };
}

function httpCaller(base: string): Call {
  return caller(async (method, url, headers, body) => {
    const res = await fetch(`${base}${url}`, { method, headers, body });
    return { body: await res.text(), authorization: res.headers.get('authorization') ?? undefined };
  });
}

/** The demo customer's token, with eight lines and a coupon in the cart, and the address (Sydney) it delivers to. */
async function prepareDemo(call: Call, shelf: number[]): Promise<{ token: string; addressID: number }> {
  const { token } = await call('POST', '/login', DEMO_LOGIN);
  await call(
    'POST',
    '/cart/add/batch',
    { items: shelf.slice(0, 8).map((id) => ({ productID: id, quantity: 1 })) },
    token,
  );
  await call('POST', '/cart/apply-discount', { code: 'FREESHIP' }, token);
  const { data } = await call('GET', '/address/list', undefined, token);
  const [address] = (data as AddressList).list;
  if (!address) throw new Error('the demo customer has no address');
  return { token, addressID: address.addressID };
}

async function registerCustomer(call: Call, productIds: number[]): Promise<Customer> {
  const email = `bench.${randomUUID()}@example.com`;
  const { token } = await call('POST', '/register', {
    email,
    password: 'bench password 1',
    firstName: 'Bench',
    lastName: 'Customer',
  });
  const { data } = await call('POST', '/address/add', perth, token);
  return { token, addressID: (data as { addressID: number }).addressID, productIds, adds: 0 };
}

async function activeShelf(database: Database): Promise<number[]> {
  const rows = await database.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.isActive, true), gt(products.stock, 10)))
    .orderBy(products.id);
  return rows.map((r) => r.id);
}

/** The statements one request of each route sends, counted in-process on the bench's database. */
async function countStatements(open: () => Promise<Database>, counted: string[]) {
  const database = await open();
  const app = await buildApp({ config: benchConfig(), database });
  try {
    const call = caller(async (method, url, headers, body) => {
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(body ? { payload: body } : {}),
      });
      const authorization = res.headers.authorization;
      return { body: res.body, authorization: typeof authorization === 'string' ? authorization : undefined };
    });
    const shelf = await activeShelf(database);
    const { token: demo, addressID: demoAddress } = await prepareDemo(call, shelf);
    const [productId = 0] = await addBenchProducts(database, 1);
    const customer = await registerCustomer(call, [productId]);
    const counts = new Map<string, number>();
    const measure = async (route: string, run: () => Promise<unknown>) => {
      counted.length = 0;
      await run();
      counts.set(route, counted.length);
    };
    await measure('health', () => call('GET', '/health'));
    await measure('customer/me', () => call('GET', '/customer/me', undefined, demo));
    await measure('product/list', () => call('GET', '/product/list?pageSize=24'));
    await measure('cart/list', () => call('GET', '/cart/list', undefined, demo));
    await measure('delivery/windows', () =>
      call('GET', `/delivery/windows?addressID=${demoAddress}`, undefined, demo),
    );
    await measure('cart/add', () =>
      call('POST', '/cart/add', { productID: productId, quantity: 1 }, customer.token),
    );
    await measure('order/create', () => call('POST', '/order/create', orderBody(customer), customer.token));
    return counts;
  } finally {
    await app.close();
    await database.close();
  }
}

function benchConfig() {
  return loadConfig({ ...serverEnv(), NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir() });
}

/** The limits are raised out of the way: the bench measures the work, not the limiter (which still counts). */
function serverEnv(): Record<string, string> {
  return {
    NODE_ENV: 'production',
    SEED_DEMO: 'true',
    SCRYPT_LOG_N: '12',
    RATE_LIMIT_PER_MINUTE: '100000000',
    AUTH_LIMIT_PER_IP: '100000000',
    AUTH_LIMIT_PER_ACCOUNT: '100000000',
    // Each bench customer places an order with every add and never pays.
    UNPAID_ORDERS_MAX: '1000000',
    REDIS_URL: process.env.REDIS_URL ?? '',
    CATALOG_CACHE_MS: CATALOG_CACHE_MS,
    // Production on PostgreSQL refuses to start without them (config.ts).
    PUBLIC_URL: 'http://localhost:3000',
    APP_SECRET: 'bench-secret-of-at-least-32-characters-long',
  };
}

function orderBody(c: Customer) {
  return { addressID: c.addressID, shippingService: 'standard', useCredit: false };
}

const shownFailures = new Set<string>();
/** Whether the answer is the envelope with code 0; the first answer of each other kind is shown. */
function isSuccess(body: string | undefined): boolean {
  if (body?.startsWith('{"code":0,')) return true;
  const kind = (body ?? 'no body').slice(0, 200);
  if (!shownFailures.has(kind)) {
    shownFailures.add(kind);
    console.error(`failed answer: ${kind}`);
  }
  return false;
}

function pick(customers: Customer[]): Customer {
  const c = customers[Math.floor(Math.random() * customers.length)];
  if (!c) throw new Error('no customers');
  return c;
}

/**
 * Hands each request a customer no other request in flight holds, and takes it back with the answer: first in,
 * first out, so every customer takes its turn (the last ones given back would otherwise take every turn).
 */
function customerPool(customers: Customer[]) {
  const free = [...customers];
  return {
    take: (): Customer => free.shift() ?? pick(customers),
    give: (c: Customer | undefined) => {
      if (c) free.push(c);
    },
  };
}

type Scenario = {
  route: string;
  requests: Request[];
  perCycle?: number;
  timed?: number[];
  failures: { n: number };
};

async function load(port: number, s: Scenario): Promise<Result> {
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: s.requests,
  });
}

function recordMachine(dir: string, name: string): { stop: () => Promise<void> } {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name.replace(/[^a-z0-9]+/gi, '-')}.data`);
  const perf = spawn('perf', ['record', '-a', '-g', '-F', '499', '-o', file], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => perf.once('exit', () => resolve()));
  return {
    stop: async () => {
      perf.kill('SIGINT');
      await exited;
    },
  };
}

/** CPU time (user + system, ms) a process has used, from /proc (Linux; clock ticks of 10 ms). */
function cpuTimeMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * Waits until the server has been near idle for half a second (at most a minute): its outbox worker sends the mails
 * the setup queued (a verification mail for every customer registered) or an earlier build's orders left behind in
 * the background, and that work belongs to no route measured next.
 */
/** Mails not sent yet (the customers registered for the bench were each mailed a link to verify their address). */
async function pendingMailsIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbox_mails WHERE status = 'pending'",
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * Waits for the mails the bench's set-up (or the route before) wrote to be sent, up to a minute: the outbox
 * worker sending them took CPU from the route measured next.
 */
async function waitForOutbox(pending: () => Promise<number>): Promise<void> {
  const until = Date.now() + 60_000;
  while ((await pending()) > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function settle(pid: number): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const before = cpuTimeMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = cpuTimeMs(pid);
    if (before === null || after === null || after - before <= 20) return;
  }
}

/**
 * CPU time (ms) of each PostgreSQL process now serving the database `name`, by pid; null when the server is not on
 * this machine (its processes are not in /proc).
 */
async function backendCpuMs(url: string, name: string): Promise<Map<number, number> | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    const byPid = new Map<number, number>();
    for (const { pid } of rows) {
      const ms = cpuTimeMs(pid);
      if (ms !== null) byPid.set(pid, ms);
    }
    return rows.length > 0 && byPid.size === 0 ? null : byPid;
  } finally {
    await client.end();
  }
}

/** CPU the database's processes used between two readings; a process that started in between counts whole. */
function databaseCpuUsed(
  before: Map<number, number> | null,
  after: Map<number, number> | null,
): number | null {
  if (!before || !after) return null;
  let used = 0;
  for (const [pid, ms] of after) used += ms - (before.get(pid) ?? 0);
  return used;
}

function rowOf(
  build: string,
  s: Scenario,
  r: Result,
  statements: number | null,
  cpuMs: number | null,
  dbCpuMs: number | null,
): Row {
  const perCycle = s.perCycle ?? 1;
  const perRequest = (ms: number | null) =>
    ms === null || r.requests.total === 0 ? null : (ms * perCycle) / r.requests.total;
  const cpu = perRequest(cpuMs);
  const dbCpu = perRequest(dbCpuMs);
  const failed = r.errors + r.timeouts + r.non2xx + s.failures.n;
  if (s.timed && s.timed.length > 0) {
    return {
      build,
      cpuMs: cpu,
      dbCpuMs: dbCpu,
      route: s.route,
      rps: r.requests.total / perCycle / DURATION_S,
      p50: Math.round(percentile(s.timed, 50)),
      p99: Math.round(percentile(s.timed, 99)),
      failed,
      statements,
    };
  }
  return {
    build,
    cpuMs: cpu,
    dbCpuMs: dbCpu,
    route: s.route,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    failed,
    statements,
  };
}

async function measureKind(kind: Kind) {
  const counted: string[] = [];
  const bench = await createBenchDatabase(kind, (sql) => counted.push(sql));
  let server: Child | undefined;
  let bare: Child | undefined;
  try {
    const setup = await bench.open();
    await setup.migrate((db) => seed(db, { demo: true, scryptLogN: 12 }));
    const addIds = await addBenchProducts(setup, CUSTOMERS * LINES_PER_CART);
    const orderIds = await addBenchProducts(setup, CUSTOMERS);
    const shelf = await activeShelf(setup);
    await setup.close();
    const statements = await countStatements(bench.open, counted);

    bare = await startProcess('node', [bareJs], { readyPattern: /listening on (\d+)/ });
    await autocannon({ url: `http://127.0.0.1:${bare.port}`, connections: CONNECTIONS, duration: 2 });
    const bareBefore = await autocannon({
      url: `http://127.0.0.1:${bare.port}`,
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    const rows: Row[] = [];
    for (const build of builds) {
      const profile = CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : [];
      server = await startProcess('node', [...serverNodeFlags, ...profile, build.serverJs], {
        env: { ...serverEnv(), ...bench.env, HOST: '127.0.0.1', PORT: '0' },
        readyPattern: /Store:\s+http:\/\/localhost:(\d+)\//,
      });
      const call = httpCaller(`http://127.0.0.1:${server.port}`);
      const { token: demo, addressID: demoAddress } = await prepareDemo(call, shelf);
      const adders: Customer[] = [];
      const buyers: Customer[] = [];
      for (let i = 0; i < ADDERS; i += 10) {
        const batch = Array.from({ length: Math.min(10, ADDERS - i) }, (_, j) => i + j);
        adders.push(
          ...(await Promise.all(
            batch.map((k) => {
              const first = (k % CUSTOMERS) * LINES_PER_CART;
              return registerCustomer(call, addIds.slice(first, first + LINES_PER_CART));
            }),
          )),
        );
        if (i < CUSTOMERS) {
          buyers.push(...(await Promise.all(batch.map((k) => registerCustomer(call, [orderIds[k] ?? 0])))));
        }
      }

      const auth = { authorization: `Bearer ${demo}` };
      const json = { 'content-type': 'application/json' };
      const scenarios: Scenario[] = [
        {
          route: 'GET /api/v1/health',
          requests: [{ method: 'GET', path: '/api/v1/health' }],
          failures: { n: 0 },
        },
        {
          route: 'GET /api/v1/customer/me',
          requests: [{ method: 'GET', path: '/api/v1/customer/me', headers: auth }],
          failures: { n: 0 },
        },
        {
          route: `GET /api/v1/product/list (24; ${CATALOG_CACHE_MS === '0' ? 'no cache' : `${CATALOG_CACHE_MS} ms cache`})`,
          requests: [{ method: 'GET', path: '/api/v1/product/list?pageSize=24' }],
          failures: { n: 0 },
        },
        {
          route: 'GET /api/v1/cart/list (8 lines)',
          requests: [{ method: 'GET', path: '/api/v1/cart/list', headers: auth }],
          failures: { n: 0 },
        },
        {
          route: 'GET /api/v1/delivery/windows (Sydney, 7 days)',
          requests: [
            { method: 'GET', path: `/api/v1/delivery/windows?addressID=${demoAddress}`, headers: auth },
          ],
          failures: { n: 0 },
        },
      ];
      for (const s of scenarios) {
        s.requests = s.requests.map((r) => ({
          ...r,
          onResponse: (_status, body) => void (isSuccess(body) || (s.failures.n += 1)),
        }));
      }
      const adderPool = customerPool(adders);
      const addScenario: Scenario = {
        route: 'POST /api/v1/cart/add',
        failures: { n: 0 },
        requests: [
          {
            method: 'POST',
            path: '/api/v1/cart/add',
            setupRequest: (req, context) => {
              const c = adderPool.take();
              context.customer = c;
              c.adds += 1;
              const productID = c.productIds[c.adds % c.productIds.length];
              return {
                ...req,
                headers: { ...json, authorization: `Bearer ${c.token}` },
                body: JSON.stringify({ productID, quantity: 1 }),
              };
            },
            onResponse: (_status, body, context) => {
              if (!isSuccess(body)) addScenario.failures.n += 1;
              adderPool.give(context.customer as Customer | undefined);
            },
          },
        ],
      };
      const buyerPool = customerPool(buyers);
      const timed: number[] = [];
      const orderScenario: Scenario = {
        route: 'POST /api/v1/order/create (1 line)',
        perCycle: 2,
        timed,
        failures: { n: 0 },
        requests: [
          {
            method: 'POST',
            path: '/api/v1/cart/add',
            setupRequest: (req, context) => {
              const c = buyerPool.take();
              context.customer = c;
              return {
                ...req,
                headers: { ...json, authorization: `Bearer ${c.token}` },
                body: JSON.stringify({ productID: c.productIds[0], quantity: 1 }),
              };
            },
            onResponse: (_status, body) => {
              if (!isSuccess(body)) orderScenario.failures.n += 1;
            },
          },
          {
            method: 'POST',
            path: '/api/v1/order/create',
            setupRequest: (req, context) => {
              const c = context.customer as Customer;
              context.sentAt = performance.now();
              return {
                ...req,
                headers: { ...json, authorization: `Bearer ${c.token}`, 'idempotency-key': randomUUID() },
                body: JSON.stringify(orderBody(c)),
              };
            },
            onResponse: (_status, body, context) => {
              timed.push(performance.now() - (context.sentAt as number));
              if (!isSuccess(body)) orderScenario.failures.n += 1;
              buyerPool.give(context.customer as Customer | undefined);
            },
          },
        ],
      };

      // Warm the server's JIT and pool.
      await autocannon({
        url: `http://127.0.0.1:${server.port}/api/v1/health`,
        connections: CONNECTIONS,
        duration: 2,
      });
      const statementsOf = (route: string) => {
        const key = [...statements.keys()].find((k) => route.includes(` /api/v1/${k}`));
        return key === undefined ? null : (statements.get(key) ?? null);
      };
      const chosen = [...scenarios, addScenario, orderScenario].filter(
        (s) => ROUTE_FILTER.length === 0 || ROUTE_FILTER.some((part) => s.route.includes(part)),
      );
      for (const s of chosen) {
        await waitForOutbox(bench.pendingMails);
        await settle(server.pid);
        const dbBefore = await bench.databaseCpu();
        const cpuBefore = cpuTimeMs(server.pid);
        const perf = PERF_DIR ? recordMachine(PERF_DIR, `${kind}-${build.label}-${s.route}`) : undefined;
        const result = await load(server.port, s);
        await perf?.stop();
        const cpuAfter = cpuTimeMs(server.pid);
        const dbUsed = databaseCpuUsed(dbBefore, await bench.databaseCpu());
        const cpuUsed = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
        const row = rowOf(
          build.label,
          s,
          result,
          build.label === 'after' ? statementsOf(s.route) : null,
          cpuUsed,
          dbUsed,
        );
        rows.push(row);
        console.log(
          `${kind} ${build.label} ${row.route}: ${Math.round(row.rps)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.cpuMs?.toFixed(2) ?? '–'} CPU ms/req, ${row.failed} failed`,
        );
      }
      await server.stop();
      server = undefined;
    }
    const bareAfter = await autocannon({
      url: `http://127.0.0.1:${bare.port}`,
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    const bareRow: Row = {
      build: '',
      cpuMs: null,
      dbCpuMs: null,
      route: 'bare Fastify hello (own process)',
      rps: (bareBefore.requests.average + bareAfter.requests.average) / 2,
      p50: Math.max(bareBefore.latency.p50, bareAfter.latency.p50),
      p99: Math.max(bareBefore.latency.p99, bareAfter.latency.p99),
      failed: bareBefore.errors + bareAfter.errors + bareBefore.non2xx + bareAfter.non2xx,
      statements: null,
    };
    return { bare: bareRow, rows, bareSpread: [bareBefore.requests.average, bareAfter.requests.average] };
  } finally {
    await server?.stop();
    await bare?.stop();
    await bench.drop();
  }
}

if (!existsSync(serverJs)) throw new Error('Build the API first: npm run build -w apps/api');
/**
 * BENCH_BEFORE_SERVER: another build of the API (an earlier commit's) measured in the same run, on the same data.
 * The build measured second finds the orders the first placed; BENCH_AFTER_FIRST=1 measures this one first, so a
 * pair of runs, one each way, shows what the order costs.
 */
const builds = [
  ...(process.env.BENCH_BEFORE_SERVER
    ? [{ label: 'before', serverJs: process.env.BENCH_BEFORE_SERVER }]
    : []),
  { label: 'after', serverJs },
];
if (process.env.BENCH_AFTER_FIRST === '1') builds.reverse();

const kinds: Kind[] = (['pglite', 'postgres'] as const).filter(
  (k) =>
    (k === 'pglite' || process.env.DATABASE_URL) && (!process.env.BENCH_ONLY || process.env.BENCH_ONLY === k),
);
const lines: string[] = [];
const notes: string[] = [];
for (const kind of kinds) {
  const { bare, rows, bareSpread } = await measureKind(kind);
  const fmt = (r: Row) => {
    const tail = r.p99 <= 10 * Math.max(1, r.p50) ? 'yes' : '**no**';
    return `| ${kind} | ${r.build} | ${r.route} | ${Math.round(r.rps)} | ${(r.rps / bare.rps).toFixed(3)} | ${r.p50} ms | ${r.p99} ms | ${tail} | ${r.cpuMs === null ? '–' : r.cpuMs.toFixed(2)} | ${r.dbCpuMs === null ? '–' : r.dbCpuMs.toFixed(2)} | ${r.statements ?? '–'} | ${r.failed} |`;
  };
  lines.push(fmt(bare), ...rows.map(fmt));
  notes.push(
    `${kind}: bare hello ${bareSpread.map((n) => Math.round(n)).join(' before, ')} after the routes (req/s); its mean is 1.000.`,
  );
}

await writeSection(
  'API throughput',
  [
    `autocannon, ${CONNECTIONS} connections for ${DURATION_S} s per route over loopback, against the built API`,
    "(`apps/api/dist/server.js`, default logging) in its own process on a fresh database of the bench's own (demo",
    'data plus bench products and customers; limits raised, the per-minute limiter still counting: on PostgreSQL in',
    'Redis when `REDIS_URL` is set, on the embedded database in the process, as `npm start` runs it), and a bare',
    "Fastify `{hello:'world'}` route in another process, measured before and after",
    'the routes in the same run. Ratios are what to compare between runs; absolute numbers depend on the machine',
    `(this run: ${os.cpus().length} CPUs shared by the server, autocannon, the database and other work at load`,
    `~${Math.round(os.loadavg()[0] ?? 0)}). \`customer/me\` and \`cart/list\` are the demo customer (eight lines and a coupon);`,
    '`cart/add` gives each request a customer of its own (300 taking turns, each rotating over eight products);',
    '`order/create` is a cart/add then an order of that line with a fresh `Idempotency-Key`, per customer, delivered',
    'to Perth (courier: no delivery window to book): req/s',
    'counts orders, p50/p99 are the order request alone. Before each route the outbox sends every mail written so',
    'far (on PostgreSQL the bench waits for it, up to a minute: the verification mails of the customers the setup',
    'registered, work that belongs to no route; sent during `/health` they had cost it a fifth of its rate) and the',
    'server is left to settle (until it uses under 4% of a core). Statements: SQL statements one request sends (counted',
    'in-process; on PostgreSQL a transaction\'s BEGIN and COMMIT count, PGlite runs them itself). "Failed" counts',
    'transport errors, non-2xx and answers with a code other than 0. Build: `after` is this tree; `before`, when',
    "`BENCH_BEFORE_SERVER` names another build of the API (an earlier commit's, e.g. `git archive HEAD` built with",
    'esbuild), is measured in the same run on the same database, just before it (after it with',
    "`BENCH_AFTER_FIRST=1`: the build measured second finds the first one's orders and unsent mails, so compare pairs",
    'run both ways). The server runs with the flags `npm start` gives it (`apps/api/node-flags.mjs`). Server CPU ms/req: the API',
    "process's user + system time over the route's run divided by its requests (for order/create, by its orders,",
    "including their cart/add), the steadiest figure on a shared machine; PGlite's database work is inside it.",
    "Database CPU ms/req: the same for PostgreSQL's processes serving the bench's database (read from /proc, so",
    'only when the server runs on this machine). Server and database CPU together are what a request costs the',
    "machine's cores: their sum against the cores' time per second bounds the req/s any code here can reach.",
    '`product/list` is answered from the shop grid\'s cache (`CATALOG_CACHE_MS`, apps/api/README.md "The hot path"),',
    'as shoppers asking for the same page are; `BENCH_CATALOG_CACHE_MS=0` measures every listing read from the database.',
    'To see where a route spends its time: `BENCH_ROUTES=cart/list BENCH_CPU_PROF=/tmp/prof npx tsx bench/api-bench.ts`',
    '(the server runs under `node --cpu-prof`), then `node bench/profile-top.mjs /tmp/prof/<file>.cpuprofile 40 5`',
    '(self time by package and function, the first 5 s of start-up left out).',
    '',
    '| database | build | route | req/s | ÷ bare hello | p50 | p99 | p99 ≤ 10 × p50 | server CPU ms/req | database CPU ms/req | statements | failed |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...lines,
    '',
    ...notes.map((n) => `- ${n}`),
    '',
    `_Last run: ${new Date().toISOString().slice(0, 10)}, \`npm run bench\` (this part: \`npx tsx bench/api-bench.ts\`)._`,
  ].join('\n'),
);
console.log(lines.join('\n'));

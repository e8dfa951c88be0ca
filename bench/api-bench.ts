// Throughput of the API's routes under 100 connections, the shopper's real mix among them (metro checkouts booking a
// delivery window, with and without store credit), against a bare Fastify hello in its own process and, on
// PostgreSQL, against the same checkout's writes as one plain transaction in a process of its own
// (lib/plain-checkout.ts), all in the same run; and the SQL statements each route sends. Needs the built API
// (`npm run build -w apps/api`, or BENCH_SERVER naming another build).
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
import type { DeliveryWindows } from '@storefront/contract/delivery';
import { and, eq, gt } from 'drizzle-orm';
import { serverNodeFlags } from '../apps/api/node-flags.mjs';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { openPglite, openPostgres, type Database, type OnStatement } from '../apps/api/src/db/client.js';
import {
  deliveryWindows,
  deliveryWindowTemplates,
  products,
  shippingZones,
  vouchers,
} from '../apps/api/src/db/schema/index.js';
import { DEMO_LOGIN } from '../apps/api/src/db/seed/demo.js';
import { seed } from '../apps/api/src/db/seed/index.js';
import { adminQuery, uniqueName, withDatabase } from '../apps/api/test/databases.js';
import { percentile, writeSection } from './lib/report.js';
import { startProcess, type Child } from './lib/processes.js';
import {
  bookableIds,
  openWindowsOf,
  pickOne,
  quantityForMinimum,
  type OpenWindow,
} from './lib/shopper-mix.js';

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
/** Places in every delivery window of the bench's database: the run's orders never fill one (the demo's hold 6-8). */
const BENCH_WINDOW_CAPACITY = 1_000_000;
/** The gift voucher each store-credit customer redeems: enough to pay all its orders of a run ($1,500 a second). */
const VOUCHER_CENTS = 150_000 * DURATION_S;
/** A window is booked only if its cut-off is at least this far off, so none closes during a route's run. */
const WINDOW_MARGIN_MS = 10 * 60_000;
const root = fileURLToPath(new URL('..', import.meta.url));
/** BENCH_SERVER: the built API to measure; by default the one `npm run build -w apps/api` writes. */
const serverJs = process.env.BENCH_SERVER ?? path.join(root, 'apps/api/dist/server.js');
const bareJs = fileURLToPath(new URL('./lib/bare-hello.mjs', import.meta.url));
const plainCheckoutTs = fileURLToPath(new URL('./lib/plain-checkout.ts', import.meta.url));

type Kind = 'pglite' | 'postgres';
type Customer = {
  token: string;
  addressID: number;
  productIds: number[];
  adds: number;
  /** How many of its product a checkout cycle adds: enough for the zone's minimum order. */
  quantity: number;
  /** It redeemed a gift voucher and pays with its store credit. */
  useCredit: boolean;
};
/** The two metro checkouts, each measured through the API and as the plain transaction. */
type Mix = 'no credit' | 'half with credit';
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
  /** A checkout: the plain transaction of the same mix it is compared with. */
  comparedWith?: Mix;
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
      markPlainMailsSent: () => markPlainMailsSent(benchUrl),
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
    // The plain transaction runs on PostgreSQL only.
    markPlainMailsSent: () => Promise.resolve(),
    drop: () => rm(dir, { recursive: true, force: true }),
  };
}

async function addBenchProducts(
  database: Database,
  n: number,
): Promise<{ id: number; priceCents: number }[]> {
  const stamp = Date.now();
  return database.db
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
    .returning({ id: products.id, priceCents: products.priceCents });
}

/**
 * The metro shop as the bench runs it: window templates (and any windows made) with room for every order of the
 * run, set before a listing makes the week's windows from them; the zone's minimum order, which each metro cart
 * reaches; and `count` gift vouchers for the customers who pay with store credit.
 */
async function prepareMetro(
  database: Database,
  count: number,
): Promise<{ minimumCents: number; voucherCodes: string[] }> {
  await database.db.update(deliveryWindowTemplates).set({ capacity: BENCH_WINDOW_CAPACITY });
  await database.db.update(deliveryWindows).set({ capacity: BENCH_WINDOW_CAPACITY });
  const [metro] = await database.db
    .select({ minimumCents: shippingZones.minimumOrderCents })
    .from(shippingZones)
    .where(eq(shippingZones.zone, 'metro'));
  const stamp = Date.now();
  const voucherCodes = Array.from({ length: count }, (_, i) => `BENCH-${stamp}-${i}`);
  await database.db.insert(vouchers).values(
    voucherCodes.map((code) => ({
      code,
      amountCents: VOUCHER_CENTS,
      expiresAt: new Date(stamp + 365 * 86_400_000),
    })),
  );
  return { minimumCents: metro?.minimumCents ?? 0, voucherCodes };
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

/** Metro: delivered by the store's vans in a window booked at checkout. */
const sydney = { ...perth, line1: '1 George St', suburb: 'Sydney', state: 'NSW', postcode: '2000' };

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

/** A customer to register: what it buys, where to, and the gift voucher it redeems (then it pays with credit). */
type Shopper = {
  productIds: number[];
  address?: typeof perth;
  quantity?: number;
  voucher?: string;
  /** Its e-mail address's first part (`bench`): the plain transaction's customers are told apart by it. */
  mailbox?: string;
};

/** Registers as a shopper does, adds its address, and redeems its voucher (`customer/apply-voucher`). */
async function registerCustomer(call: Call, s: Shopper): Promise<Customer> {
  const email = `${s.mailbox ?? 'bench'}.${randomUUID()}@example.com`;
  const { token } = await call('POST', '/register', {
    email,
    password: 'bench password 1',
    firstName: 'Bench',
    lastName: 'Customer',
  });
  const { data } = await call('POST', '/address/add', s.address ?? perth, token);
  if (s.voucher) await call('POST', '/customer/apply-voucher', { code: s.voucher }, token);
  return {
    token,
    addressID: (data as { addressID: number }).addressID,
    productIds: s.productIds,
    adds: 0,
    quantity: s.quantity ?? 1,
    useCredit: s.voucher !== undefined,
  };
}

/** Ten at a time. */
async function registerAll(call: Call, shoppers: Shopper[]): Promise<Customer[]> {
  const customers: Customer[] = [];
  for (let i = 0; i < shoppers.length; i += 10) {
    customers.push(...(await Promise.all(shoppers.slice(i, i + 10).map((s) => registerCustomer(call, s)))));
  }
  return customers;
}

/**
 * Metro customers, one product each (bought by no one else, so checkouts queue only where shoppers' do: on the
 * windows they share), as many of it as the minimum order takes; with `credit`, every other one redeems a voucher.
 */
function metroShoppers(
  shelf: { id: number; priceCents: number }[],
  minimumCents: number,
  options: { credit?: () => string; mailbox?: string } = {},
): Shopper[] {
  return shelf.map((p, i) => ({
    productIds: [p.id],
    address: sydney,
    quantity: quantityForMinimum(p.priceCents, minimumCents),
    ...(options.credit && i % 2 === 0 ? { voucher: options.credit() } : {}),
    ...(options.mailbox ? { mailbox: options.mailbox } : {}),
  }));
}

/** The open windows listed for a metro customer's address (`GET delivery/windows`). */
async function listOpenWindows(call: Call, c: Customer): Promise<OpenWindow[]> {
  const { data } = await call('GET', `/delivery/windows?addressID=${c.addressID}`, undefined, c.token);
  return openWindowsOf(data as DeliveryWindows);
}

async function activeShelf(database: Database): Promise<number[]> {
  const rows = await database.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.isActive, true), gt(products.stock, 10)))
    .orderBy(products.id);
  return rows.map((r) => r.id);
}

/** Statement counts by scenario (`Scenario.statements`). */
type Counts = Map<string, number>;

/**
 * In-process, on the bench's database before any server starts: the statements one request of each route sends
 * (counted as the database client sends them), and on PostgreSQL the plain transaction's customers, registered
 * through the app as the API's own are, with the week's open windows they book.
 */
async function prepareInProcess(
  open: () => Promise<Database>,
  counted: string[],
  metro: {
    minimumCents: number;
    takeVoucher: () => string;
    plainShelf: { id: number; priceCents: number }[];
  },
): Promise<{ counts: Counts; plain: Record<Mix, Customer[]>; plainWindows: OpenWindow[] }> {
  const database = await open();
  const app = await buildApp({ config: benchConfig(), database }).catch(async (err: unknown) => {
    await database.close();
    throw err;
  });
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
    const [product, ...metroShelf] = await addBenchProducts(database, 3);
    const customer = await registerCustomer(call, { productIds: [product?.id ?? 0] });
    // The first of metroShoppers' pair redeems a voucher, the second does not.
    const [creditBuyer, metroBuyer] = await registerAll(
      call,
      metroShoppers(metroShelf, metro.minimumCents, { credit: metro.takeVoucher }),
    );
    if (!metroBuyer || !creditBuyer?.useCredit) throw new Error('metro customers were not registered');
    const windows = await listOpenWindows(call, metroBuyer);
    const counts: Counts = new Map();
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
    await measure('cart/add', () => call('POST', '/cart/add', addBody(customer), customer.token));
    await measure('order/create courier', () =>
      call('POST', '/order/create', courierOrderBody(customer), customer.token),
    );
    const ids = bookableIds(windows, Date.now(), WINDOW_MARGIN_MS);
    for (const [key, buyer] of [
      ['order/create metro', metroBuyer],
      ['order/create metro credit', creditBuyer],
    ] as const) {
      await call('POST', '/cart/add', addBody(buyer), buyer.token);
      await measure(key, () => call('POST', '/order/create', metroOrderBody(buyer, ids), buyer.token));
    }
    const plain: Record<Mix, Customer[]> = { 'no credit': [], 'half with credit': [] };
    if (database.kind === 'postgres') {
      const half = Math.floor(metro.plainShelf.length / 2);
      const mailbox = PLAIN_MAILBOX;
      plain['no credit'] = await registerAll(
        call,
        metroShoppers(metro.plainShelf.slice(0, half), metro.minimumCents, { mailbox }),
      );
      plain['half with credit'] = await registerAll(
        call,
        metroShoppers(metro.plainShelf.slice(half), metro.minimumCents, {
          credit: metro.takeVoucher,
          mailbox,
        }),
      );
    }
    return { counts, plain, plainWindows: windows };
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

/** The plain transaction's customers' mails start so: the bench knows them apart from the API's. */
const PLAIN_MAILBOX = 'plain';

function addBody(c: Customer) {
  return { productID: c.productIds[c.adds % c.productIds.length], quantity: c.quantity };
}

/** Interstate: the courier takes it, no window to book. */
function courierOrderBody(c: Customer) {
  return { addressID: c.addressID, shippingService: 'standard', useCredit: false };
}

/**
 * Metro: a window among the open ones, as shoppers spread over them; `standard` is the service the API takes for a
 * zone delivered in windows (express is refused there).
 */
function metroOrderBody(c: Customer, windowIds: number[]) {
  return {
    addressID: c.addressID,
    shippingService: 'standard',
    useCredit: c.useCredit,
    deliveryWindowID: pickOne(windowIds),
  };
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
  /** Its count in `prepareInProcess`'s statements. */
  statements?: string;
  /** A checkout: the plain transaction of the same mix it is compared with. */
  comparedWith?: Mix;
  /** Run just before it is measured (the windows still open are listed again). */
  before?: () => Promise<void>;
  /** The plain transaction's statements (the most an order sent), which its answers tell. */
  answeredStatements?: number;
};

const json = { 'content-type': 'application/json' };

/**
 * A cart/add then an order of what it added, per customer, customers taking turns: req/s counts orders, p50/p99
 * time the order request alone.
 */
function checkoutScenario(
  route: string,
  customers: Customer[],
  orderBody: (c: Customer) => object,
  extra: Partial<Scenario> = {},
): Scenario {
  const pool = customerPool(customers);
  const timed: number[] = [];
  const scenario: Scenario = {
    route,
    perCycle: 2,
    timed,
    failures: { n: 0 },
    ...extra,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/cart/add',
        setupRequest: (req, context) => {
          const c = pool.take();
          context.customer = c;
          return {
            ...req,
            headers: { ...json, authorization: `Bearer ${c.token}` },
            body: JSON.stringify(addBody(c)),
          };
        },
        onResponse: (_status, body) => {
          if (!isSuccess(body)) scenario.failures.n += 1;
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
          if (!isSuccess(body)) scenario.failures.n += 1;
          else if (body?.includes('"statements":')) {
            // The most an order sent: with store credit, when the mix spends it.
            const { statements } = (JSON.parse(body) as { data: { statements: number } }).data;
            scenario.answeredStatements = Math.max(scenario.answeredStatements ?? 0, statements);
          }
          pool.give(context.customer as Customer | undefined);
        },
      },
    ],
  };
  return scenario;
}

/** The metro checkouts' windows: those open now, listed again before each run (`Scenario.before`). */
function windowChoice(list: () => Promise<OpenWindow[]>) {
  const ids: number[] = [];
  return {
    ids,
    refresh: async () => {
      ids.splice(0, ids.length, ...bookableIds(await list(), Date.now(), WINDOW_MARGIN_MS));
      if (ids.length === 0) throw new Error('no delivery window is open for the metro checkouts');
    },
  };
}

const ROUTE = {
  courier: 'POST /api/v1/order/create (courier to Perth, 1 line)',
  metro: 'POST /api/v1/order/create (metro window, no credit)',
  metroCredit: 'POST /api/v1/order/create (metro window, half with credit)',
};
const PLAIN_ROUTE: Record<Mix, string> = {
  'no credit': 'plain transaction (own process): metro order, no credit',
  'half with credit': 'plain transaction (own process): metro order, half with credit',
};

function isChosen(route: string): boolean {
  return ROUTE_FILTER.length === 0 || ROUTE_FILTER.some((part) => route.includes(part));
}

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

/** The plain transaction's order mails, marked sent (they are its writes; sending them is not). */
async function markPlainMailsSent(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `UPDATE outbox_mails SET status = 'sent', sent_at = now()
        WHERE status = 'pending' AND topic = 'order-placed' AND to_address LIKE $1`,
      [`${PLAIN_MAILBOX}.%`],
    );
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
      ...(s.comparedWith ? { comparedWith: s.comparedWith } : {}),
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

type BenchDatabase = Awaited<ReturnType<typeof createBenchDatabase>>;

/** One scenario's run against a process (the API's, or the plain transaction's), with its CPU and the database's. */
async function measureScenario(
  s: Scenario,
  target: Child,
  bench: BenchDatabase,
  labels: { kind: Kind; build: string },
  statements: number | null,
  options: { waitForMails: boolean },
): Promise<Row> {
  await s.before?.();
  if (options.waitForMails) await waitForOutbox(bench.pendingMails);
  await settle(target.pid);
  const dbBefore = await bench.databaseCpu();
  const cpuBefore = cpuTimeMs(target.pid);
  const perf = PERF_DIR ? recordMachine(PERF_DIR, `${labels.kind}-${labels.build}-${s.route}`) : undefined;
  const result = await load(target.port, s);
  await perf?.stop();
  const cpuAfter = cpuTimeMs(target.pid);
  const dbUsed = databaseCpuUsed(dbBefore, await bench.databaseCpu());
  const cpuUsed = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  const row = rowOf(labels.build, s, result, statements ?? s.answeredStatements ?? null, cpuUsed, dbUsed);
  console.log(
    `${labels.kind} ${labels.build} ${row.route}: ${Math.round(row.rps)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.cpuMs?.toFixed(2) ?? '–'} CPU ms/req, ${row.dbCpuMs?.toFixed(2) ?? '–'} database CPU ms/req, ${row.failed} failed`,
  );
  return row;
}

const MIXES: Mix[] = ['no credit', 'half with credit'];
const warmedUp = new WeakSet<Child>();

/**
 * The plain transaction's two mixes, a run each, as the API's metro checkouts run (the same cycle, connections and
 * kind of customers). Its orders' mails are then marked sent: sending them is no part of it, and the API's outbox
 * worker would otherwise spend the next routes' time on them.
 */
async function measurePlain(
  plain: Child,
  bench: BenchDatabase,
  customers: Record<Mix, Customer[]>,
  windows: OpenWindow[],
): Promise<Row[]> {
  const scenarioOf = (mix: Mix) => {
    const choice = windowChoice(() => Promise.resolve(windows));
    return checkoutScenario(PLAIN_ROUTE[mix], customers[mix], (c) => metroOrderBody(c, choice.ids), {
      before: choice.refresh,
      comparedWith: mix,
    });
  };
  if (!warmedUp.has(plain)) {
    // Its JIT warmed, as the API's is by the routes before its checkouts: a short run, not measured.
    const warm = scenarioOf('no credit');
    await warm.before?.();
    await autocannon({
      url: `http://127.0.0.1:${plain.port}`,
      connections: CONNECTIONS,
      duration: 2,
      requests: warm.requests,
    });
    await bench.markPlainMailsSent();
    warmedUp.add(plain);
  }
  const rows: Row[] = [];
  for (const mix of MIXES.filter((m) => isChosen(PLAIN_ROUTE[m]))) {
    const s = scenarioOf(mix);
    rows.push(
      await measureScenario(s, plain, bench, { kind: 'postgres', build: '' }, null, { waitForMails: false }),
    );
    await bench.markPlainMailsSent();
  }
  return rows;
}

/** A route measured more than once in the run (before and after the API): its mean rate, worst latencies. */
function combined(runs: Row[]): Row {
  const [first] = runs;
  if (!first) throw new Error('no runs');
  const mean = (pick: (r: Row) => number | null) => {
    let sum = 0;
    for (const r of runs) {
      const v = pick(r);
      if (v === null) return null;
      sum += v;
    }
    return sum / runs.length;
  };
  return {
    ...first,
    rps: mean((r) => r.rps) ?? 0,
    p50: Math.max(...runs.map((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    cpuMs: mean((r) => r.cpuMs),
    dbCpuMs: mean((r) => r.dbCpuMs),
    failed: runs.reduce((n, r) => n + r.failed, 0),
    statements: runs.find((r) => r.statements !== null)?.statements ?? null,
  };
}

async function measureKind(kind: Kind) {
  const counted: string[] = [];
  const bench = await createBenchDatabase(kind, (sql) => counted.push(sql));
  const withPlain = kind === 'postgres' && MIXES.some((m) => isChosen(PLAIN_ROUTE[m]));
  let server: Child | undefined;
  let bare: Child | undefined;
  let plain: Child | undefined;
  try {
    const setup = await bench.open();
    await setup.migrate((db) => seed(db, { demo: true, scryptLogN: 12 }));
    const addIds = (await addBenchProducts(setup, CUSTOMERS * LINES_PER_CART)).map((p) => p.id);
    const orderIds = (await addBenchProducts(setup, CUSTOMERS)).map((p) => p.id);
    const metroShelf = await addBenchProducts(setup, 2 * CUSTOMERS);
    const plainShelf = withPlain ? await addBenchProducts(setup, 2 * CUSTOMERS) : [];
    const shelf = await activeShelf(setup);
    // One for the statements' count, then every other customer of each credit pool (the API's per build, the plain's).
    const creditPerPool = Math.ceil(CUSTOMERS / 2);
    const { minimumCents, voucherCodes } = await prepareMetro(
      setup,
      1 + creditPerPool * (builds.length + (withPlain ? 1 : 0)),
    );
    await setup.close();
    const takeVoucher = () => {
      const code = voucherCodes.shift();
      if (!code) throw new Error('the bench ran out of gift vouchers');
      return code;
    };
    const inProcess = await prepareInProcess(bench.open, counted, { minimumCents, takeVoucher, plainShelf });

    bare = await startProcess('node', [bareJs], { readyPattern: /listening on (\d+)/ });
    await autocannon({ url: `http://127.0.0.1:${bare.port}`, connections: CONNECTIONS, duration: 2 });
    const bareBefore = await autocannon({
      url: `http://127.0.0.1:${bare.port}`,
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    const plainRuns: Row[][] = [];
    if (withPlain) {
      plain = await startProcess('node', [...serverNodeFlags, '--import', 'tsx', plainCheckoutTs], {
        cwd: root,
        env: { DATABASE_URL: bench.env.DATABASE_URL, PUBLIC_URL: serverEnv().PUBLIC_URL },
        readyPattern: /listening on (\d+)/,
      });
      plainRuns.push(await measurePlain(plain, bench, inProcess.plain, inProcess.plainWindows));
    }
    const rows: Row[] = [];
    for (const build of builds) {
      const profile = [
        ...(CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : []),
        // perf names the JavaScript functions it samples from the map file this writes (/tmp/perf-<pid>.map); the
        // V8 log the flag also writes goes beside perf's records, not into the working directory.
        ...(PERF_DIR
          ? ['--perf-basic-prof', '--no-logfile-per-isolate', `--logfile=${path.join(PERF_DIR, 'v8.log')}`]
          : []),
      ];
      server = await startProcess('node', [...serverNodeFlags, ...profile, build.serverJs], {
        env: { ...serverEnv(), ...bench.env, HOST: '127.0.0.1', PORT: '0' },
        readyPattern: /Store:\s+http:\/\/localhost:(\d+)\//,
      });
      const call = httpCaller(`http://127.0.0.1:${server.port}`);
      const { token: demo, addressID: demoAddress } = await prepareDemo(call, shelf);
      const addRoute = 'POST /api/v1/cart/add';
      const adders = isChosen(addRoute)
        ? await registerAll(
            call,
            Array.from({ length: ADDERS }, (_, k) => {
              const first = (k % CUSTOMERS) * LINES_PER_CART;
              return { productIds: addIds.slice(first, first + LINES_PER_CART) };
            }),
          )
        : [];
      const buyers = isChosen(ROUTE.courier)
        ? await registerAll(
            call,
            orderIds.map((id) => ({ productIds: [id] })),
          )
        : [];
      const metroBuyers = isChosen(ROUTE.metro)
        ? await registerAll(call, metroShoppers(metroShelf.slice(0, CUSTOMERS), minimumCents))
        : [];
      const creditBuyers = isChosen(ROUTE.metroCredit)
        ? await registerAll(
            call,
            metroShoppers(metroShelf.slice(CUSTOMERS), minimumCents, { credit: takeVoucher }),
          )
        : [];

      const auth = { authorization: `Bearer ${demo}` };
      const scenarios: Scenario[] = [
        {
          route: 'GET /api/v1/health',
          requests: [{ method: 'GET', path: '/api/v1/health' }],
          failures: { n: 0 },
          statements: 'health',
        },
        {
          route: 'GET /api/v1/customer/me',
          requests: [{ method: 'GET', path: '/api/v1/customer/me', headers: auth }],
          failures: { n: 0 },
          statements: 'customer/me',
        },
        {
          route: `GET /api/v1/product/list (24; ${CATALOG_CACHE_MS === '0' ? 'no cache' : `${CATALOG_CACHE_MS} ms cache`})`,
          requests: [{ method: 'GET', path: '/api/v1/product/list?pageSize=24' }],
          failures: { n: 0 },
          statements: 'product/list',
        },
        {
          route: 'GET /api/v1/cart/list (8 lines)',
          requests: [{ method: 'GET', path: '/api/v1/cart/list', headers: auth }],
          failures: { n: 0 },
          statements: 'cart/list',
        },
        {
          route: 'GET /api/v1/delivery/windows (Sydney, 7 days)',
          requests: [
            { method: 'GET', path: `/api/v1/delivery/windows?addressID=${demoAddress}`, headers: auth },
          ],
          failures: { n: 0 },
          statements: 'delivery/windows',
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
        route: addRoute,
        failures: { n: 0 },
        statements: 'cart/add',
        requests: [
          {
            method: 'POST',
            path: '/api/v1/cart/add',
            setupRequest: (req, context) => {
              const c = adderPool.take();
              context.customer = c;
              c.adds += 1;
              return {
                ...req,
                headers: { ...json, authorization: `Bearer ${c.token}` },
                body: JSON.stringify(addBody(c)),
              };
            },
            onResponse: (_status, body, context) => {
              if (!isSuccess(body)) addScenario.failures.n += 1;
              adderPool.give(context.customer as Customer | undefined);
            },
          },
        ],
      };
      const metroCheckout = (route: string, customers: Customer[], mix: Mix, statements: string) => {
        const [first] = customers;
        const choice = windowChoice(() => {
          if (!first) throw new Error(`${route}: no customers`);
          return listOpenWindows(call, first);
        });
        return checkoutScenario(route, customers, (c) => metroOrderBody(c, choice.ids), {
          statements,
          comparedWith: mix,
          before: choice.refresh,
        });
      };
      const checkouts = [
        // Compared with the metro plain transaction, which books a window besides.
        checkoutScenario(ROUTE.courier, buyers, courierOrderBody, {
          statements: 'order/create courier',
          comparedWith: 'no credit',
        }),
        metroCheckout(ROUTE.metro, metroBuyers, 'no credit', 'order/create metro'),
        metroCheckout(ROUTE.metroCredit, creditBuyers, 'half with credit', 'order/create metro credit'),
      ];

      // Warm the server's JIT and pool.
      await autocannon({
        url: `http://127.0.0.1:${server.port}/api/v1/health`,
        connections: CONNECTIONS,
        duration: 2,
      });
      for (const s of [...scenarios, addScenario, ...checkouts].filter((c) => isChosen(c.route))) {
        const statements =
          build.label === 'after' && s.statements ? (inProcess.counts.get(s.statements) ?? null) : null;
        rows.push(
          await measureScenario(s, server, bench, { kind, build: build.label }, statements, {
            waitForMails: true,
          }),
        );
      }
      await server.stop();
      server = undefined;
    }
    if (plain) plainRuns.push(await measurePlain(plain, bench, inProcess.plain, inProcess.plainWindows));
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
    const plainRows = (plainRuns[0] ?? []).map((row) =>
      combined(plainRuns.map((runs) => runs.find((r) => r.route === row.route) ?? row)),
    );
    const plainSpread = (plainRuns[0] ?? []).map(
      (row) =>
        `${row.route}: ${plainRuns.map((runs) => Math.round(runs.find((r) => r.route === row.route)?.rps ?? 0)).join(' before, ')} after the API (orders/s); its mean is the row's`,
    );
    return {
      bare: bareRow,
      plain: plainRows,
      rows,
      bareSpread: [bareBefore.requests.average, bareAfter.requests.average],
      plainSpread,
    };
  } finally {
    await server?.stop();
    await plain?.stop();
    await bare?.stop();
    // A failure to drop (a connection still closing) must not hide why the run stopped.
    await bench.drop().catch((err: unknown) => console.error('the bench database was not dropped:', err));
  }
}

if (!existsSync(serverJs)) throw new Error(`Build the API first (npm run build -w apps/api): no ${serverJs}`);
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
  const { bare, plain, rows, bareSpread, plainSpread } = await measureKind(kind);
  const plainRps = new Map(plain.map((r) => [r.comparedWith, r.rps]));
  const vsPlain = (r: Row) => {
    if (plain.includes(r)) return '1.000';
    const base = r.comparedWith && plainRps.get(r.comparedWith);
    return base ? (r.rps / base).toFixed(3) : '–';
  };
  const fmt = (r: Row) => {
    const tail = r.p99 <= 10 * Math.max(1, r.p50) ? 'yes' : '**no**';
    return `| ${kind} | ${r.build} | ${r.route} | ${Math.round(r.rps)} | ${(r.rps / bare.rps).toFixed(3)} | ${vsPlain(r)} | ${r.p50} ms | ${r.p99} ms | ${tail} | ${r.cpuMs === null ? '–' : r.cpuMs.toFixed(2)} | ${r.dbCpuMs === null ? '–' : r.dbCpuMs.toFixed(2)} | ${r.statements ?? '–'} | ${r.failed} |`;
  };
  lines.push(fmt(bare), ...plain.map(fmt), ...rows.map(fmt));
  notes.push(
    `${kind}: bare hello ${bareSpread.map((n) => Math.round(n)).join(' before, ')} after the routes (req/s); its mean is 1.000.`,
    ...plainSpread.map((s) => `${kind}: ${s}.`),
  );
}

await writeSection(
  'API throughput',
  [
    `autocannon, ${CONNECTIONS} connections for ${DURATION_S} s per route over loopback, against the built API`,
    '(`apps/api/dist/server.js`, or `BENCH_SERVER`; default logging, the flags `npm start` gives it,',
    "`apps/api/node-flags.mjs`) in its own process on a fresh database of the bench's own (demo data plus bench",
    'products and customers; limits raised, the per-minute limiter still counting: on PostgreSQL in Redis when',
    '`REDIS_URL` is set, on the embedded database in the process, as `npm start` runs it). Absolute numbers depend on',
    `the machine (this run: ${os.cpus().length} CPUs shared by the server, autocannon, the database and other work at load`,
    `~${Math.round(os.loadavg()[0] ?? 0)}); the ratios, measured in the same run, are what to compare:`,
    '',
    "- ÷ bare hello: against a bare Fastify `{hello:'world'}` in its own process, measured before and after the routes.",
    '- ÷ baseline (PostgreSQL): a checkout against the plain transaction of the same mix (the courier order against',
    '  the one without credit, which books a window besides), `bench/lib/plain-checkout.ts`:',
    '  a bare Fastify app in its own process doing the checkout cycle as plain node-postgres on a pool of 10, the order',
    '  one transaction sent a statement at a time (session by token hash, the Idempotency-Key with its answer, the',
    "  cart's products locked, stock taken, the window's place, the order, its lines, its status row, its mail, the",
    "  credit spent, the cart's lines deleted: the rows the API's checkout writes); its own customers, registered",
    "  through the app as the API's are; measured before and after the API, the mean. PGlite runs in the API's one",
    '  process: no baseline there.',
    '',
    'What each route does:',
    '',
    '- `customer/me`, `cart/list`: the demo customer (eight lines and a coupon); `delivery/windows`: its Sydney',
    "  address, the week's windows; `product/list`: answered from the shop grid's cache (`CATALOG_CACHE_MS`,",
    '  `BENCH_CATALOG_CACHE_MS=0` reads every listing from the database).',
    '- `cart/add`: each request a customer of its own (300 taking turns, each rotating over eight products).',
    `- \`order/create\`: a cycle of a cart/add then an order of that line with a fresh \`Idempotency-Key\`, ${CUSTOMERS}`,
    '  customers taking turns, each buying a product of its own: req/s counts orders, p50/p99 time the order',
    '  request alone, CPU is per order with its add. Courier to Perth: no window to book. Metro window: a Sydney',
    "  address, as many of the product as the zone's minimum order takes (`shipping_zones.minimum_order_cents`), a",
    '  window picked at random among the open ones `delivery/windows` lists (cut-off at least 10 minutes off),',
    '  `shippingService: standard` (express is refused where windows are booked). Half with credit: every other',
    '  customer redeemed a gift voucher at set-up (`customer/apply-voucher`; vouchers written into the database,',
    `  $${(VOUCHER_CENTS / 100).toLocaleString('en-AU')} each, enough to pay all its orders, which are then paid at once) and orders with \`useCredit: true\`,`,
    '  the others `false`. The windows (about fifty in a week) are shared by every customer, as shoppers share them;',
    `  their templates and windows hold ${BENCH_WINDOW_CAPACITY.toLocaleString('en-AU')} orders in the bench's database (the demo's hold 6-8) so no run fills them.`,
    '',
    'Before each route of the API the outbox sends every mail written so far (on PostgreSQL the bench waits for it, up',
    "to a minute) and the server is left to settle (until it uses under 4% of a core); the plain transaction's order",
    'mails are marked sent instead. Statements: SQL statements one request sends (counted in-process; on PostgreSQL a',
    'transaction\'s BEGIN and COMMIT count, PGlite runs them itself; the baseline counts its own). "Failed" counts',
    'transport errors, non-2xx and answers with a code other than 0. Build: `after` is this tree; `before`, when',
    "`BENCH_BEFORE_SERVER` names another build of the API (an earlier commit's, e.g. `git archive HEAD` built with",
    'esbuild), is measured in the same run on the same database, just before it (after it with',
    "`BENCH_AFTER_FIRST=1`: the build measured second finds the first one's orders and unsent mails, so compare pairs",
    "run both ways). Server CPU ms/req: the measured process's user + system time over the route's run divided by its",
    "requests (orders, for a checkout), the steadiest figure on a shared machine; PGlite's database work is inside it.",
    "Database CPU ms/req: the same for PostgreSQL's processes serving the bench's database (read from /proc, so only",
    "when the server runs on this machine). Their sum against the cores' time per second bounds the req/s any code",
    'here can reach. To see where a route spends its time:',
    '`BENCH_ROUTES=cart/list BENCH_CPU_PROF=/tmp/prof npx tsx bench/api-bench.ts` (the server runs under',
    '`node --cpu-prof`), then `node bench/profile-top.mjs /tmp/prof/<file>.cpuprofile 40 5` (self time by package and',
    'function, the first 5 s of start-up left out; a fourth number stops at that second, for one route of several).',
    'Under a loaded machine the profile books to `writev` the time the API waits for a core after waking the database.',
    '',
    '| database | build | route | req/s | ÷ bare hello | ÷ baseline | p50 | p99 | p99 ≤ 10 × p50 | server CPU ms/req | database CPU ms/req | statements | failed |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...lines,
    '',
    ...notes.map((n) => `- ${n}`),
    '',
    `_Last run: ${new Date().toISOString().slice(0, 10)}, \`npm run bench\` (this part: \`npx tsx bench/api-bench.ts\`)._`,
  ].join('\n'),
);
console.log(lines.join('\n'));

// Throughput of the main shopping routes under concurrent load, against the same server's health route.
// Run: npx tsx bench/api-bench.ts   (add DATABASE_URL=postgres://... to measure PostgreSQL too)
import os from 'node:os';
import autocannon, { type Request, type Result } from 'autocannon';
import { and, eq, gt, inArray, sum } from 'drizzle-orm';
import { cartLines, products } from '../apps/api/src/db/schema/index.js';
import { DEMO_LOGIN } from '../apps/api/src/db/seed/demo.js';
import { startBenchServer, type BenchServer } from './lib/bench-server.js';
import { writeSection } from './lib/report.js';

const DURATION_S = 5;
const CONNECTIONS = 10;
/** One line per product and at most 99 per line: 100 products leave room for 9,900 adds. */
const ADD_PRODUCTS = 100;

type Scenario = { name: string; requests: Request[] };
type Measured = { name: string; result: Result };

async function post<T>(
  base: string,
  path: string,
  body: object,
  token?: string,
): Promise<{ data: T; token: string }> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: T };
  if (json.code !== 0) throw new Error(`${path} answered ${JSON.stringify(json)}`);
  return { data: json.data, token: res.headers.get('authorization') ?? token ?? '' };
}

/** The demo customer with a cart of eight products and a coupon; a fresh customer for the add scenario. */
async function prepare(server: BenchServer, base: string) {
  const { token } = await post(base, '/login', DEMO_LOGIN);
  const shelf = await server.database.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.isActive, true), gt(products.stock, 10)));
  const items = shelf.slice(0, 8).map((p) => ({ productID: p.id, quantity: 1 }));
  await post(base, '/cart/add/batch', { items }, token);
  await post(base, '/cart/apply-discount', { code: 'FREESHIP' }, token);

  const email = `bench.${Date.now()}@example.com`;
  const adder = await post(base, '/register', {
    email,
    password: 'bench password 1',
    firstName: 'B',
    lastName: 'C',
  });
  const fresh = await server.database.db
    .insert(products)
    .values(
      Array.from({ length: ADD_PRODUCTS }, (_, i) => ({
        sku: `BENCH-${Date.now()}-${i}`,
        name: `Bench product ${i}`,
        description: 'Made by the benchmark.',
        imageUrl: '/products/bench.svg',
        priceCents: 100 + i,
        stock: 1_000_000,
        weightGrams: 250,
        category: 'pantry',
      })),
    )
    .returning({ id: products.id });
  return { token, adderToken: adder.token, addIds: fresh.map((p) => p.id) };
}

async function run(base: string, scenario: Scenario): Promise<Measured> {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: scenario.requests,
  });
  return { name: scenario.name, result };
}

async function measure(server: BenchServer) {
  const origin = `http://127.0.0.1:${server.port}`;
  const base = `${origin}/api/v1`;
  const { token, adderToken, addIds } = await prepare(server, base);
  const auth = { authorization: `Bearer ${token}` };
  let next = 0;
  const scenarios: Scenario[] = [
    { name: 'GET /api/v1/health', requests: [{ method: 'GET', path: '/api/v1/health' }] },
    {
      name: 'GET /api/v1/cart/list',
      requests: [{ method: 'GET', path: '/api/v1/cart/list', headers: auth }],
    },
    {
      name: 'POST /api/v1/cart/add',
      requests: [
        {
          method: 'POST',
          path: '/api/v1/cart/add',
          headers: { authorization: `Bearer ${adderToken}`, 'content-type': 'application/json' },
          setupRequest: (req) => {
            next = (next + 1) % addIds.length;
            return { ...req, body: JSON.stringify({ productID: addIds[next], quantity: 1 }) };
          },
        },
      ],
    },
    {
      name: 'GET /api/v1/product/list',
      requests: [{ method: 'GET', path: '/api/v1/product/list?pageSize=20' }],
    },
  ];
  // Warm up the JIT and the connection pool before the baseline.
  await autocannon({ url: `${base}/health`, connections: CONNECTIONS, duration: 1 });
  const measured: Measured[] = [];
  for (const s of scenarios) {
    measured.push(await run(origin, s));
    console.log(
      `${server.database.kind} ${s.name}: ${Math.round(measured.at(-1)?.result.requests.average ?? 0)} req/s`,
    );
  }
  const added = await server.database.db
    .select({ n: sum(cartLines.quantity) })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(inArray(products.id, addIds));
  return { measured, added: Number(added[0]?.n ?? 0) };
}

const rows: string[] = [];
const notes: string[] = [];
const kinds: BenchServer['database']['kind'][] = [
  'pglite',
  ...(process.env.DATABASE_URL ? ['postgres' as const] : []),
];
for (const kind of kinds) {
  const server = await startBenchServer(kind);
  try {
    const { measured, added } = await measure(server);
    const health = measured[0]?.result;
    if (!health) throw new Error('no baseline');
    for (const { name, result: r } of measured) {
      const failed = r.errors + r.timeouts + r.non2xx;
      rows.push(
        `| ${kind} | ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} ms | ${r.latency.p99} ms | ${(r.requests.average / health.requests.average).toFixed(2)} | ${(Math.max(1, r.latency.p50) / Math.max(1, health.latency.p50)).toFixed(1)}× | ${(Math.max(1, r.latency.p99) / Math.max(1, health.latency.p99)).toFixed(1)}× | ${failed} |`,
      );
    }
    const adds = measured.find((m) => m.name.includes('cart/add'))?.result.requests.total ?? 0;
    notes.push(
      `${kind}: ${adds} add requests counted, ${added} units in the cart afterwards (the rest were in flight).`,
    );
  } finally {
    await server.close();
  }
}

await writeSection(
  'API throughput',
  [
    `autocannon, ${CONNECTIONS} connections for ${DURATION_S} s per route over loopback, on a fresh demo database per`,
    'run, against the same server’s `GET /api/v1/health` (the baseline: routing, envelope, no database). `cart/list`',
    'reads the demo customer’s eight-line cart with a coupon; `cart/add` adds one unit per request for one customer,',
    'rotating over 100 products (every add takes the customer’s cart lock); `product/list` is the first page of 20.',
    `Ratios are what to compare between runs; absolute numbers depend on the machine (this run: ${os.cpus().length} CPUs shared by the`,
    `server, autocannon, PostgreSQL and other work at load ~${Math.round(os.loadavg()[0] ?? 0)}). Latency ratios floor the baseline at 1 ms, autocannon’s`,
    'resolution.',
    '',
    '| database | route | req/s | p50 | p99 | req/s ÷ health | p50 ÷ health | p99 ÷ health | failed |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    ...notes.map((n) => `- ${n}`),
    '',
    `_Last run: ${new Date().toISOString().slice(0, 10)}, \`npx tsx bench/api-bench.ts\`._`,
  ].join('\n'),
);
console.log(rows.join('\n'));

// Suburb autocomplete latency over a few thousand real keywords, against the same server's health route.
// Run: npx tsx bench/suburb-search.ts   (add DATABASE_URL=postgres://... to measure PostgreSQL too)
import { sql } from 'drizzle-orm';
import { suburbs } from '../apps/api/src/db/schema/index.js';
import { startBenchServer, type BenchServer } from './lib/bench-server.js';
import { percentile, writeSection } from './lib/report.js';

const KEYWORDS = 3000;
const HEALTH_SAMPLES = 1000;

async function timed(url: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - start;
}

/** Prefixes of real locality names (2-8 letters) and whole or partial postcodes, in a fixed pseudo-random order. */
async function keywords(server: BenchServer): Promise<string[]> {
  const rows = await server.database.db
    .select({ locality: suburbs.locality, postcode: suburbs.postcode })
    .from(suburbs)
    .orderBy(sql`md5(${suburbs.id}::text)`)
    .limit(KEYWORDS);
  return rows.map((r, i) =>
    i % 3 === 0 ? r.postcode.slice(0, 2 + (i % 3)) : r.locality.slice(0, 2 + (i % 7)).toLowerCase(),
  );
}

async function measure(server: BenchServer) {
  const base = `http://127.0.0.1:${server.port}/api/v1`;
  for (let i = 0; i < 100; i++) await timed(`${base}/health`);
  const health: number[] = [];
  for (let i = 0; i < HEALTH_SAMPLES; i++) health.push(await timed(`${base}/health`));
  const search: number[] = [];
  for (const k of await keywords(server)) {
    search.push(await timed(`${base}/shipping/search/suburb?keyword=${encodeURIComponent(k)}`));
  }
  const h50 = percentile(health, 50);
  const h99 = percentile(health, 99);
  const s50 = percentile(search, 50);
  const s99 = percentile(search, 99);
  return { n: search.length, h50, h99, s50, s99 };
}

const rows: string[] = [];
const kinds: ('pglite' | 'postgres')[] = [
  'pglite',
  ...(process.env.DATABASE_URL ? (['postgres'] as const) : []),
];
for (const kind of kinds) {
  const server = await startBenchServer(kind);
  try {
    const r = await measure(server);
    rows.push(
      `| ${kind} | ${r.n} | ${r.s50.toFixed(2)} ms | ${r.s99.toFixed(2)} ms | ${r.h50.toFixed(2)} ms | ${(r.s50 / r.h50).toFixed(1)}× | ${(r.s99 / r.h99).toFixed(1)}× |`,
    );
    console.log(rows.at(-1));
  } finally {
    await server.close();
  }
}

await writeSection(
  'Suburb search latency',
  [
    'Sequential `GET /api/v1/shipping/search/suburb?keyword=…` over real locality prefixes and partial postcodes,',
    'one request at a time over loopback, against the same server’s bare `GET /api/v1/health` measured in the same run.',
    'Ratios are what to compare between runs; milliseconds depend on the machine.',
    '',
    '| database | keywords | search p50 | search p99 | health p50 | p50 ratio | p99 ratio |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `_Last run: ${new Date().toISOString().slice(0, 10)}, \`npx tsx bench/suburb-search.ts\`._`,
  ].join('\n'),
);

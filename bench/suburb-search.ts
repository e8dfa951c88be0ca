// Suburb autocomplete latency over a few thousand real keywords, against the same server's health route.
// Run: npx tsx bench/suburb-search.ts   (add DATABASE_URL=postgres://... to measure PostgreSQL too)
import { sql } from 'drizzle-orm';
import { suburbs } from '../apps/api/src/db/schema/index.js';
import { startBenchServer, type BenchServer } from './lib/bench-server.js';
import { benchKinds, latencyAgainstHealth, latencyRow } from './lib/latency.js';
import { writeSection } from './lib/report.js';

const KEYWORDS = 3000;
const HEALTH_SAMPLES = 1000;

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

const rows: string[] = [];
for (const kind of benchKinds()) {
  const server = await startBenchServer(kind);
  try {
    const base = `http://127.0.0.1:${server.port}/api/v1`;
    rows.push(
      latencyRow(
        kind,
        await latencyAgainstHealth(
          base,
          (await keywords(server)).map(
            (k) => `${base}/shipping/search/suburb?keyword=${encodeURIComponent(k)}`,
          ),
          HEALTH_SAMPLES,
        ),
      ),
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

// Product search latency (`product/list?keyword=`) on the demo catalogue plus generated products, against the same
// server's health route. Run: npx tsx bench/product-search.ts   (add DATABASE_URL=postgres://... for PostgreSQL too)
import { products } from '../apps/api/src/db/schema/index.js';
import { startBenchServer, type BenchServer } from './lib/bench-server.js';
import { benchKinds, latencyAgainstHealth, latencyRow } from './lib/latency.js';
import { writeSection } from './lib/report.js';

const EXTRA_PRODUCTS = 3000;
const HEALTH_SAMPLES = 500;
/** As customers type: one word, plurals, accents left out, apostrophes, several words, a size, nothing found. */
const KEYWORDS = [
  'milk',
  'tomatoes',
  'tim tams',
  'creme',
  'coffee beans',
  'bread',
  'apple',
  'arnotts',
  'organic oats',
  'chips 175g',
  'gluten free',
  'xyzzy',
];
const WORDS = [
  'Organic',
  'Crème',
  'Arnott’s',
  'Gluten-Free',
  'Milk',
  'Bread',
  'Apple',
  'Tomatoes',
  'Coffee',
  'Oats',
  'Chips',
  'Jalapeño',
  'Butter',
  'Rice',
  'Tea',
  'Honey',
  'Yoghurt',
  'Cheese',
  'Pasta',
  'Sauce',
];

/** A bigger shelf than the demo's 43 products, so the search's indexes and ranking are what is measured. */
async function addProducts(server: BenchServer): Promise<void> {
  const rows = Array.from({ length: EXTRA_PRODUCTS }, (_, i) => ({
    sku: `BENCH-${i}`,
    name: `${WORDS[i % 20]} ${WORDS[(i * 7 + 3) % 20]} ${i}`,
    description: `A ${WORDS[(i * 3 + 1) % 20]} product, number ${i}.`,
    imageUrl: '/products/bench.svg',
    priceCents: 100 + (i % 900),
    stock: 5,
    weightGrams: 100,
    category: 'pantry',
  }));
  for (let i = 0; i < rows.length; i += 500)
    await server.database.db.insert(products).values(rows.slice(i, i + 500));
}

/** Each page size once per keyword: every request is a new listing, never one the listing cache holds. */
function searchUrls(base: string): string[] {
  const urls: string[] = [];
  for (let pageSize = 1; pageSize <= 50; pageSize++) {
    for (const k of KEYWORDS)
      urls.push(`${base}/product/list?pageSize=${pageSize}&keyword=${encodeURIComponent(k)}`);
  }
  return urls;
}

const rows: string[] = [];
for (const kind of benchKinds()) {
  const server = await startBenchServer(kind);
  try {
    await addProducts(server);
    const base = `http://127.0.0.1:${server.port}/api/v1`;
    rows.push(latencyRow(kind, await latencyAgainstHealth(base, searchUrls(base), HEALTH_SAMPLES)));
    console.log(rows.at(-1));
  } finally {
    await server.close();
  }
}

await writeSection(
  'Product search latency',
  [
    `Sequential \`GET /api/v1/product/list?keyword=…&pageSize=…\` on the demo catalogue plus ${EXTRA_PRODUCTS} generated`,
    'products, over keywords as customers type them (plurals, accents left out, apostrophes, several words, one that',
    'finds nothing), each page size once per keyword so the listing cache never answers; against the same server’s',
    'bare `GET /api/v1/health` in the same run. Ratios are what to compare between runs.',
    '',
    '| database | searches | search p50 | search p99 | health p50 | p50 ratio | p99 ratio |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `_Last run: ${new Date().toISOString().slice(0, 10)}, \`npx tsx bench/product-search.ts\`._`,
  ].join('\n'),
);

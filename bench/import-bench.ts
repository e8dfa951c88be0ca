// Product CSV import through the real app over HTTP: a dry run, the import of 10,000 new products, the same file
// again (nothing to change), the file with every price changed, and the export, on the embedded database and on
// PostgreSQL (DATABASE_URL). Run: npx tsx bench/import-bench.ts [--out file.md]   (--out writes the section there
// instead of bench/README.md)
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  allergens,
  aisles,
  csvColumns,
  type CsvColumn,
  type ImportReport,
} from '@storefront/contract/catalogue-admin';
import { staff, staffSessions } from '../apps/api/src/db/schema/index.js';
import { hashPassword } from '../apps/api/src/lib/password.js';
import { hashToken, newToken } from '../apps/api/src/lib/tokens.js';
import { startBenchServer, type BenchServer } from './lib/bench-server.js';
import { benchKinds } from './lib/latency.js';
import { writeSection } from './lib/report.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const outArg = process.argv.indexOf('--out');
const OUT = outArg === -1 ? undefined : process.argv[outArg + 1];

/** A signed-in owner, written straight to the database as the API tests make one (test/staff-factories.ts). */
async function ownerToken(server: BenchServer): Promise<string> {
  const [member] = await server.database.db
    .insert(staff)
    .values({
      email: `bench.owner.${Date.now()}@example.com`,
      name: 'Bench Owner',
      role: 'owner',
      passwordHash: await hashPassword('bench owner password', 10),
      // Set up, so the owner may write (the value is never asked for: no sign-in here).
      mfaSecret: 'BENCHBENCHBENCHBENCH',
    })
    .returning({ id: staff.id });
  if (!member) throw new Error('no staff row');
  const token = newToken();
  const at = new Date();
  await server.database.db.insert(staffSessions).values({
    staffId: member.id,
    tokenHash: hashToken(token),
    createdAt: at,
    lastSeenAt: at,
    expiresAt: new Date(at.getTime() + 8 * 3_600_000),
  });
  return token;
}

/** Rows like a grocer's: every aisle, packs of each unit, some allergens, ingredients on half of them. */
function productFile(priceOffsetCents: number): string {
  const rows = Array.from({ length: ROWS }, (_, i): Record<CsvColumn, string> => {
    const unit = (['g', 'ml', 'each'] as const)[i % 3] ?? 'g';
    const cents = 199 + (i % 2000) + priceOffsetCents;
    return {
      sku: `IMPORT-${String(i).padStart(6, '0')}`,
      name: `Bench product ${i} ${unit === 'each' ? 'pack' : '500'}`,
      brand: i % 4 === 0 ? '' : `Brand ${i % 50}`,
      description: `A product of the import benchmark, number ${i}.\nKeep cool and dry.`,
      aisle: aisles[i % aisles.length] ?? 'pantry',
      price: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
      gst_free: String(i % 3 === 0),
      pack_size: unit === 'each' ? '6' : '500',
      pack_unit: unit,
      weight_grams: String(100 + (i % 900)),
      stock: String(i % 200),
      active: String(i % 10 !== 0),
      ingredients: i % 2 === 0 ? 'Wheat flour, sugar, "vegetable" oil, salt' : '',
      allergens_contains: i % 5 === 0 ? `${allergens[i % allergens.length]};gluten` : '',
      allergens_may_contain: i % 7 === 0 ? 'tree nuts' : '',
      origin_statement: 'Made in Australia from at least 90% Australian ingredients',
      dietary: i % 6 === 0 ? 'vegetarian;vegan' : '',
    };
  });
  return stringify(rows, { header: true, columns: [...csvColumns] });
}

async function timedImport(base: string, token: string, body: string, dryRun: boolean) {
  const start = performance.now();
  const res = await fetch(`${base}/products/import?dryRun=${dryRun}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body,
  });
  const json = (await res.json()) as { code: number; msg: string; data: ImportReport };
  const seconds = (performance.now() - start) / 1000;
  if (json.code !== 0 || json.data.problems.length > 0)
    throw new Error(`import answered ${JSON.stringify(json).slice(0, 500)}`);
  return { seconds, report: json.data };
}

async function timedExport(base: string, token: string) {
  const start = performance.now();
  const res = await fetch(`${base}/products/export`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  if (!res.ok) throw new Error(`export answered ${res.status}`);
  const seconds = (performance.now() - start) / 1000;
  return { seconds, rows: (parse(text, { bom: true }) as string[][]).length - 1 };
}

const s = (seconds: number) => `${seconds.toFixed(2)} s`;
const tableRows: string[] = [];
const file = productFile(0);
const repriced = productFile(10);
console.log(`${ROWS} rows, ${(Buffer.byteLength(file) / 1024 / 1024).toFixed(1)} MB`);

for (const kind of benchKinds()) {
  const server = await startBenchServer(kind);
  try {
    const token = await ownerToken(server);
    const base = `http://127.0.0.1:${server.port}/api/admin/v1`;
    const dry = await timedImport(base, token, file, true);
    const first = await timedImport(base, token, file, false);
    const again = await timedImport(base, token, file, false);
    const changed = await timedImport(base, token, repriced, false);
    const exported = await timedExport(base, token);
    if (first.report.created !== ROWS || again.report.unchanged !== ROWS || changed.report.updated !== ROWS)
      throw new Error(`unexpected counts: ${JSON.stringify([first.report, again.report, changed.report])}`);
    tableRows.push(
      `| ${kind} | ${ROWS} | ${s(dry.seconds)} | ${s(first.seconds)} | ${s(again.seconds)} | ${s(changed.seconds)} | ${s(exported.seconds)} (${exported.rows} rows) |`,
    );
    console.log(tableRows.at(-1));
  } finally {
    await server.close();
  }
}

const cpus = os.cpus();
const machine = [
  cpus[0]?.model.trim() ?? 'unknown CPU',
  `${cpus.length} cores`,
  `${Math.round(os.totalmem() / 2 ** 30)} GB`,
  `Node ${process.version}`,
  // Other work on the machine shows in every figure: say how busy it was.
  `load average ${os.loadavg()[0]?.toFixed(1) ?? '?'} at the end`,
].join(', ');
const body = [
  `\`POST /api/admin/v1/products/import\` with a generated file of ${ROWS.toLocaleString('en-AU')} products`,
  `(${(Buffer.byteLength(file) / 1024 / 1024).toFixed(1)} MB: every aisle, packs, allergens, quoted ingredients) over loopback`,
  'through the real app on a fresh demo database, as an owner: the dry run, the real import (every row a new',
  'product, each with its stock ledger row), the same file again (nothing changes), the file with every price',
  'changed (every row updated), then `GET /api/admin/v1/products/export` of the whole catalogue. Wall time of each',
  'request, body sent and answer read.',
  '',
  '| database | rows | dry run | import (all new) | same file again | every price changed | export |',
  '|---|---|---|---|---|---|---|',
  ...tableRows,
  '',
  `_Last run: ${new Date().toISOString().slice(0, 10)}, ${machine}, \`npx tsx bench/import-bench.ts\`._`,
].join('\n');

if (OUT) await writeFile(OUT, `## Product import\n\n${body}\n`);
else await writeSection('Product import', body);
console.log(body);

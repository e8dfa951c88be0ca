// Gzip size of what the browser loads for the /login page, read from the Vite build manifest.
// Usage: npm run build -w apps/web && node bench/bundle-size.mjs [--budget <KB>] [--dist <dir>]
// With --budget it writes nothing and fails (exit 1) when /login loads more than that many KB gzip; --dist measures
// another build than apps/web/dist.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const distAt = process.argv.indexOf('--dist');
const dist =
  distAt === -1 ? path.resolve(here, '../apps/web/dist') : path.resolve(process.argv[distAt + 1] ?? '');
const manifestPath = path.join(dist, '.vite/manifest.json');
const readmePath = path.join(here, 'README.md');
const LOGIN_PAGE = 'src/features/account/pages/login-page.tsx';

if (!existsSync(manifestPath)) {
  console.error('No build manifest: run `npm run build -w apps/web` first.');
  process.exit(1);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');

function findKey(predicate, what) {
  const key = Object.keys(manifest).find((k) => predicate(k, manifest[k]));
  if (!key) {
    console.error(`The manifest has no ${what}.`);
    process.exit(1);
  }
  return key;
}

/** A chunk with everything it imports statically (what the browser fetches before running it). */
function collect(key, files, seen = new Set()) {
  if (seen.has(key)) return files;
  seen.add(key);
  const chunk = manifest[key];
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(imported, files, seen);
  return files;
}

const entryKey = findKey((_, chunk) => chunk.isEntry, 'entry chunk');
const loginKey = findKey((key) => key.endsWith(LOGIN_PAGE), 'login page chunk');
if (!(manifest[entryKey].dynamicImports ?? []).includes(loginKey)) {
  console.error('The entry does not load the login page lazily.');
  process.exit(1);
}

const entryFiles = collect(entryKey, new Set());
// Everything index.html itself asks for (scripts, modulepreloads, stylesheets) loads before the first paint too.
for (const [, file] of html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) entryFiles.add(file);
if (!html.includes(`/${manifest[entryKey].file}`)) {
  console.error(`dist/index.html does not reference ${manifest[entryKey].file}.`);
  process.exit(1);
}
const loginFiles = [...collect(loginKey, new Set())].filter((file) => !entryFiles.has(file));
const vconsoleKey = Object.keys(manifest).find((key) => key.includes('vconsole'));

function measure(file, part) {
  const bytes = readFileSync(path.join(dist, file));
  return { file, part, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

const rows = [
  ...[...entryFiles].map((file) => measure(file, 'entry (index.html)')),
  ...loginFiles.map((file) => measure(file, '/login route (lazy)')),
];
const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), {
  raw: 0,
  gzip: 0,
});
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const lines = [
  '| file | loaded as | size | gzip |',
  '|---|---|---|---|',
  ...rows
    .sort((a, b) => b.gzip - a.gzip)
    .map(
      (row) => `| ${row.file.replace(/^assets\//, '')} | ${row.part} | ${kb(row.raw)} | ${kb(row.gzip)} |`,
    ),
  `| **total for /login** | | **${kb(total.raw)}** | **${kb(total.gzip)}** |`,
];
if (vconsoleKey) {
  const v = measure(manifest[vconsoleKey].file, 'after the page has loaded');
  lines.push(
    `| ${v.file.replace(/^assets\//, '')} (vConsole, not counted) | ${v.part} | ${kb(v.raw)} | ${kb(v.gzip)} |`,
  );
}
const table = lines.join('\n');
console.log(table);

const budgetAt = process.argv.indexOf('--budget');
if (budgetAt !== -1) {
  const budgetKb = Number(process.argv[budgetAt + 1]);
  if (!(budgetKb > 0)) {
    console.error('--budget takes a size in KB.');
    process.exit(1);
  }
  const isWithin = total.gzip / 1024 <= budgetKb;
  console.log(
    `\n/login: ${kb(total.gzip)} gzip, budget ${budgetKb.toFixed(1)} KB: ${isWithin ? 'within' : 'OVER'}.`,
  );
  process.exit(isWithin ? 0 : 1);
}

const section = [
  '## Bundle size',
  '',
  'JavaScript and CSS the browser loads to show `/login`: everything `apps/web/dist/index.html` asks for (the entry,',
  'its static imports, modulepreloads, stylesheets and the route-preload script) plus the chunks the lazily loaded',
  'login route imports, from `dist/.vite/manifest.json`, gzip level 9 (the server sends brotli, about 15% smaller).',
  'vConsole loads after the page has loaded and is listed apart.',
  '',
  table,
  '',
  `_Last run: ${new Date().toISOString().slice(0, 10)}, \`npm run build -w apps/web && node bench/bundle-size.mjs\`._`,
  '',
].join('\n');

const readme = existsSync(readmePath) ? readFileSync(readmePath, 'utf8') : '# Benchmarks\n';
const start = readme.indexOf('## Bundle size');
let updated;
if (start === -1) {
  updated = `${readme.trimEnd()}\n\n${section}`;
} else {
  const next = readme.indexOf('\n## ', start + 1);
  updated = readme.slice(0, start) + section + (next === -1 ? '' : `\n${readme.slice(next + 1)}`);
}
writeFileSync(readmePath, updated);
console.log(`\nWritten to ${path.relative(process.cwd(), readmePath)}.`);

// `npm test`: every check on a fresh clone — lint, types, unit and API tests (PGlite, and PostgreSQL when
// DATABASE_URL is set), then the browser journeys in Chromium against the built app.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './setup.mjs';

ensureInstalled();

const bin = (name) => path.join(root, 'node_modules/.bin', name);
const resultsDir = path.join(root, '.tmp/test-results');
mkdirSync(resultsDir, { recursive: true });

const failures = [];
const timings = [];
let passed = 0;
let failed = 0;
let skipped = 0;

function step(label, cmd, args, opts = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  timings.push(`${label} ${Math.round((Date.now() - started) / 1000)} s`);
  if (res.status !== 0) failures.push(label);
  return res.status === 0;
}

function vitest(label, dir) {
  if (!existsSync(path.join(root, dir, 'vitest.config.ts'))) return;
  const out = path.join(resultsDir, `${label.replace(/\W+/g, '-')}.json`);
  step(label, bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
    cwd: path.join(root, dir),
  });
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
  }
}

// `--units`: only the unit and API tests (CI runs them again on Node 24, the production runtime: .ci/run).
const unitsOnly = process.argv.includes('--units');
console.log(`Node ${process.version}${unitsOnly ? ': unit and API tests only' : ''}`);

const workspaces = ['packages/contract', 'apps/api', 'apps/web', 'apps/admin', 'e2e', 'bench'].filter((w) =>
  existsSync(path.join(root, w, 'tsconfig.json')),
);

if (!unitsOnly) {
  step('lint (eslint)', bin('eslint'), ['.', '--max-warnings=0']);
  step('format (prettier)', bin('prettier'), ['--check', '.', '--log-level=warn']);
  for (const w of workspaces) step(`types (${w})`, bin('tsc'), ['--noEmit', '-p', w]);
}

vitest('contract', 'packages/contract');
// The balancer test (PostgreSQL only) runs Debian's HAProxy in front of two API processes.
if (process.env.DATABASE_URL) step('haproxy', 'bash', ['scripts/install-haproxy.sh']);
vitest('api', 'apps/api');
vitest('web', 'apps/web');
vitest('admin', 'apps/admin');
if (!unitsOnly) vitest('bench', 'bench');

if (!unitsOnly && existsSync(path.join(root, 'e2e/vitest.config.ts'))) {
  const buildStarted = Date.now();
  ensureBuilt();
  timings.push(`build ${Math.round((Date.now() - buildStarted) / 1000)} s`);
  if (step('browser (chromium)', 'bash', ['e2e/install-browser.sh'])) vitest('e2e', 'e2e');
}

console.log('\n────────────────────────────────────────');
console.log(`steps: ${timings.join(', ')}`);
if (failures.length > 0) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);

// Every benchmark in one command (`npm run bench`): builds the store, then runs the API throughput (PGlite, and
// PostgreSQL when DATABASE_URL is set), the suburb and product searches, the mail outbox's sending rate, the bundle
// size and Lighthouse; each writes its section of bench/README.md.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeSection } from './lib/report.js';

const root = fileURLToPath(new URL('..', import.meta.url));

function step(title: string, command: string, args: string[]): void {
  console.log(`\n== ${title}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) throw new Error(`${title} failed (exit ${result.status ?? result.signal})`);
}

if (!process.env.DATABASE_URL) {
  console.warn(
    'DATABASE_URL is not set: PostgreSQL is left out (e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).',
  );
}

step('build', 'npm', ['run', 'build']);
step('API throughput', 'npx', ['tsx', 'bench/api-bench.ts']);
step('suburb search', 'npx', ['tsx', 'bench/suburb-search.ts']);
step('product search', 'npx', ['tsx', 'bench/product-search.ts']);
step('mail outbox', 'npx', ['tsx', 'bench/mail-outbox.ts']);
step('bundle size', 'node', ['bench/bundle-size.mjs']);

const scratch = mkdtempSync(path.join(os.tmpdir(), 'sf-lighthouse-'));
try {
  const table = path.join(scratch, 'lighthouse.md');
  step('Lighthouse', 'npx', ['tsx', 'bench/lighthouse.ts', '--runs', '3', '--out', table]);
  await writeSection(
    'Lighthouse, last run',
    [
      'The same measurement as "Lighthouse (mobile)" above (median of 3 runs per page by score), on this run’s build.',
      '',
      readFileSync(table, 'utf8').trim(),
      '',
      `_Last run: ${new Date().toISOString().slice(0, 10)}, \`npm run bench\`._`,
    ].join('\n'),
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log('\nbench/README.md written.');

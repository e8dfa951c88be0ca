// Shared by `npm start` and `npm test`: installs dependencies and builds only what is missing or out of date.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (res.status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
}

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

function isStale(output, inputs) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return inputs.some((input) => newestMtime(path.join(root, input)) > built);
}

export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (!existsSync(marker) || statSync(lock).mtimeMs > statSync(marker).mtimeMs) {
    console.log('Installing dependencies (npm ci)…');
    run('npm', ['ci', '--no-audit', '--no-fund']);
  }
}

export function ensureBuilt({ force = false } = {}) {
  const web = path.join(root, 'apps/web/dist/index.html');
  if (
    force ||
    isStale(web, [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'packages/contract/src',
    ])
  ) {
    console.log('Building the web app…');
    run('npm', ['run', 'build', '-w', 'apps/web']);
  }
  const admin = path.join(root, 'apps/admin/dist/index.html');
  if (
    force ||
    isStale(admin, [
      'apps/admin/src',
      'apps/admin/index.html',
      'apps/admin/vite.config.ts',
      'packages/contract/src',
    ])
  ) {
    console.log('Building the back office app…');
    run('npm', ['run', 'build', '-w', 'apps/admin']);
  }
  const api = path.join(root, 'apps/api/dist/server.js');
  if (force || isStale(api, ['apps/api/src', 'apps/api/build.mjs', 'packages/contract/src'])) {
    console.log('Building the API…');
    run('npm', ['run', 'build', '-w', 'apps/api']);
  }
}

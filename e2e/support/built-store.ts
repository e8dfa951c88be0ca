import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../../apps/api/node-flags.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
// E2E_WEB_DIR, E2E_ADMIN_DIR and E2E_API_FROM_SOURCE=1 let one person run the journeys on their own build while
// others rebuild.
const webDist = process.env.E2E_WEB_DIR ?? path.join(root, 'apps/web/dist');
const adminDist = process.env.E2E_ADMIN_DIR;
const serverDist = path.join(root, 'apps/api/dist/server.js');
const STARTUP_LIMIT_MS = 150_000;

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseURL: string, child: ChildProcess, output: () => string): Promise<void> {
  const startedAt = Date.now();
  while (Date.now() - startedAt < STARTUP_LIMIT_MS) {
    if (child.exitCode !== null) throw new Error(`The API exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseURL}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The API did not answer /api/v1/health in time:\n${output()}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export type BuiltStore = {
  baseURL: string;
  appSecret: string;
  /** Where the store keeps the mail it would send (it runs without SMTP_URL): one `.json` per mail. */
  mailboxDir: string;
  stop(): Promise<void>;
};

/**
 * Starts the built store (API + SPA, `npm run build`) on a free loopback port with a fresh embedded database and
 * the demo data; the e2e journeys and bench/lighthouse.ts both run against it.
 */
export async function startBuiltStore({
  webDir = webDist,
  env = {},
}: { webDir?: string; env?: Record<string, string> } = {}): Promise<BuiltStore> {
  if (!existsSync(path.join(webDir, 'index.html'))) {
    throw new Error(`${webDir} has no index.html: run \`npm run build -w apps/web\` first.`);
  }
  if (!existsSync('/usr/bin/chromium')) {
    throw new Error('Chromium is missing: run `sh e2e/install-browser.sh` first.');
  }
  const port = await findFreePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-e2e-'));
  const appSecret = randomBytes(32).toString('base64url');
  const [command, args] =
    process.env.E2E_API_FROM_SOURCE !== '1' && existsSync(serverDist)
      ? [process.execPath, [...serverNodeFlags, serverDist]]
      : [path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/api/src/server.ts')]];
  let log = '';
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      SCRYPT_LOG_N: '12',
      AUTH_LIMIT_PER_IP: '100000',
      AUTH_LIMIT_PER_ACCOUNT: '100000',
      RATE_LIMIT_PER_MINUTE: '100000',
      WEB_DIST_DIR: webDir,
      ...(adminDist ? { ADMIN_DIST_DIR: adminDist } : {}),
      // Payment providers send the customer back here; the browser's session lives on this origin.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // What customers get: the debug console loads but keeps its switch hidden unless asked for (?debug=1).
      DEBUG_CONSOLE: 'false',
      DATABASE_URL: '',
      // Limits count in this process, as `npm start` runs: a Redis shared with other runs (the API bench raises
      // its limits and sends millions of requests from this address) would refuse this store's first requests.
      REDIS_URL: '',
      SMTP_URL: '',
      APP_SECRET: appSecret,
      // The ATO's own example ABN: a paid order's page is then its tax invoice.
      STORE_ABN: '51 824 753 556',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseURL, child, () => log);
  } catch (err) {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    baseURL,
    appSecret,
    mailboxDir: path.join(dataDir, 'mailbox'),
    async stop() {
      await stop(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

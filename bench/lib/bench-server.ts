import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { openPglite, openPostgres, type Database } from '../../apps/api/src/db/client.js';
import { seed } from '../../apps/api/src/db/seed/index.js';
import { adminQuery, uniqueName, withDatabase } from '../../apps/api/test/databases.js';

export type BenchServer = { app: App; database: Database; port: number; close(): Promise<void> };

/**
 * The real app on a fresh, seeded database, listening on a free loopback port. Rate limits are raised out of
 * the way: the benchmark measures the work, not the limiter.
 */
export async function startBenchServer(kind: 'pglite' | 'postgres', demo = true): Promise<BenchServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sf-bench-'));
  let database: Database;
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set');
    const name = uniqueName('sf_bench');
    await adminQuery(url, `CREATE DATABASE ${name}`);
    database = await openPostgres(withDatabase(url, name));
    dropDatabase = () => adminQuery(url, `DROP DATABASE IF EXISTS ${name}`);
  } else {
    database = await openPglite({ dataDir: path.join(dir, 'pglite') });
  }
  await database.migrate((db) => seed(db, { demo, scryptLogN: 12 }));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    SCRYPT_LOG_N: '12',
    RATE_LIMIT_PER_MINUTE: '100000000',
    AUTH_LIMIT_PER_IP: '100000000',
    AUTH_LIMIT_PER_ACCOUNT: '100000000',
    WEB_DIST_DIR: path.join(dir, 'no-web'),
  });
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    database,
    port,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

import { mkdtemp } from 'node:fs/promises';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';
import { adminQuery, uniqueName, withDatabase } from './databases.js';

export type TestClock = { now: () => Date; advance(ms: number): void; set(d: Date): void };

export function testClock(start = new Date()): TestClock {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
    set: (d) => {
      t = d.getTime();
    },
  };
}

export async function testConfig(env: Record<string, string> = {}): Promise<Config> {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SCRYPT_LOG_N: '10',
    AUTH_LIMIT_PER_IP: '100000',
    RATE_LIMIT_PER_MINUTE: '100000',
    SEED_DEMO: 'false',
    // Tests change products straight in the database, which the shop grid's cache cannot see; listing-cache.test.ts
    // runs it on.
    CATALOG_CACHE_MS: '0',
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'sf-test-')),
    WEB_DIST_DIR: path.join(os.tmpdir(), 'sf-no-web'),
    ...env,
  });
}

/** A fresh copy of the template database, on the database this test project runs against. */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set');
    const name = uniqueName('sf_t');
    await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    const database = await openPostgres(withDatabase(url, name), { poolSize: 10 });
    return {
      ...database,
      url: withDatabase(url, name),
      async close() {
        await database.close();
        await adminQuery(url, `DROP DATABASE IF EXISTS ${name}`);
      },
    };
  }
  const tar = await readFile(inject('pgliteTemplate'));
  return openPglite({ loadDataDir: new Blob([tar]) });
}

export type TestApp = {
  app: App;
  /** With its address on PostgreSQL, for tests that open a connection of their own. */
  database: Database & { url?: string };
  clock: TestClock;
  config: Config;
  close(): Promise<void>;
};

export async function createTestApp(
  options: { env?: Record<string, string>; database?: Database & { url?: string } } = {},
): Promise<TestApp> {
  const config = await testConfig(options.env);
  const database = options.database ?? (await openTestDatabase());
  const clock = testClock();
  const app = await buildApp({ config, database, now: clock.now });
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.js';
import { seed } from '../src/db/seed/index.js';
import { adminQuery, uniqueName, withDatabase } from './databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Builds one migrated database with the reference data (suburbs, shipping rates) per run; each test file then
 * starts from a copy of it instead of migrating and loading 18,000 suburbs again.
 */
export default async function setup(project: TestProject) {
  if (project.config.env.TEST_DB === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set');
    const name = uniqueName('sf_tpl');
    await adminQuery(url, `CREATE DATABASE ${name}`);
    const database = await openPostgres(withDatabase(url, name), { poolSize: 2 });
    await database.migrate((db) => seed(db, { demo: false, scryptLogN: 10 }));
    await database.close();
    project.provide('postgresTemplate', name);
    return async () => {
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name}`);
    };
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), 'sf-pglite-tpl-'));
  const file = path.join(dir, 'template.tar');
  const database = await openPglite();
  await database.migrate((db) => seed(db, { demo: false, scryptLogN: 10 }));
  await writeFile(file, Buffer.from(await (await database.dump()).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

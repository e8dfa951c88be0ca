import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const databases = ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];

// Test files share one module graph per worker (`isolate: false`): loading Fastify, drizzle and PGlite again for
// every file was half of the run. A file that replaces a module with `vi.mock` needs a graph of its own, so it
// runs in an isolated project; found by reading the files, so a new one is never silently run with the real module.
const testFiles = (readdirSync('src', { recursive: true, encoding: 'utf8' }) as string[])
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => path.join('src', file));
const mocking = testFiles.filter((file) => /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(file, 'utf8')));

/** Every API test file runs once per database: always the embedded one, and PostgreSQL when DATABASE_URL is set. */
export default defineConfig({
  test: {
    // The default leaves one core of two idle; a PostgreSQL test spends most of its time waiting on the server.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: databases.flatMap((db) =>
      [
        { name: `api:${db}`, isolate: false, include: ['src/**/*.test.ts'], exclude: mocking },
        { name: `api:${db}:mocking`, isolate: true, include: mocking },
      ].map((project) => ({
        extends: true,
        test: {
          ...project,
          env: { TEST_DB: db },
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      })),
    ),
  },
});

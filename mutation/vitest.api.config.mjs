import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * apps/api's test setup rooted in Stryker's sandbox copy, running only MUTATION_TESTS, on the embedded database or,
 * for a target scored there, on PostgreSQL (MUTATION_DB, set by run.mjs).
 */
const root = process.cwd();

export default defineConfig({
  root,
  test: {
    include: JSON.parse(process.env.MUTATION_TESTS ?? '[]'),
    env: { TEST_DB: process.env.MUTATION_DB === 'postgres' ? 'postgres' : 'pglite' },
    globalSetup: [path.join(root, 'test/global-setup.ts')],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

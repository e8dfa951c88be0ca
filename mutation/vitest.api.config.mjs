import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** apps/api's test setup on the embedded database, rooted in Stryker's sandbox copy, running only MUTATION_TESTS. */
const root = process.cwd();

export default defineConfig({
  root,
  test: {
    include: JSON.parse(process.env.MUTATION_TESTS ?? '[]'),
    env: { TEST_DB: 'pglite' },
    globalSetup: [path.join(root, 'test/global-setup.ts')],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

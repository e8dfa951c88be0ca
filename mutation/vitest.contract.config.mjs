import { defineConfig } from 'vitest/config';

/** packages/contract's unit tests (plain Node), rooted in Stryker's sandbox copy, running only MUTATION_TESTS. */
export default defineConfig({
  root: process.cwd(),
  test: { include: JSON.parse(process.env.MUTATION_TESTS ?? '[]') },
});

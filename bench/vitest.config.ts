import { defineConfig } from 'vitest/config';

// `npm test` runs a workspace's tests only where it finds this file (scripts/test.mjs). Only the bench's own
// helpers are tested here; the benchmarks themselves are run by `npm run bench`, never by the tests.
export default defineConfig({
  test: {
    include: ['lib/**/*.test.ts'],
  },
});

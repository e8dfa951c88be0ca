import { defineConfig } from 'vitest/config';

// `npm test` runs a workspace's tests only where it finds this file (scripts/test.mjs).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
  },
});

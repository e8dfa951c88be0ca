import { defineConfig } from 'vitest/config';

const databases = ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];

/** Every API test file runs once per database: always the embedded one, and PostgreSQL when DATABASE_URL is set. */
export default defineConfig({
  test: {
    projects: databases.map((db) => ({
      extends: true,
      test: {
        name: `api:${db}`,
        env: { TEST_DB: db },
        globalSetup: ['./test/global-setup.ts'],
        include: ['src/**/*.test.ts'],
        testTimeout: 30_000,
        hookTimeout: 120_000,
      },
    })),
  },
});

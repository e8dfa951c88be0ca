import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const packageDir = (name: string) =>
  path.dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      // The browser's build, as the app ships (its Node build loads CommonJS helpers 'vmThreads' cannot load).
      { find: /^axios$/, replacement: path.join(packageDir('axios'), 'dist/esm/axios.js') },
      {
        find: /^@ant-design\/icons$/,
        replacement: path.join(packageDir('@ant-design/icons'), 'es/index.js'),
      },
    ],
  },
  test: {
    environment: 'jsdom',
    pool: 'vmThreads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    maxWorkers: 2,
    // A test types and clicks as staff do; on a loaded two-core machine a file's first test, loading Ant Design, is slow.
    testTimeout: 30_000,
    restoreMocks: true,
    clearMocks: true,
  },
});

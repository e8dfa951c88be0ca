import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    // Worker threads start a file's jsdom sooner than child processes: about a tenth off the run on two cores
    // (2026-11-27: 160 s against 179 s). 'vmThreads' was three times faster still, but loads some packages'
    // CommonJS files as ES modules (axios's Node adapter, @ant-design/icons' lib), which then fail to load.
    pool: 'threads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // The default leaves one core of two idle: most of a file's time is starting its jsdom.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A test types and clicks as a customer does; on a loaded two-core machine that has taken over the default 5 s,
    // and a file's first test, which loads Ant Design's parts, 15 s.
    testTimeout: 30_000,
    restoreMocks: true,
    clearMocks: true,
  },
});

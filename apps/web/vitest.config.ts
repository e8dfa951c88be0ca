import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // The default leaves one core of two idle: most of a file's time is starting its jsdom.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    restoreMocks: true,
    clearMocks: true,
  },
});

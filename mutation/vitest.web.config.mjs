import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** apps/web's unit-test setup, rooted in Stryker's sandbox copy, running only MUTATION_TESTS. */
const root = process.cwd();

export default defineConfig({
  root,
  plugins: [react()],
  test: {
    include: JSON.parse(process.env.MUTATION_TESTS ?? '[]'),
    environment: 'jsdom',
    setupFiles: [path.join(root, 'src/test-setup.ts')],
    restoreMocks: true,
    clearMocks: true,
  },
});

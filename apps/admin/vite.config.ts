import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressDir } from './precompress';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'admin:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}

/** The back office, served by the API at /admin (its own build; the customer bundle never carries it). */
export default defineConfig({
  // ADMIN_APP_PATH of packages/contract/src/staff.ts (the config loads in plain Node, which cannot import .ts).
  base: '/admin/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Ant Design's shared core is one chunk of about 640 kB (210 kB gzip); each page's own parts load with it.
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5174,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});

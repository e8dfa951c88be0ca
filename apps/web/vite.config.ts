import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    manifest: true,
    chunkSizeWarningLimit: 900,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/config.js': { target: apiTarget },
      '/config.json': { target: apiTarget },
    },
  },
});

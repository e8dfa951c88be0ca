import { defineConfig, type Plugin } from 'vite';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { antdStylesheet } from './antd-css';
import { precompressDir } from './precompress';
import { writeRoutePreload, type LandingPage } from './route-preload';
import { writeServiceWorker } from './service-worker';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

/** Ant Design and the libraries only it uses. */
const ANTD_MODULES =
  /node_modules[\\/](antd|@ant-design|@rc-component|stylis|dayjs|compute-scroll-into-view|scroll-into-view-if-needed|throttle-debounce|classnames|is-mobile|json2mq|string-convert|toggle-selection|copy-to-clipboard)[\\/]/;

/**
 * The small modules the entry shares with lazily loaded pages. Left alone, each becomes a chunk of its own that the
 * first page fetches beside the entry (eight requests of 0.2-8 KB on a slow phone connection); in one chunk they
 * cost one request.
 */
const SHELL_SHARED =
  /node_modules[\\/](react[\\/]|redux[\\/]|immer[\\/]|redux-thunk[\\/]|@reduxjs[\\/]toolkit[\\/]|use-sync-external-store[\\/]|react-redux[\\/])|vite[\\/]preload-helper|packages[\\/]contract[\\/]src[\\/](errors|limits)\.ts$|src[\\/]app[\\/]hooks\.ts$|src[\\/]lib[\\/](http[\\/](client|error-message)|prefetch|toast|toast-plain)\.ts$/;

/**
 * Small modules the shop's pages share and the entry does not load: other features' API calls, money, remote data,
 * the load-failed notice, the shop's icons. Left alone each is a chunk of its own, and a product page fetched nine
 * of them before it could draw (LCP 2.67 -> 2.36 s in Lighthouse's mobile run, docs/decisions/0025). The API modules
 * the entry reaches (account, address, cart, catalog) stay out: with them the entry would import this chunk.
 */
const PAGES_SHARED =
  /src[\\/](features[\\/](?!account|address|cart|catalog)[^\\/]+[\\/]api\.ts|lib[\\/](money|use-remote-data)\.ts|components[\\/](load-failed|shop-icons)\.tsx)$/;

/**
 * React Router's package points every import at its development build, which warns in the console of a production
 * page and keeps the code that does so (remix-run/react-router#14102); the build takes its production build, which
 * sits beside it. `vite` (development) keeps the warnings.
 */
function reactRouterProduction(): Plugin {
  const production = createRequire(import.meta.url)
    .resolve('react-router')
    .replace(/[\\/]development[\\/]index\.m?js$/, '/production/index.mjs');
  return {
    name: 'storefront:react-router-production',
    apply: 'build',
    config: () => ({ resolve: { alias: [{ find: /^react-router$/, replacement: production }] } }),
  };
}

const withApi = (...modules: string[]) => [...modules, 'src/lib/http/axios-client.ts'];
const withAntd = (...modules: string[]) => withApi('src/app/antd-scope.tsx', ...modules);

/** The pages visitors open first, and what each loads lazily as it opens (src/app/router.tsx). */
const landingPages: LandingPage[] = [
  { path: /^\/$/, modules: withApi('src/features/home/pages/home-page.tsx') },
  { path: /^\/login$/, modules: ['src/features/account/pages/login-page.tsx'] },
  { path: /^\/shop$/, modules: withApi('src/features/catalog/pages/product-list-page.tsx') },
  { path: /^\/product\/[^/]+$/, modules: withApi('src/features/catalog/pages/product-detail-page.tsx') },
  { path: /^\/cart$/, modules: withApi('src/features/cart/pages/cart-page.tsx') },
  { path: /^\/checkout$/, modules: withAntd('src/features/order/pages/checkout-page.tsx') },
  { path: /^\/account(\/|$)/, modules: withAntd('src/features/account/pages/account-layout.tsx') },
];

/**
 * After the build: the landing pages' preload script, the service worker keeping the shell for offline visits, then
 * brotli and gzip copies of every text file.
 */
function postBuild(): Plugin {
  let outDir = '';
  return {
    name: 'storefront:post-build',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await writeRoutePreload(outDir, landingPages);
      await writeServiceWorker(outDir);
      await precompressDir(outDir);
    },
  };
}

export default defineConfig({
  plugins: [antdStylesheet(), reactRouterProduction(), react(), postBuild()],
  build: {
    manifest: true,
    // Every browser the build targets but Safari 16 and Firefox before 115 knows <link rel="modulepreload">; those
    // two fetch a page's chunks when they run rather than ahead, which the polyfill (0.3 KB gzip in the entry, run on
    // every page) would change only for them.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Left alone, Ant Design splits into dozens of small chunks; over HTTP/1.1 a page would fetch them in
          // rounds. The parts that three or more pages share go into one chunk instead.
          includeDependenciesRecursively: false,
          groups: [
            { name: 'antd', test: ANTD_MODULES, minShareCount: 3 },
            { name: 'shell-shared', test: SHELL_SHARED },
            { name: 'pages-shared', test: PAGES_SHARED, minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/config.js': { target: apiTarget },
      '/config.json': { target: apiTarget },
    },
  },
});

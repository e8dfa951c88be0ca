import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { startDebugConsole } from './app/debug-console';
import { preloadRoute } from './app/router';
import { afterLoadIdle } from './lib/after-load';
import { readRuntimeConfig } from './lib/runtime-config';
import './app/global.css';

const SERVICE_WORKER_SETTLE_MS = 5000;

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

preloadRoute(window.location);

const root = createRoot(container);
// A transition: React renders the first page in slices of a few milliseconds instead of one long task, so the
// main thread stays free for input (Total Blocking Time) while it builds.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppRoot />
    </StrictMode>,
  );
});

startDebugConsole(readRuntimeConfig());

// The built store's service worker (vite.config.ts, service-worker.ts) keeps the shell for pages opened offline.
// Registered once the page has settled: `load` comes before a page's data and its first real render, and installing
// then (fetching sw.js, copying the shell into the cache, taking over the page's requests) added about half to the
// shop's and the product page's Total Blocking Time (docs/decisions/0025).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  afterLoadIdle(() => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without it the store works as before; only an offline reload shows the browser's page.
    });
  }, SERVICE_WORKER_SETTLE_MS);
}

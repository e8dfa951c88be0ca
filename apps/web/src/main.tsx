import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { startDebugConsole } from './app/debug-console';
import { preloadRoute } from './app/router';
import { readRuntimeConfig } from './lib/runtime-config';
import './app/global.css';

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

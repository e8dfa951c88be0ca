import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { startDebugConsole } from './app/debug-console';
import { preloadRoute } from './app/router';
import { readRuntimeConfig } from './lib/runtime-config';
import './app/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

preloadRoute(window.location);

createRoot(container).render(
  <StrictMode>
    <AppRoot />
  </StrictMode>,
);

startDebugConsole(readRuntimeConfig());

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { generateSW } from 'workbox-build';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** What index.html loads before the first page can draw: the entry, its static imports and stylesheets. */
function shellFiles(manifest: Manifest): string[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The build manifest has no entry.');
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  return [...files];
}

/**
 * Writes `sw.js` with Workbox: the shell (index.html, what it loads, the route-preload script) is kept on install, so
 * a page opened or reloaded offline is the store's own, which then says it is offline, not the browser's error page.
 * Pages always come from the network while it answers; the cached shell only stands in when it does not. Other
 * hashed chunks are kept as they are fetched (they never change), and the runtime config as last answered. The API
 * is never cached. Runs after the route-preload script is written, before precompression.
 */
export async function writeServiceWorker(outDir: string): Promise<void> {
  const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const routePreload = /src="\/(assets\/route-preload-[^"]+\.js)"/.exec(html)?.[1];
  if (!routePreload) throw new Error('index.html has no route-preload script.');
  const { warnings } = await generateSW({
    swDest: path.join(outDir, 'sw.js'),
    globDirectory: outDir,
    globPatterns: ['index.html', 'favicon.svg', routePreload, ...shellFiles(manifest)],
    dontCacheBustURLsMatching: /^assets\//,
    inlineWorkboxRuntime: true,
    sourcemap: false,
    mode: 'production',
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // The back office (ADMIN_APP_PATH, contract staff.ts) is another app on this origin: its pages are left to the
        // browser. Workbox copies this function's source into sw.js, so the path is written here, not imported.
        urlPattern: ({ request, url }) => request.mode === 'navigate' && !/^\/admin(\/|$)/.test(url.pathname),
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: 'index.html' } },
      },
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: { cacheName: 'assets', expiration: { maxEntries: 120 } },
      },
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.js',
        handler: 'NetworkFirst',
        options: { cacheName: 'config', networkTimeoutSeconds: 5 },
      },
    ],
  });
  if (warnings.length > 0) throw new Error(`Workbox: ${warnings.join('; ')}`);
}

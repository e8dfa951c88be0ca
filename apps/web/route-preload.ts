import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** A page people land on: its address, and the source modules it loads lazily as it opens. */
export type LandingPage = { path: RegExp; modules: string[] };

function collectFiles(
  manifest: Manifest,
  key: string,
  files: Set<string>,
  seen = new Set<string>(),
): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return files;
  seen.add(key);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collectFiles(manifest, imported, files, seen);
  return files;
}

/**
 * Writes a small async script that, for the page being opened, asks for its lazily loaded chunks at once, so they
 * download alongside the entry instead of after it has run. It is a file, not inline, because the store's CSP
 * allows scripts from itself only. Needs the build manifest; runs after the build, before precompression.
 */
export async function writeRoutePreload(outDir: string, pages: LandingPage[]): Promise<void> {
  const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The build manifest has no entry.');
  const loadedByEntry = collectFiles(manifest, entryKey, new Set());
  const table = pages.map(({ path: pattern, modules }) => {
    const files = new Set<string>();
    for (const module of modules) {
      if (!manifest[module]) throw new Error(`The build manifest has no ${module}.`);
      collectFiles(manifest, module, files);
    }
    return [pattern.source, [...files].filter((file) => !loadedByEntry.has(file))];
  });
  const script =
    `(function(){var t=${JSON.stringify(table)},p=location.pathname;` +
    'for(var i=0;i<t.length;i++){if(!new RegExp(t[i][0]).test(p))continue;' +
    't[i][1].forEach(function(f){var l=document.createElement("link"),c=/\\.css$/.test(f);' +
    'l.rel=c?"preload":"modulepreload";if(c)l.as="style";l.crossOrigin="";l.href="/"+f;' +
    'document.head.appendChild(l)});break}})();\n';
  const hash = createHash('sha256').update(script).digest('base64url').slice(0, 8);
  const file = `assets/route-preload-${hash}.js`;
  await writeFile(path.join(outDir, file), script);
  const htmlPath = path.join(outDir, 'index.html');
  const html = await readFile(htmlPath, 'utf8');
  const tag = `<script async src="/${file}"></script>\n    `;
  const at = html.indexOf('<script type="module"');
  if (at === -1) throw new Error('index.html has no module script.');
  await writeFile(htmlPath, html.slice(0, at) + tag + html.slice(at));
}

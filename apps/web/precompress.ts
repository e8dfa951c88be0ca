import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
]);

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? listFiles(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

/** Writes `<file>.br` and `<file>.gz` beside a file, each only when it is smaller than the file. */
export async function precompressFile(file: string): Promise<void> {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: 9 }),
  ]);
  if (br.length < source.length) await writeFile(`${file}.br`, br);
  if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
}

/**
 * Compresses every text file of a build once, at build time, with brotli and gzip; the API serves them with
 * `@fastify/static`'s `preCompressed` instead of compressing on each request.
 */
export async function precompressDir(outDir: string): Promise<void> {
  const files = (await listFiles(outDir)).filter((file) =>
    COMPRESSIBLE.has(path.extname(file).toLowerCase()),
  );
  const sizes = await Promise.all(files.map(async (file) => (await stat(file)).size));
  await Promise.all(files.filter((_, i) => (sizes[i] ?? 0) > 0).map(precompressFile));
}

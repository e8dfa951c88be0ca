import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json']);

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

async function precompressFile(file: string): Promise<void> {
  const source = await readFile(file);
  if (source.length === 0) return;
  const [br, gz] = await Promise.all([
    brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzipAsync(source, { level: 9 }),
  ]);
  if (br.length < source.length) await writeFile(`${file}.br`, br);
  if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
}

/**
 * Writes `.br` and `.gz` copies beside every text file of the build, as apps/web's build does: the API serves them
 * with `@fastify/static`'s `preCompressed` rather than compressing each answer.
 */
export async function precompressDir(outDir: string): Promise<void> {
  const files = (await listFiles(outDir)).filter((f) => COMPRESSIBLE.has(path.extname(f).toLowerCase()));
  await Promise.all(files.map(precompressFile));
}

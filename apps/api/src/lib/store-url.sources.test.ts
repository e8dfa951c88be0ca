import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** The API's source files, tests left out. */
function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.join(SRC, file));
}

describe('links built on PUBLIC_URL', () => {
  it('are all built by storeUrl: `new URL(path, publicUrl)` drops the path PUBLIC_URL has', () => {
    const found = sourceFiles()
      .filter((file) => path.basename(file) !== 'store-url.ts')
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/new URL\([^;]*?publicUrl/g)].map(
          (m) => `${path.relative(SRC, file)}: ${m[0]}`,
        ),
      );
    expect(found).toEqual([]);
  });
});

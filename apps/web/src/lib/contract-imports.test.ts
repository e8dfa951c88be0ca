import { describe, expect, it } from 'vitest';

/** The app's own source files (tests aside), keyed by their path from the app's folder. */
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The contract's files without zod: the only ones the browser may take values (not only types) from. */
const ZOD_FREE = new Set([
  'limits',
  'errors',
  'abn',
  'gst',
  'substitutes',
  'afterpay',
  'order-reference',
  'refund',
  'payment-rows',
  'email-address',
  'person-name',
  'address-lines',
  'store-time',
]);
const CONTRACT_IMPORT = /import\s+(type\s+)?([^;]*?)\s+from\s+'@storefront\/contract\/([\w-]+)'/g;

/** Each import from a contract file with zod that brings a value into the bundle, as `file: names`. */
function findRuntimeImports(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    for (const [, typeOnly, clause = '', module = ''] of text.matchAll(CONTRACT_IMPORT)) {
      if (typeOnly || ZOD_FREE.has(module)) continue;
      const names = clause.startsWith('{')
        ? clause
            .slice(1, -1)
            .split(',')
            .map((n) => n.trim())
            .filter((n) => n && !n.startsWith('type '))
        : [clause];
      if (names.length > 0) found.push(`${file}: ${names.join(', ')} from ${module}`);
    }
  }
  return found;
}

describe('imports from the contract', () => {
  it('take values only from its zod-free files, so zod never reaches the browser', () => {
    const all = Object.values(sources).join('\n');
    expect([...all.matchAll(CONTRACT_IMPORT)].length).toBeGreaterThan(30);
    expect(findRuntimeImports(sources)).toEqual([]);
  });

  it('names as zod-free only contract files that import no zod', () => {
    const contract = import.meta.glob<string>('../../../../packages/contract/src/*.ts', {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const zodFree = Object.entries(contract).filter(([file]) =>
      ZOD_FREE.has(file.replace(/^.*\/(\w[\w-]*)\.ts$/, '$1')),
    );
    expect(zodFree).toHaveLength(ZOD_FREE.size);
    for (const [file, text] of zodFree) expect(text, file).not.toMatch(/from 'zod'/);
  });

  it('would catch a value taken from a file with zod', () => {
    const files = {
      a: "import { STORE_TIME_ZONE } from '@storefront/contract/delivery';",
      b: "import { type Order, orderAddress } from '@storefront/contract/order';",
      c: "import type { Cart } from '@storefront/contract/cart';\nimport { PAGE } from '@storefront/contract/limits';",
    };
    expect(findRuntimeImports(files)).toEqual([
      'a: STORE_TIME_ZONE from delivery',
      'b: orderAddress from order',
    ]);
  });
});

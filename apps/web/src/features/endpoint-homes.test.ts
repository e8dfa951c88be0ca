import { describe, expect, it } from 'vitest';

/** The app's own source files (tests aside), keyed by their path from the app's folder, e.g. /src/lib/money.ts. */
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const API_PATH = /['`]\/api\/v1(\/[^'`?\s]+)/g;

/** The endpoint paths each file writes, a template's `${…}` read as one parameter. */
function listEndpointPaths(text: string): string[] {
  return [...text.matchAll(API_PATH)].map((match) => (match[1] ?? '').replace(/\$\{[^}]*\}/g, ':param'));
}

function isApiFile(file: string): boolean {
  return file.endsWith('/api.ts');
}

/** For each endpoint path written in an api.ts, the api.ts files that write it. */
function findEndpointHomes(files: Record<string, string>): Map<string, string[]> {
  const homes = new Map<string, string[]>();
  for (const [file, text] of Object.entries(files)) {
    if (!isApiFile(file)) continue;
    for (const path of new Set(listEndpointPaths(text))) homes.set(path, [...(homes.get(path) ?? []), file]);
  }
  return homes;
}

function findPathsWithManyHomes(files: Record<string, string>): Record<string, string[]> {
  return Object.fromEntries([...findEndpointHomes(files)].filter(([, homes]) => homes.length > 1));
}

describe('endpoint homes', () => {
  it('each endpoint path is written in exactly one api.ts', () => {
    expect(findEndpointHomes(sources).size).toBeGreaterThan(40);
    expect(findPathsWithManyHomes(sources)).toEqual({});
  });

  it('a path written in two api.ts files is reported, whatever its parameters are called', () => {
    const files = {
      '/src/features/address/api.ts':
        "callApi({ url: '/api/v1/address/list' }); `/api/v1/address/${addressID}`",
      '/src/features/order/api.ts':
        "callApi({ url: '/api/v1/address/list' }); callApi({ url: '/api/v1/order/list' })",
      '/src/features/shipping/api.ts': 'callApi({ url: `/api/v1/address/${id}` })',
    };
    expect(findPathsWithManyHomes(files)).toEqual({
      '/address/list': ['/src/features/address/api.ts', '/src/features/order/api.ts'],
      '/address/:param': ['/src/features/address/api.ts', '/src/features/shipping/api.ts'],
    });
  });

  it('outside the api.ts files only the HTTP client names endpoints, for the calls that issue a token', () => {
    const elsewhere = Object.entries(sources)
      .filter(([file, text]) => !isApiFile(file) && listEndpointPaths(text).length > 0)
      .map(([file]) => file);
    expect(elsewhere).toEqual(['/src/lib/http/client.ts']);
  });

  it('only the api.ts files send calls', () => {
    const callers = Object.entries(sources)
      .filter(
        ([file, text]) =>
          !isApiFile(file) && /\bcallApi\s*[<(]|\bhttp\.(request|get|post|put|delete)\b/.test(text),
      )
      .map(([file]) => file);
    expect(callers).toEqual(['/src/lib/http/client.ts']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { lintOpenApi, summarise } from '../../lint-openapi.js';

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("passes Spectral's OWASP API security rules without an error", async () => {
    const { errors, warnings } = await lintOpenApi(t.app.swagger());
    console.log(
      `OpenAPI lint: ${errors.length} errors, ${warnings.length} warnings (${summarise(warnings)})`,
    );
    expect(errors.map((e) => `${e.code} at ${e.path.join('.')}: ${e.message}`)).toEqual([]);
  }, 60_000);

  it('documents the rate-limit headers that answers actually carry', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/product/categories' });
    const doc = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: object }> }>>;
    };
    const documented = Object.keys(
      doc.paths['/api/v1/product/categories']?.get?.responses['200']?.headers ?? {},
    );
    const limitHeaders = documented.filter((h) => h.startsWith('X-RateLimit-'));
    expect(limitHeaders.length).toBeGreaterThan(0);
    for (const header of limitHeaders) expect(res.headers[header.toLowerCase()]).toBeDefined();
  });
});

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

  it("passes Spectral's OpenAPI and OWASP API security rules without an error", async () => {
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

  it('names and describes every operation, and declares each tag the operations use with what it covers', () => {
    const doc = t.app.swagger() as unknown as {
      tags: { name: string; description: string }[];
      paths: Record<string, Record<string, { operationId?: string; description?: string; tags?: string[] }>>;
    };
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    const ids = operations.map((o) => o.operationId);
    expect(ids.filter((id) => !id?.match(/^[a-z][A-Za-z]+$/))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter((o) => !o.description)).toEqual([]);
    const used = new Set(operations.flatMap((o) => o.tags ?? []));
    expect(doc.tags.filter((tag) => !tag.description)).toEqual([]);
    expect(doc.tags.map((tag) => tag.name).sort()).toEqual([...used].sort());
  });

  it("documents /health as any rate-limited route, and leaves the balancers' unlimited probes out as /metrics", async () => {
    const doc = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: object }> }>>;
    };
    expect(Object.keys(doc.paths).filter((p) => /health\/|metrics/.test(p))).toEqual([]);
    const documented = doc.paths['/api/v1/health']?.get?.responses ?? {};
    expect(Object.keys(documented['200']?.headers ?? {})).toContain('X-RateLimit-Remaining');
    expect(Object.keys(documented['429']?.headers ?? {})).toContain('Retry-After');

    const health = await t.app.inject({ url: '/api/v1/health' });
    expect(health.headers['x-ratelimit-remaining']).toBeDefined();
    for (const probe of ['/api/v1/health/live', '/api/v1/health/ready']) {
      const res = await t.app.inject({ url: probe });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
    }
  });
});

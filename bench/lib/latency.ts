import { percentile } from './report.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** The embedded database, and PostgreSQL when `DATABASE_URL` names one. */
export function benchKinds(): DatabaseKind[] {
  return ['pglite', ...(process.env.DATABASE_URL ? (['postgres'] as const) : [])];
}

/** One request's time over loopback, its body read to the end; a non-2xx answer stops the bench. */
export async function timed(url: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - start;
}

export type Latency = { n: number; h50: number; h99: number; s50: number; s99: number };

/**
 * The given requests one at a time, beside the same server's bare `GET /health` measured just before (after 100 to
 * warm up): the health route's times are what the requests' are read against, so runs on a noisy machine compare.
 */
export async function latencyAgainstHealth(
  base: string,
  urls: Iterable<string>,
  healthSamples: number,
): Promise<Latency> {
  for (let i = 0; i < 100; i++) await timed(`${base}/health`);
  const health: number[] = [];
  for (let i = 0; i < healthSamples; i++) health.push(await timed(`${base}/health`));
  const search: number[] = [];
  for (const url of urls) search.push(await timed(url));
  return {
    n: search.length,
    h50: percentile(health, 50),
    h99: percentile(health, 99),
    s50: percentile(search, 50),
    s99: percentile(search, 99),
  };
}

/** A row of the latency tables: database, requests, their p50 and p99, health's p50, and the two ratios. */
export function latencyRow(kind: DatabaseKind, r: Latency): string {
  const ms = (v: number) => `${v.toFixed(2)} ms`;
  return `| ${kind} | ${r.n} | ${ms(r.s50)} | ${ms(r.s99)} | ${ms(r.h50)} | ${(r.s50 / r.h50).toFixed(1)}× | ${(r.s99 / r.h99).toFixed(1)}× |`;
}

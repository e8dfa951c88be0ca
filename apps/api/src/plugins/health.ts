/**
 * Health: `/health`, an ordinary API route (rate limited, in the OpenAPI document), and the probes of balancers and
 * orchestrators, `/health/live` and `/health/ready`: asked every second or so, so outside the rate limit, and left out
 * of the document as /metrics is (README, "Deploy").
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { envelope, errorEnvelope } from '@storefront/contract/common';
import { health, liveness, readiness } from '@storefront/contract/health';
import journal from '../db/migrations/meta/_journal.json' with { type: 'json' };
import { pgErrorCode, queryRows, type Database } from '../db/client.js';
import type { Listener } from '../db/notifications.js';
import { ok, replies } from '../lib/reply.js';
import { sendError } from './errors.js';

export type HealthOptions = {
  database: Database;
  /** The notification listeners the app relies on (its caches trust them only while they hear). */
  listeners: Pick<Listener, 'isLive'>[];
  /** How long one look at the database stands for every readiness check (a balancer asks every second or so). */
  cacheMs?: number;
  /** A database that takes longer than this to answer counts as unreachable. */
  timeoutMs?: number;
  /** Milliseconds on a monotonic clock; tests move it. */
  now?: () => number;
};

const UNDEFINED_TABLE = '42P01';
/** The newest migration this build carries; drizzle records each applied one with the same `when`. */
export const LATEST_MIGRATION = Math.max(...journal.entries.map((e) => e.when));
const LATEST_TAG = journal.entries.find((e) => e.when === LATEST_MIGRATION)?.tag ?? '';

type DatabaseState = 'ok' | 'database unreachable' | `migrations not applied (${string})`;

export default async function healthRoutes(parent: FastifyInstance, opts: HealthOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, listeners, cacheMs = 1000, timeoutMs = 2000, now = () => performance.now() } = opts;
  let draining = false;
  // Closing (SIGTERM) starts with the preClose hooks: from then on a balancer is told to stop sending here.
  app.addHook('preClose', (done) => {
    draining = true;
    done();
  });

  let looked: { at: number; state: Promise<DatabaseState> } | undefined;
  const databaseState = () => {
    const at = now();
    if (!looked || at - looked.at > cacheMs) looked = { at, state: lookAtDatabase(database, timeoutMs) };
    return looked.state;
  };

  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        description:
          "Whether the API answers, and the kind of database it runs on (it does not query it). Rate limited as every API route is; the balancers' probes (/health/live, /health/ready) are not, and are not part of this document.",
        tags: ['health'],
        response: { 200: envelope(health), 400: errorEnvelope, 429: errorEnvelope, 500: errorEnvelope },
      },
    },
    async () => ok({ status: 'ok' as const, database: database.kind }),
  );
  const probe = { config: { rateLimit: false } } as const;
  app.get('/health/live', { ...probe, schema: { hide: true, response: replies(liveness) } }, async () =>
    ok({ status: 'live' as const }),
  );
  app.get(
    '/health/ready',
    { ...probe, schema: { hide: true, response: { ...replies(readiness), 503: errorEnvelope } } },
    async (_req, reply) => {
      const notReady: string[] = [];
      if (draining) notReady.push('draining');
      const state = await databaseState();
      if (state !== 'ok') notReady.push(state);
      const deaf = listeners.filter((l) => !l.isLive()).length;
      if (deaf > 0) notReady.push(`notification listener down (${deaf} of ${listeners.length})`);
      if (notReady.length === 0) return ok({ status: 'ready' as const, database: database.kind });
      reply.header('retry-after', '1');
      // Answered here rather than thrown: a 503 thrown is logged as an error, and a balancer asks every second.
      return sendError(reply, 'NOT_READY', `Not ready: ${notReady.join('; ')}.`);
    },
  );
}

async function lookAtDatabase(database: Database, timeoutMs: number): Promise<DatabaseState> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer')), timeoutMs);
  });
  try {
    const [row] = await Promise.race([
      queryRows<{ latest: string | null }>(
        database.db,
        sql`SELECT max(created_at)::text AS latest FROM drizzle.__drizzle_migrations`,
      ),
      timedOut,
    ]);
    const latest = Number(row?.latest ?? 0);
    return latest >= LATEST_MIGRATION
      ? 'ok'
      : `migrations not applied (this build's latest is ${LATEST_TAG})`;
  } catch (err) {
    return pgErrorCode(err) === UNDEFINED_TABLE
      ? `migrations not applied (this build's latest is ${LATEST_TAG})`
      : 'database unreachable';
  } finally {
    clearTimeout(timer);
  }
}

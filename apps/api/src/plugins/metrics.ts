import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import { AppError } from '../lib/app-error.js';
import { createShopFigures } from '../modules/metrics/shop-figures.js';
import { routeOf } from './request-log.js';

export type MetricsOptions = {
  database: Database;
  /** Where the metrics port listens (HOST). */
  host: string;
  /** METRICS_PORT: GET /metrics is served there (0: a free port), and not on the main port. */
  port?: number;
  /** METRICS_TOKEN: the bearer token GET /metrics asks for, wherever it is served. */
  token?: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the metrics port listens once the app is ready; null without METRICS_PORT. */
    metricsAddress: () => AddressInfo | null;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;
const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Node's own figures (event-loop lag, heap, CPU, handles) are the process's: collected once, however many apps. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * Prometheus metrics: requests by method, route pattern and status (count and duration), the database pool, Node's
 * own figures and the shop's (modules/metrics/shop-figures.ts). GET /metrics is served on METRICS_PORT, or on the
 * main port behind METRICS_TOKEN; with neither it answers 404.
 */
export default fp(
  async function metricsPlugin(app: FastifyInstance, opts: MetricsOptions) {
    const registry = new Registry();
    const registers = [registry];
    const labelNames = ['method', 'route', 'status_code'] as const;
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by method, route pattern and status.',
      labelNames,
      registers,
    });
    const durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to answering it, by method, route pattern and status.',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    app.addHook('onResponse', (req, reply, done) => {
      const labels = { method: req.method, route: routeOf(req), status_code: reply.statusCode };
      requests.inc(labels);
      durations.observe(labels, reply.elapsedTime / 1000);
      done();
    });

    const poolStats = opts.database.poolStats;
    if (poolStats) {
      new Gauge({
        name: 'storefront_db_pool_connections',
        help: 'PostgreSQL pool connections, in use or idle.',
        labelNames: ['state'],
        registers,
        collect() {
          const { inUse, idle } = poolStats();
          this.set({ state: 'in_use' }, inUse);
          this.set({ state: 'idle' }, idle);
        },
      });
      new Gauge({
        name: 'storefront_db_pool_waiting',
        help: 'Queries and transactions waiting for a PostgreSQL pool connection.',
        registers,
        collect() {
          this.set(poolStats().waiting);
        },
      });
    }

    const shop = createShopFigures(opts.database.db, registry);
    const everything = Registry.merge([processMetrics(), registry]);
    const exposition = async () => {
      await shop.update();
      return everything.metrics();
    };
    const tokenDigest = opts.token === undefined ? null : sha256(opts.token);
    const isAllowed = (authorization: string | undefined) => {
      if (!tokenDigest) return true;
      const given = BEARER.exec(authorization ?? '')?.[1] ?? '';
      return timingSafeEqual(sha256(given), tokenDigest);
    };

    // Always declared on the main port, so the SPA's fallback never answers it with a page.
    const onMainPort = opts.port === undefined && tokenDigest !== null;
    app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
      if (!onMainPort) throw new AppError('NO_SUCH_ROUTE');
      if (!isAllowed(req.headers.authorization)) throw new AppError('NOT_SIGNED_IN');
      const body = await exposition();
      return reply.type(everything.contentType).header('cache-control', 'no-store').send(body);
    });

    let server: Server | undefined;
    app.decorate('metricsAddress', () => {
      const address = server?.address();
      return address && typeof address === 'object' ? address : null;
    });
    const answer = (req: IncomingMessage, res: ServerResponse) => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method !== 'GET' || path !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      } else if (!isAllowed(req.headers.authorization)) {
        res
          .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
          .end('Unauthorized\n');
      } else {
        exposition().then(
          (body) => res.writeHead(200, { 'content-type': everything.contentType }).end(body),
          (err: unknown) => {
            app.log.warn({ err }, 'metrics scrape failed');
            res.writeHead(503, { 'content-type': 'text/plain' }).end('Unavailable\n');
          },
        );
      }
    };
    const { port } = opts;
    if (port !== undefined) {
      app.addHook('onReady', async () => {
        const started = createServer(answer);
        await new Promise<void>((resolve, reject) => {
          started.once('error', reject);
          started.listen({ host: opts.host, port }, () => {
            started.off('error', reject);
            resolve();
          });
        });
        server = started;
      });
      app.addHook('onClose', async () => {
        const running = server;
        if (!running) return;
        running.closeAllConnections();
        await new Promise<void>((resolve) => running.close(() => resolve()));
      });
    }
  },
  { name: 'metrics' },
);

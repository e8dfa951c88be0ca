import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type CorsOptions = {
  /** Origins allowed to call the API from a browser with credentials. */
  origins: string[];
  methods: string[];
  allowedHeaders: string[];
  exposedHeaders: string[];
};

/**
 * CORS, only for requests that name an `Origin` (every cross-origin request does): the store's own pages, probes
 * and servers get no CORS headers, which they would ignore, and pay nothing for them. @fastify/cors did this
 * through an options delegator that rebuilt its options on every request, a tenth of what `/health` cost.
 *
 * An allowed origin is echoed with credentials and the exposed headers; another gets no
 * `Access-Control-Allow-Origin`, so the browser refuses it. Preflights (an OPTIONS with an Origin) are answered
 * 204 here, before authentication, allowed or not: the missing header is the browser's "no". An OPTIONS without an
 * Origin is not a preflight and finds no route.
 */
export default fp(
  async function corsPlugin(app: FastifyInstance, opts: CorsOptions) {
    const allowed = new Set(opts.origins);
    const methods = opts.methods.join(', ');
    const allowedHeaders = opts.allowedHeaders.join(', ');
    const exposedHeaders = opts.exposedHeaders.join(', ');

    app.addHook('onRequest', (req, reply, done) => {
      const origin = req.headers.origin;
      if (origin === undefined) return done();
      reply.header('vary', 'Origin');
      const ok = allowed.has(origin);
      if (ok) {
        reply
          .header('access-control-allow-origin', origin)
          .header('access-control-allow-credentials', 'true')
          .header('access-control-expose-headers', exposedHeaders);
      }
      if (req.method !== 'OPTIONS') return done();
      if (ok) {
        reply
          .header('access-control-allow-methods', methods)
          .header('access-control-allow-headers', allowedHeaders);
      }
      // Safari waits for a body on a 204 without a length.
      reply.code(204).header('content-length', '0').send();
    });

    // OPTIONS requests need a route to reach the hook above; one without an Origin is not a preflight.
    app.options('*', { schema: { hide: true } }, (_req, reply) => reply.callNotFound());
  },
  { name: 'cors' },
);

import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/** Headers Fastify itself writes on every answer; whatever else the probe answer carries came from helmet. */
const OWN_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * Helmet's headers, worked out once by helmet itself. @fastify/helmet builds the helmet middleware anew on every
 * request (parsing the CSP directives each time), about a tenth of a cheap route's time; with no per-request nonce
 * the headers never change, so a probe app answers once and every reply gets its headers.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', () => 'probe');
  const res = await probe.inject('/');
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!OWN_HEADERS.has(name) && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

export default fp(
  async function securityHeadersPlugin(app: FastifyInstance, opts: { helmet: FastifyHelmetOptions }) {
    const headers = await helmetHeaders(opts.helmet);
    app.addHook('onRequest', (_req, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);

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

/**
 * What a JSON answer needs (OWASP's REST cheat sheet: Cache-Control, CSP, HSTS, nosniff, X-Frame-Options): it is
 * never rendered, framed or cached. Helmet's full set is written for HTML documents; a referrer policy or a
 * resource policy says nothing about JSON a browser will not render (nosniff already keeps it out of other sites'
 * scripts and images), and every header costs each answer its validation and its bytes.
 */
export function apiHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    // API answers carry personal data (or may, behind a token): no cache along the way may keep them.
    'cache-control': 'no-store',
  };
  const hsts = documentHeaders['strict-transport-security'];
  if (hsts) headers['strict-transport-security'] = hsts;
  return headers;
}

export default fp(
  async function securityHeadersPlugin(
    app: FastifyInstance,
    opts: { helmet: FastifyHelmetOptions; apiPrefixes: string[] },
  ) {
    const forDocuments = await helmetHeaders(opts.helmet);
    const forApi = apiHeaders(forDocuments);
    // A route may still set its own cache-control: reply.header() replaces these.
    app.addHook('onRequest', (req, reply, done) => {
      reply.headers(opts.apiPrefixes.some((p) => req.url.startsWith(p)) ? forApi : forDocuments);
      done();
    });
  },
  { name: 'security-headers' },
);

import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type {} from './auth.js';
import type {} from './staff-auth.js';

/** A UUID is of these too; anything else a client sends (spaces, a newline, 200 characters) is not used. */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's `genReqId`: the client's X-Request-Id when it is well formed, else a fresh UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && WELL_FORMED_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** The route pattern a request matched (`/api/v1/order/detail`, never its path or query), or "unmatched". */
export function routeOf(req: FastifyRequest): string {
  return req.routeOptions.url ?? 'unmatched';
}

/**
 * One `info` line per answered request: method, route pattern, status, duration and who asked (a customer's or a
 * staff member's id), with the request id Fastify's request logger carries. No URL, header or body: those are
 * where tokens, e-mail addresses and query values travel.
 */
export default fp(
  async function requestLogPlugin(app: FastifyInstance) {
    app.addHook('onResponse', (req, reply, done) => {
      req.log.info(
        {
          method: req.method,
          route: routeOf(req),
          statusCode: reply.statusCode,
          durationMs: Math.round(reply.elapsedTime * 10) / 10,
          ...(req.auth ? { customerId: req.auth.customerId } : {}),
          ...(req.staffAuth ? { staffId: req.staffAuth.member.id } : {}),
        },
        'request completed',
      );
      done();
    });
  },
  { name: 'request-log' },
);

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { envelope, errorEnvelope } from '@storefront/contract/common';

/** Response schemas of a route: the success envelope around `data`, and the error envelope otherwise. */
export function replies<T extends z.ZodType>(data: T) {
  return {
    200: envelope(data),
    400: errorEnvelope,
    401: errorEnvelope,
    404: errorEnvelope,
    429: errorEnvelope,
    500: errorEnvelope,
  };
}

export function ok<T>(data: T) {
  return { code: 0, msg: 'ok', data };
}

export function clientMeta(req: FastifyRequest) {
  return { ip: req.ip, userAgent: (req.headers['user-agent'] ?? '').slice(0, 300) };
}

export const bearer = [{ bearer: [] }];

type RouteInputs = { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType; headers?: z.ZodType };

/**
 * Route options of one tag: the request schemas given, the envelope replies around `data`, and for a signed-in
 * route the bearer check (optional: read when sent) and its OpenAPI security entry.
 */
export function routeOptions(app: FastifyInstance, tags: string[]) {
  return {
    open: <I extends RouteInputs, D extends z.ZodType>(inputs: I, data: D) => ({
      schema: { tags, ...inputs, response: replies(data) },
    }),
    optional: <I extends RouteInputs, D extends z.ZodType>(inputs: I, data: D) => ({
      onRequest: app.optionalAuth,
      schema: { tags, ...inputs, response: replies(data) },
    }),
    signedIn: <I extends RouteInputs, D extends z.ZodType>(inputs: I, data: D) => ({
      onRequest: app.requireAuth,
      schema: { tags, security: bearer, ...inputs, response: replies(data) },
    }),
  };
}

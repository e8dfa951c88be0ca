import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { emptyBody, envelope, errorEnvelope } from '@storefront/contract/common';

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

/**
 * The caller's address: behind a trusted proxy, the one X-Forwarded-For names, unless that is no address at all
 * (anything can be written there), when the connection's own is used.
 */
export function clientIp(req: FastifyRequest): string {
  return isIP(req.ip) ? req.ip : (req.socket.remoteAddress ?? 'unknown');
}

export function clientMeta(req: FastifyRequest) {
  return { ip: clientIp(req), userAgent: (req.headers['user-agent'] ?? '').slice(0, 300) };
}

export const bearer = [{ bearer: [] }];

type RouteInputs = { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType; headers?: z.ZodType };

/**
 * A module's routes as the OpenAPI document describes them: by operationId (the method a generated client gives the
 * route, camelCase verb-noun, unique across the API), a sentence or two on what it does and what it refuses.
 */
export type RouteDocs = Readonly<Record<string, string>>;

export function describeRoute<Docs extends RouteDocs>(docs: Docs, operationId: keyof Docs & string) {
  return { operationId, description: docs[operationId] };
}

/**
 * Route options of one tag: the route's id and description from `docs`, the request schemas given, the envelope
 * replies around `data`, and for a signed-in route the bearer check (optional: read when sent) and its OpenAPI
 * security entry.
 */
export function routeOptions<Docs extends RouteDocs>(app: FastifyInstance, tags: string[], docs: Docs) {
  type Id = keyof Docs & string;
  return {
    open: <I extends RouteInputs, D extends z.ZodType>(id: Id, inputs: I, data: D) => ({
      schema: { ...describeRoute(docs, id), tags, ...inputs, response: replies(data) },
    }),
    optional: <I extends RouteInputs, D extends z.ZodType>(id: Id, inputs: I, data: D) => ({
      onRequest: app.optionalAuth,
      schema: { ...describeRoute(docs, id), tags, ...inputs, response: replies(data) },
    }),
    signedIn: <I extends RouteInputs, D extends z.ZodType>(id: Id, inputs: I, data: D) => ({
      onRequest: app.requireAuth,
      schema: { ...describeRoute(docs, id), tags, security: bearer, ...inputs, response: replies(data) },
    }),
  };
}

const noQuery = z.strictObject({});

/**
 * An `onRoute` hook for the API: a route takes only the inputs it declares. One that declares no query refuses any
 * query parameter, and one that takes no body refuses a body with anything in it, with the 400 that names what was
 * sent; `{}` (which the web app sends with every call) and no body at all (null to Fastify) are fine. GET and HEAD
 * carry no body.
 */
export function refuseUndeclaredInputs(route: RouteOptions): void {
  route.schema ??= {};
  route.schema.querystring ??= noQuery;
  const methods = [route.method].flat();
  if (!methods.includes('GET') && !methods.includes('HEAD')) route.schema.body ??= emptyBody;
}

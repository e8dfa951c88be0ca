import type { FastifyRequest } from 'fastify';
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

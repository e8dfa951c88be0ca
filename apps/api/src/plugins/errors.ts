import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorCatalogue, type ErrorName } from '@storefront/contract/errors';
import { AppError } from '../lib/app-error.js';

type FieldError = { field: string; message: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the SPA plugin when a built web app is there to serve. */
    serveSpa?: (req: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;
  }
}

export function sendError(
  reply: FastifyReply,
  name: ErrorName,
  msg?: string,
  data: { fields: FieldError[] } | null = null,
) {
  const entry = errorCatalogue[name];
  // Bypass the route's success schema: an error envelope carries no data of that shape.
  return reply
    .status(entry.status)
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => JSON.stringify(payload))
    .send({ code: entry.code, msg: msg ?? entry.msg, data });
}

function fieldName(path: string): string {
  return path.replace(/^\//, '').replace(/\//g, '.');
}

const FRAMEWORK_ERRORS: Record<string, { name: ErrorName; msg?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { name: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    name: 'VALIDATION',
    msg: 'body: send JSON (Content-Type: application/json)',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { name: 'VALIDATION', msg: 'body: is empty but JSON was declared' },
  FST_ERR_CTP_INVALID_JSON_BODY: { name: 'VALIDATION', msg: 'body: is not valid JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    name: 'VALIDATION',
    msg: 'body: length does not match Content-Length',
  },
};

/** Every error, whatever threw it, leaves as the envelope with the status of its catalogue entry. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((err: FastifyError, req, reply) => {
      if (err instanceof AppError) {
        if (err.status >= 500) req.log.error({ err }, err.message);
        return sendError(reply, err.name, err.message);
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const fields = err.validation.map((v) => {
          const field = [err.validationContext, fieldName(v.instancePath)].filter(Boolean).join('.');
          return { field, message: v.message ?? 'is not valid' };
        });
        const msg = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
        return sendError(reply, 'VALIDATION', msg, { fields });
      }
      if (isResponseSerializationError(err)) {
        req.log.error({ err }, 'response did not match its schema');
        return sendError(reply, 'INTERNAL');
      }
      const known = err.code ? FRAMEWORK_ERRORS[err.code] : undefined;
      if (known) return sendError(reply, known.name, known.msg);
      if (err.statusCode === 429) return sendError(reply, 'RATE_LIMITED');
      if (err.statusCode === 413) return sendError(reply, 'PAYLOAD_TOO_LARGE');
      if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        return sendError(reply, 'VALIDATION', err.message);
      }
      req.log.error({ err }, 'unhandled error');
      return sendError(reply, 'INTERNAL');
    });

    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split('?')[0] ?? '';
      const wantsPage = req.method === 'GET' || req.method === 'HEAD';
      if (app.serveSpa && wantsPage && !path.startsWith('/api/')) return app.serveSpa(req, reply);
      return sendError(reply, 'NO_SUCH_ROUTE', `No such route: ${req.method} ${path}`);
    });
  },
  { name: 'errors' },
);

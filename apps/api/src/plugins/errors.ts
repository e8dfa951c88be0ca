import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { FIELD_ERRORS_MAX, FIELD_MESSAGE_MAX, FIELD_NAME_MAX } from '@storefront/contract/common';
import { errorCatalogue, type ErrorName } from '@storefront/contract/errors';
import { isDatabaseUnavailable, isTransactionConflict } from '../db/client.js';
import { AppError } from '../lib/app-error.js';

type FieldError = { field: string; message: string };

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

/** What Fastify refuses before the route's schema runs; a refused body is named as the field at fault. */
const FRAMEWORK_ERRORS: Record<string, { name: ErrorName; body?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { name: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { name: 'VALIDATION', body: 'send JSON (Content-Type: application/json)' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { name: 'VALIDATION', body: 'is empty but JSON was declared' },
  FST_ERR_CTP_INVALID_JSON_BODY: { name: 'VALIDATION', body: 'is not valid JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { name: 'VALIDATION', body: 'length does not match Content-Length' },
};

/** A 400 naming one field, as the route schemas' answers do. */
function sendFieldError(reply: FastifyReply, field: string, message: string) {
  return sendError(reply, 'VALIDATION', `${field}: ${message}`, { fields: [{ field, message }] });
}

/** Errors Fastify raises before routing (an over-long path parameter, a malformed URL), as the envelope. */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  // Routing refused it, so the onRequest hooks that name every answer never ran.
  reply.header('x-request-id', req.id).header('cache-control', 'no-store');
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, 'URI_TOO_LONG');
  return sendFieldError(reply, 'url', 'is not a valid address');
}

const CLIENT_ERRORS: Record<string, ErrorName> = {
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
};

/**
 * What Node's HTTP parser refuses (oversized headers, a garbled request, a timeout) never reaches Fastify's
 * routing; answer it on the socket as the envelope too.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const entry = errorCatalogue[CLIENT_ERRORS[err.code ?? ''] ?? 'VALIDATION'];
    const body = JSON.stringify({ code: entry.code, msg: entry.msg, data: null });
    socket.write(
      `HTTP/1.1 ${entry.status} ${STATUS_CODES[entry.status] ?? 'Error'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** Every error, whatever threw it, leaves as the envelope with the status of its catalogue entry. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((err: FastifyError, req, reply) => {
      if (err instanceof AppError) {
        if (err.status >= 500) req.log.error({ err }, err.message);
        if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
        return sendError(reply, err.name, err.message);
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        // Bounded as the contract's errorEnvelope says: a body full of mistakes must not echo back unbounded.
        const fields = err.validation.slice(0, FIELD_ERRORS_MAX).map((v) => {
          const field = [err.validationContext, fieldName(v.instancePath)].filter(Boolean).join('.');
          const message = v.message ?? 'is not valid';
          return { field: field.slice(0, FIELD_NAME_MAX), message: message.slice(0, FIELD_MESSAGE_MAX) };
        });
        const msg = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
        return sendError(reply, 'VALIDATION', msg, { fields });
      }
      if (isResponseSerializationError(err)) {
        req.log.error({ err }, 'response did not match its schema');
        return sendError(reply, 'INTERNAL');
      }
      if (isDatabaseUnavailable(err)) {
        req.log.warn({ code: err.code }, 'database unavailable');
        reply.header('retry-after', '5');
        return sendError(reply, 'UNAVAILABLE');
      }
      if (isTransactionConflict(err)) {
        // Rolled back whole: a retry is safe, so the client is told to make one rather than shown a failure.
        req.log.warn({ err }, 'transaction conflict (deadlock or serialization failure)');
        reply.header('retry-after', '1');
        return sendError(reply, 'UNAVAILABLE', 'The store was busy with the same items. Please try again.');
      }
      const known = err.code ? FRAMEWORK_ERRORS[err.code] : undefined;
      if (known?.body) return sendFieldError(reply, 'body', known.body);
      if (known) return sendError(reply, known.name);
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

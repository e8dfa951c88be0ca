import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Logger options that keep passwords, hashes, tokens, links and SQL parameters out of every log line. */

const CENSOR = '[redacted]';
const MAX_CAUSES = 5;
const SQLSTATE = /^[0-9A-Z]{5}$/;
const PARAMS = /\n\s*params:[\s\S]*$/;

export type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/** Fields of database and framework errors that describe what failed without carrying any value. */
const SAFE_ERROR_FIELDS = ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'routine'];

const SECRET_FIELDS = [
  'password',
  'oldPassword',
  'newPassword',
  'passwordHash',
  'token',
  'idToken',
  'authorization',
  'cookie',
  '["set-cookie"]',
];

// Quoted names after these words are identifiers (`unique constraint "customers_email_key"`); other quoted
// text in a database message is a value (`invalid input syntax for type integer: "..."`).
const QUOTED_VALUE =
  /(?<!\b(?:constraint|relation|column|table|index|type|function|schema|database|role|sequence|encoding|view|trigger|extension|operator) )"[^"]*"/g;

function fieldOf(value: object, key: string): unknown {
  return (value as Record<string, unknown>)[key];
}

function isErrorLike(value: unknown): value is Error {
  return typeof value === 'object' && value !== null && typeof fieldOf(value, 'message') === 'string';
}

function cleanMessage(err: Error, isDatabaseError: boolean): string {
  // Drizzle's DrizzleQueryError appends "params: <every bound value>" to the SQL text.
  const withoutParams = err.message.replace(PARAMS, '');
  return isDatabaseError ? withoutParams.replace(QUOTED_VALUE, `"${CENSOR}"`) : withoutParams;
}

/**
 * The err serializer: type, message, SQL text and error code of an error and its causes, never the bound
 * parameters, `detail` (which repeats the failing row) or `where`. The stack keeps only its frames, since its
 * first line repeats the raw message.
 */
export function serializeError(err: unknown, depth = 0): SerializedError {
  if (!isErrorLike(err)) {
    return { type: typeof err, message: String(err).replace(PARAMS, ''), stack: '' };
  }
  const code = fieldOf(err, 'code');
  const isDatabaseError = typeof code === 'string' && SQLSTATE.test(code);
  const type = (typeof err.constructor === 'function' && err.constructor.name) || String(err.name);
  const message = cleanMessage(err, isDatabaseError);
  const out: SerializedError = { type, message, stack: '' };
  const query = fieldOf(err, 'query');
  if (typeof query === 'string') out.query = query;
  for (const key of SAFE_ERROR_FIELDS) {
    const value = fieldOf(err, key);
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  out.stack = [`${type}: ${message}`, ...frames].join('\n');
  if (isErrorLike(err.cause) && depth < MAX_CAUSES) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/** A URL with every query value replaced: links carry tokens, signatures and email addresses there. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? pair : `${pair.slice(0, eq)}=${CENSOR}`;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** Fastify's own request serializer, with the query values taken out of the URL. */
export function serializeRequest(
  req: Partial<Pick<FastifyRequest, 'method' | 'url' | 'headers' | 'host' | 'ip' | 'socket'>>,
) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url) : undefined,
    version: [req.headers?.['accept-version']].flat()[0],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

export const redactPaths = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((f) => (f.startsWith('[') ? `*${f}` : `*.${f}`)),
  ...SECRET_FIELDS.map((f) => (f.startsWith('[') ? `*.*${f}` : `*.*.${f}`)),
];

export type LoggerOptions = Extract<NonNullable<FastifyServerOptions['logger']>, object>;

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: { err: serializeError, req: serializeRequest },
    redact: { paths: redactPaths, censor: CENSOR },
  };
}

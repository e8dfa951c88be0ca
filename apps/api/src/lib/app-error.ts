import { errorCatalogue, type ErrorName } from '@storefront/contract/errors';

let stackTraceLimit = Error.stackTraceLimit;

/**
 * These are answers, not faults: the stack trace V8 would capture cost a quarter of a 401's time under load, and
 * nobody reads it. The constructor puts the limit back once `super` has run.
 */
function withoutStack(message: string): string {
  stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  return message;
}

/** The one error type services throw; the error plugin turns it into the envelope and HTTP status. */
export class AppError extends Error {
  readonly code: number;
  readonly status: number;
  /** When a rate-limited caller may try again; the error plugin sends it as Retry-After. */
  readonly retryAfterSeconds?: number;

  constructor(
    override readonly name: ErrorName,
    message?: string,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(withoutStack(message ?? errorCatalogue[name].msg));
    Error.stackTraceLimit = stackTraceLimit;
    const entry = errorCatalogue[name];
    this.code = entry.code;
    this.status = entry.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

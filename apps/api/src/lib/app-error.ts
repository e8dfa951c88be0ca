import { errorCatalogue, type ErrorName } from '@storefront/contract/errors';

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
    const entry = errorCatalogue[name];
    super(message ?? entry.msg);
    this.code = entry.code;
    this.status = entry.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

import { errorCatalogue, type ErrorName } from '@storefront/contract/errors';

/** The one error type services throw; the error plugin turns it into the envelope and HTTP status. */
export class AppError extends Error {
  readonly code: number;
  readonly status: number;

  constructor(
    override readonly name: ErrorName,
    message?: string,
  ) {
    const entry = errorCatalogue[name];
    super(message ?? entry.msg);
    this.code = entry.code;
    this.status = entry.status;
  }
}

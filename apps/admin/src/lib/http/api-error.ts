import type { FieldError } from '@storefront/contract/common';
import { errorCatalogue } from '@storefront/contract/errors';

export const NETWORK_MESSAGE = 'Please check your network connection and try again.';
const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/**
 * Every failed call rejects with one of these: a business refusal (HTTP 200, code > 100000), an error status with
 * its envelope (400 naming fields, 401, 403, 404, 429, 5xx), or no answer at all (`code` and `status` null).
 */
export class ApiError extends Error {
  readonly code: number | null;
  readonly status: number | null;
  readonly fields: FieldError[];

  constructor(
    message: string,
    {
      code = null,
      status = null,
      fields = [],
    }: { code?: number | null; status?: number | null; fields?: FieldError[] } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.fields = fields;
  }

  get isNetworkFailure(): boolean {
    return this.status === null && this.code === null;
  }
}

export function networkError(): ApiError {
  return new ApiError(NETWORK_MESSAGE);
}

/** The error an answer's body stands for: its envelope's code and message, and the fields a 400 names. */
export function errorFromBody(body: unknown, status: number): ApiError {
  const code = property(body, 'code');
  const msg = property(body, 'msg');
  const fields = property(property(body, 'data'), 'fields');
  const fieldErrors = Array.isArray(fields) ? fields.filter(isFieldError) : [];
  const isValidation = code === errorCatalogue.VALIDATION.code && fieldErrors.length > 0;
  // A 400's msg names fields as the API does ("body.email: …"): the fields carry them; the form says it plainly.
  const message = isValidation
    ? errorCatalogue.VALIDATION.msg
    : typeof msg === 'string' && msg.trim() !== ''
      ? msg
      : FALLBACK_MESSAGE;
  return new ApiError(message, {
    code: typeof code === 'number' ? code : null,
    status,
    fields: fieldErrors,
  });
}

/** The text to show for whatever a call rejected with. */
export function readErrorMessage(reason: unknown): string {
  if (reason instanceof Error && reason.message) return reason.message;
  return FALLBACK_MESSAGE;
}

/** The catalogue code a call was refused with, or null (no answer, or not a call). */
export function readErrorCode(reason: unknown): number | null {
  return reason instanceof ApiError ? reason.code : null;
}

export function isForbidden(reason: unknown): boolean {
  return (
    reason instanceof ApiError &&
    (reason.code === errorCatalogue.FORBIDDEN.code || reason.status === errorCatalogue.FORBIDDEN.status)
  );
}

function isFieldError(value: unknown): value is FieldError {
  return typeof property(value, 'field') === 'string' && typeof property(value, 'message') === 'string';
}

function property(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}

import { createAsyncThunk, type Dispatch } from '@reduxjs/toolkit';
import type { FieldError } from '@storefront/contract/common';
import { errorCatalogue } from '@storefront/contract/errors';
import { readErrorCode, readErrorMessage } from './http/error-message';

/** A refused call as a form needs it: what to say, the catalogue code, and the fields a 400 names. */
export type Refusal = { message: string; code: number | null; fields: FieldError[] };

/** The fields of a form that a business refusal is about, by catalogue code (the first one carries the message). */
export type FieldsByCode = Partial<Record<number, readonly string[]>>;

export type FieldErrors = { name: string; errors: string[] }[];

export function readRefusal(reason: unknown): Refusal {
  const code = readErrorCode(reason);
  const fields = readFieldErrors(reason);
  // A 400's msg lists the fields as the API names them ("body.email: …"): fine for a log, not for a customer.
  const message =
    code === errorCatalogue.VALIDATION.code && fields.length > 0
      ? errorCatalogue.VALIDATION.msg
      : readErrorMessage(reason);
  return { message, code, fields };
}

/** A refusal that is only a message, for a failure with no answer to read. */
export function refusalSaying(message: string): Refusal {
  return { message, code: null, fields: [] };
}

/**
 * What to put on which of `formFields`: a business refusal's message on the first field its code is about (the others
 * marked, not told the same sentence again), a 400's own message on each field it names. Empty when the refusal is
 * about none of them: then the message is shown on its own.
 */
export function findFieldErrors(
  refusal: Refusal,
  formFields: readonly string[],
  fieldsByCode: FieldsByCode = {},
): FieldErrors {
  const byCode = refusal.code === null ? undefined : fieldsByCode[refusal.code];
  if (byCode) {
    return byCode
      .filter((name) => formFields.includes(name))
      .map((name, index) => ({ name, errors: [index === 0 ? refusal.message : ''] }));
  }
  const found: FieldErrors = [];
  for (const { field, message } of refusal.fields) {
    const name = formFieldName(field);
    if (!formFields.includes(name)) continue;
    const known = found.find((f) => f.name === name);
    if (known) known.errors.push(asSentence(message));
    else found.push({ name, errors: [asSentence(message)] });
  }
  return found;
}

const createRefusableThunk = createAsyncThunk.withTypes<{ rejectValue: Refusal }>();

/** Like `createCallThunk`, for a form's call: it rejects with the whole refusal, so the form can mark its fields. */
export function createFormThunk<Returned, Arg>(
  type: string,
  call: (arg: Arg, thunk: { dispatch: Dispatch }) => Promise<Returned>,
) {
  return createRefusableThunk<Returned, Arg>(type, async (arg, { dispatch, rejectWithValue }) => {
    try {
      return await call(arg, { dispatch });
    } catch (err) {
      return rejectWithValue(readRefusal(err));
    }
  });
}

/** The message a rejected form thunk leaves for the slice to store. */
export function readFormRejection(action: {
  payload?: Refusal | undefined;
  error: { message?: string };
}): string {
  return action.payload?.message ?? action.error.message ?? 'Something went wrong.';
}

/** `body.birthday` or `body.items.0.qty` as the API names a field: the form's field is the first step in the body. */
function formFieldName(field: string): string {
  return field.replace(/^body\./, '').split('.')[0] ?? '';
}

/** The schema's messages are fragments ("must be four digits"); under a field they read as a sentence. */
function asSentence(message: string): string {
  const text = message.trim();
  const capitalised = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/** A 400 names its fields in the envelope's `data.fields`; axios rejects with the response that carries it. */
function readFieldErrors(reason: unknown): FieldError[] {
  for (const envelope of [reason, property(reason, 'data')]) {
    const fields = property(property(envelope, 'data'), 'fields');
    if (Array.isArray(fields)) return fields.filter(isFieldError);
  }
  return [];
}

function isFieldError(value: unknown): value is FieldError {
  return typeof property(value, 'field') === 'string' && typeof property(value, 'message') === 'string';
}

function property(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}

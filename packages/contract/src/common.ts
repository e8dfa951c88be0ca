import { z } from 'zod';
import { canonicalEmail, EMAIL_MAX, type EmailProblem, emailProblem } from './email-address.js';
import { INVISIBLE, withoutInvisible } from './limits.js';

export const INT32_MAX = 2_147_483_647;
export const PAGE_SIZE_MAX = 50;
/** At most this many field errors come back with a 400, their names and messages cut to these lengths. */
export const FIELD_ERRORS_MAX = 20;
export const FIELD_NAME_MAX = 200;
export const FIELD_MESSAGE_MAX = 300;

/** C0 controls (NUL among them, which PostgreSQL refuses), DEL and C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const PLAIN_TEXT = /^[^\x00-\x1f\x7f-\x9f]*$/;
/** The same, less the tab and line feed that text of several lines (delivery instructions) holds. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const LINES_OF_TEXT = /^[^\x00-\x08\x0b-\x1f\x7f-\x9f]*$/;
/** Such text as a client sends it, before its line breaks are made \n: carriage returns too. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const LINES_OF_TEXT_AS_SENT = /^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$/;
/** A lone UTF-16 surrogate would reach the database as U+FFFD. */
const LONE_SURROGATE = /\p{Cs}/u;
/** A combining mark first has nothing to combine with. */
const LEADING_MARK = /^\p{M}/u;

/**
 * Every string a client sends is built here: bounded, trimmed unless told otherwise, free of control characters
 * and of lone surrogates. A `pattern` of its own replaces the control-character one, so it must not match control
 * characters either (one pattern per string: two would each become an unbounded `allOf` branch in OpenAPI).
 */
export function text(
  max: number,
  {
    trim = true,
    pattern = PLAIN_TEXT,
    error = 'must not contain control characters',
    secret = false,
  }: {
    trim?: boolean;
    pattern?: RegExp;
    error?: string;
    /** A password: never shown, so any character a customer can type is theirs to use. */
    secret?: boolean;
  } = {},
) {
  const checked = (trim ? z.string().trim() : z.string())
    .max(max)
    .regex(pattern, { error })
    .refine((s) => !LONE_SURROGATE.test(s), { error: 'must be valid Unicode text' });
  if (secret) return checked;
  return checked
    .refine((s) => !INVISIBLE.test(s), { error: 'must not contain invisible formatting characters' })
    .refine((s) => !LEADING_MARK.test(s), { error: 'must not start with a combining mark' });
}

/** What a customer searches for: invisible formatting characters pasted with the words are dropped, not refused. */
export function searchText(max: number) {
  return z.string().max(max).transform(withoutInvisible).pipe(text(max));
}

const CONTROL_IN_LINES = 'must not contain control characters other than line breaks and tabs';

/**
 * Text of several lines, as a text area sends it: line breaks written \r\n or \r become \n, then it is checked as
 * `text` is, line feeds and tabs allowed. A line break counts once however it was written; the text as sent is
 * bounded too, at twice `max` (every character of it a line break written \r\n).
 */
export function linesOfText(max: number) {
  return (
    z
      .string()
      .max(max * 2, { error: `must be at most ${max} characters` })
      // Checked as sent too, so the API's documentation says which characters the field takes.
      .regex(LINES_OF_TEXT_AS_SENT, { error: CONTROL_IN_LINES })
      .transform((s) => s.replace(/\r\n?/g, '\n'))
      .pipe(
        text(max, {
          pattern: LINES_OF_TEXT,
          error: CONTROL_IN_LINES,
        }),
      )
  );
}

/** An id in a JSON body: a JSON integer, nothing else (no strings, booleans, arrays or fractions). */
export const id = z.int32().min(1);

/**
 * A whole number in a path or query string, where everything is text: plain decimal digits only (no sign,
 * exponent, hex prefix or spaces), at most `max`.
 */
export function digits(min: number, max: number = INT32_MAX) {
  return z
    .string()
    .max(String(max).length)
    .regex(/^[0-9]+$/, { error: 'must be a whole number written with digits only' })
    .transform(Number)
    .pipe(z.int32().min(min).max(max))
    .meta({ example: String(min) });
}

/** An id in a path or query string. */
export const idParam = digits(1);

/** `page` (1-based) and `pageSize` of a listing, read from the query string. */
export function pageQueryFields(defaultPageSize: number) {
  return {
    page: digits(1, 10000).prefault('1'),
    pageSize: digits(1, PAGE_SIZE_MAX).prefault(String(defaultPageSize)),
  };
}

export const pageQuery = z.strictObject(pageQueryFields(20));

export const fieldError = z.object({
  field: z.string().max(FIELD_NAME_MAX),
  message: z.string().max(FIELD_MESSAGE_MAX),
});
export type FieldError = z.infer<typeof fieldError>;

const code = z.int().min(0).max(999_999);
const msg = z.string().max(FIELD_ERRORS_MAX * (FIELD_NAME_MAX + FIELD_MESSAGE_MAX + 4));

export const envelope = <T extends z.ZodType>(data: T) => z.object({ code, msg, data });

/** `data` names the fields at fault on a 400 (validation), and is null otherwise. */
export const errorEnvelope = z.object({
  code,
  msg,
  data: z.object({ fields: z.array(fieldError).max(FIELD_ERRORS_MAX) }).nullable(),
});

export type Envelope<T> = { code: number; msg: string; data: T };

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item).max(PAGE_SIZE_MAX),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export type Paged<T> = { list: T[]; total: number; page: number; pageSize: number };

/** A moment as the API answers it: `Date.prototype.toISOString()`. */
export const isoDateTime = z.string().max(32).meta({ format: 'date-time' });

const EMAIL_PROBLEM: Record<EmailProblem, string> = {
  'not-an-address': 'must be an email address',
  'local-part-not-ascii':
    'must use only the letters a-z, digits and symbols such as . _ + - before the @: mail to an accented or other letter there may not arrive',
};

/** Checked by the web forms' own rule (email-address.ts), kept as `canonicalEmail` writes it. */
export const email = text(EMAIL_MAX)
  .superRefine((s, ctx) => {
    const problem = emailProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: EMAIL_PROBLEM[problem] });
  })
  .transform(canonicalEmail)
  .meta({ example: 'ada@example.com', format: 'email' });

/** Four digits, a leading zero kept (0800 Darwin); spaces typed or pasted around them are dropped. */
export const postcode = text(4, { pattern: /^\d{4}$/, error: 'must be four digits' }).meta({
  example: '2000',
});

export const emptyBody = z.strictObject({}).nullish();

export const ok = z.null();

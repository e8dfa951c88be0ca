import { errorCatalogue } from '@storefront/contract/errors';
import { describe, expect, it } from 'vitest';
import { findFieldErrors, readRefusal } from './form-refusal';

const emailTaken = { code: errorCatalogue.EMAIL_TAKEN.code, msg: errorCatalogue.EMAIL_TAKEN.msg, data: null };
const unknownLocality = {
  code: errorCatalogue.UNKNOWN_POSTCODE.code,
  msg: errorCatalogue.UNKNOWN_POSTCODE.msg,
  data: null,
};

/** What axios rejects with for a 400: the response, its body the envelope naming the fields. */
function schemaRefusal(fields: { field: string; message: string }[]) {
  return {
    status: 400,
    data: {
      code: errorCatalogue.VALIDATION.code,
      msg: fields.map((f) => `${f.field}: ${f.message}`).join('; '),
      data: { fields },
    },
  };
}

const registerFields = [
  'firstName',
  'lastName',
  'email',
  'password',
  'confirmPassword',
  'postCode',
  'suburb',
];

describe('reading a refusal for a form', () => {
  it('a business refusal keeps its message and catalogue code', () => {
    expect(readRefusal(emailTaken)).toEqual({
      message: 'An account with this email already exists.',
      code: errorCatalogue.EMAIL_TAKEN.code,
      fields: [],
    });
  });

  it('a 400 keeps the fields it names and says the catalogue message rather than their list', () => {
    const refusal = readRefusal(schemaRefusal([{ field: 'body.birthday', message: 'must be a date' }]));
    expect(refusal.message).toBe(errorCatalogue.VALIDATION.msg);
    expect(refusal.fields).toEqual([{ field: 'body.birthday', message: 'must be a date' }]);
  });

  it('a failure without an answer is only its message', () => {
    expect(readRefusal(new Error('Please check your network connection and try again.'))).toEqual({
      message: 'Please check your network connection and try again.',
      code: null,
      fields: [],
    });
  });
});

describe('the fields a refusal is about', () => {
  it('a business refusal tells its message at the first field of its code and marks the others silently', () => {
    const byCode = { [errorCatalogue.UNKNOWN_POSTCODE.code]: ['postCode', 'suburb'] };
    expect(findFieldErrors(readRefusal(unknownLocality), registerFields, byCode)).toEqual([
      { name: 'postCode', errors: ['That postcode and suburb are not a known Australian locality.'] },
      { name: 'suburb', errors: [''] },
    ]);
  });

  it('each field a 400 names gets its own message, as a sentence', () => {
    const refusal = readRefusal(
      schemaRefusal([
        { field: 'body.email', message: 'must be an email address' },
        { field: 'body.suburb', message: 'must not contain control characters' },
      ]),
    );
    expect(findFieldErrors(refusal, registerFields)).toEqual([
      { name: 'email', errors: ['Must be an email address.'] },
      { name: 'suburb', errors: ['Must not contain control characters.'] },
    ]);
  });

  it('a refusal about no field of the form marks none, so its message is shown on its own', () => {
    const rateLimited = {
      code: errorCatalogue.RATE_LIMITED.code,
      msg: errorCatalogue.RATE_LIMITED.msg,
      data: null,
    };
    expect(findFieldErrors(readRefusal(rateLimited), registerFields, {})).toEqual([]);
    const aboutTheBody = schemaRefusal([{ field: 'body', message: 'is not valid JSON' }]);
    expect(findFieldErrors(readRefusal(aboutTheBody), registerFields)).toEqual([]);
    expect(
      findFieldErrors(readRefusal(emailTaken), ['oldPassword'], { [emailTaken.code]: ['email'] }),
    ).toEqual([]);
  });
});

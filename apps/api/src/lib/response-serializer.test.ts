import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializerCompiler, foldNullables } from './response-serializer.js';

const answer = z.object({
  code: z.number().int(),
  data: z.object({
    name: z.string(),
    wasPrice: z.number().int().nullable(),
    coupon: z.object({ code: z.string() }).nullable(),
  }),
});

function serializer(checkContract: boolean) {
  return createResponseSerializerCompiler({ checkContract })({ schema: answer, method: 'GET', url: '/x' });
}

describe('answers written from the contract', () => {
  it('write only the fields the contract names: a stray column never leaves the server', () => {
    const row = {
      code: 0,
      data: { name: 'Milk', wasPrice: null, coupon: null, passwordHash: 'secret' },
      extra: 1,
    };
    for (const check of [true, false]) {
      const text = serializer(check)(row);
      expect(JSON.parse(text)).toEqual({ code: 0, data: { name: 'Milk', wasPrice: null, coupon: null } });
      expect(text).not.toContain('secret');
    }
  });

  it('write nullables either way, as JSON.stringify would', () => {
    const value = { code: 0, data: { name: 'Tea', wasPrice: 450, coupon: { code: 'WELCOME10' } } };
    expect(serializer(false)(value)).toBe(JSON.stringify(value));
  });

  it('in development and tests an answer outside the contract fails loudly instead of being coerced', () => {
    const wrong = { code: 0, data: { name: 42, wasPrice: null, coupon: null } };
    expect(() => serializer(true)(wrong)).toThrow();
    expect(JSON.parse(serializer(false)(wrong))).toMatchObject({ data: { name: '42' } });
  });

  it("fold zod's anyOf-with-null into nullable, leaving real unions alone", () => {
    expect(foldNullables({ anyOf: [{ type: 'string', maxLength: 3 }, { type: 'null' }] })).toEqual({
      type: 'string',
      maxLength: 3,
      nullable: true,
    });
    const union = { anyOf: [{ type: 'string' }, { type: 'number' }] };
    expect(foldNullables(union)).toEqual(union);
  });
});

import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNullType = (v: unknown) => isObject(v) && v.type === 'null' && Object.keys(v).length === 1;

/**
 * Zod writes a nullable as `anyOf: [S, {type: 'null'}]`, which fast-json-stringify can only serialise by running a
 * validator on every value; `S` with `nullable: true` is the same shape, checked with a plain `=== null`.
 */
export function foldNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(foldNullables);
  if (!isObject(node)) return node;
  const folded: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) folded[key] = foldNullables(value);
  const options = folded.anyOf;
  if (Array.isArray(options) && options.length === 2 && options.some(isNullType)) {
    const other = options.find((o) => !isNullType(o));
    if (isObject(other) && other.anyOf === undefined && other.$ref === undefined) {
      const { anyOf: _, ...rest } = folded;
      return { ...rest, ...other, nullable: true };
    }
  }
  return folded;
}

/** The JSON Schema of a response's zod schema, as it leaves the server. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'any' });
  const { $schema: _, ...rest } = foldNullables(json) as JsonSchema;
  return rest;
}

/**
 * Answers are written by fast-json-stringify, compiled once per route from the contract's schema: only the contract's
 * fields leave the server, several times faster than parsing each answer with zod first. With `checkContract` (in
 * development and tests) every answer is also parsed against the contract and one that does not match fails
 * loudly, the way fastify-type-provider-zod's serializer does.
 */
export function createResponseSerializerCompiler(options: {
  checkContract: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const stringify = fastJson(responseJsonSchema(schema));
    if (!options.checkContract) return stringify;
    return (data: unknown) => {
      const result = schema.safeParse(data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(result.data);
    };
  };
}

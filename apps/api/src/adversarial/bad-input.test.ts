import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type * as FastifyModule from 'fastify';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { INT32_MAX } from '@storefront/contract/common';
import { queryRows, type Database } from '../db/client.js';
import { ADMIN_API_PREFIX } from '@storefront/contract/staff';
import { bearer, registerCustomer } from '../../test/factories.js';
import { addStaff, staffSession } from '../../test/staff-factories.js';
import { createTestApp } from '../../test/test-app.js';

/**
 * Malformed requests, generated from each route's own zod schema, for every route that takes a body, a query or
 * path parameters: each must be refused with a 400 envelope naming the field at fault, and must write nothing.
 * Routes are read from the app as it registers them, so a new route is covered without touching this file.
 */

const SEED = Number(process.env.FUZZ_SEED) || 20_251_122;
/** Query arrays whose items are any text, not choices: any word is a good item. */
const FREE_TEXT_ITEMS = new Set(['querystring.brand']);
const RANDOM_RUNS = 100;

// Every Fastify instance the app creates reports its routes, with their zod schemas, as they are registered.
const registered = vi.hoisted((): RouteOptions[] => []);
vi.mock('fastify', async (importOriginal) => {
  const fastify = await importOriginal<typeof FastifyModule>();
  const create = fastify.default as unknown as (options?: object) => FastifyInstance;
  return {
    ...fastify,
    default: (options?: object) => {
      const app = create(options);
      app.addHook('onRoute', (route) => {
        registered.push(route);
      });
      return app;
    },
  };
});

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  enum?: Json[];
  const?: Json;
  example?: Json;
  default?: Json;
  format?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
};

type Part = 'body' | 'querystring' | 'params';
type Path = (string | number)[];
/** One field of a request: its input schema, and for path and query fields the integer they must become. */
type Target = { part: Part; path: Path; schema: Schema; isRequired: boolean; integer?: Schema };
/** A malformed request: one field changed (`value`), removed (`isMissing`) or joined by an unknown `extraKey`. */
type Case = { part: Part; path: Path; kind: string; value?: Json; isMissing?: boolean; extraKey?: string };
type Route = {
  method: string;
  url: string;
  schemas: Partial<Record<Part, z.ZodType>>;
  examples: Partial<Record<Part, Json>>;
  targets: Target[];
};

const CONTROL_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
];
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];
/** Layout characters that show nothing: refused in any shown text (passwords take them; searches drop them). */
const INVISIBLE_CHARACTERS = ['\u200b', '\u202e', '\u2066', '\u2028', '\u2029', '\ufeff', '\uffff', '\ufdd0'];
const TAKES_INVISIBLE = /password|^keyword$/i;
const EXTRA_KEYS = ['fuzzExtra', 'customerID', 'isAdmin', 'constructor', 'status'];
/** A path or query number written any way but plain digits. */
const NOT_DIGITS = [
  '0x10',
  '1e3',
  '+1',
  '-1',
  ' 1',
  '1 ',
  '1.5',
  '1,000',
  'true',
  '[2]',
  'abc',
  '１２',
  '٣',
  '0b1',
];
const WRONG_JSON: Json[] = [
  true,
  false,
  0,
  1,
  1.5,
  -1,
  'a',
  '1',
  '0x10',
  '',
  [],
  [2],
  ['a'],
  {},
  { a: 1 },
  null,
];
const NESTED_GARBAGE: Json = { a: [[[{ b: [[[{ c: [null, true, 'x', 1.5] }]]] }]]] };

function isZod(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Schema {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Schema;
}

/** The non-null shapes a schema allows, and whether null is one of them. */
function variants(schema: Schema): { shapes: Schema[]; isNullable: boolean } {
  if (schema.anyOf) {
    const inner = schema.anyOf.map(variants);
    return { shapes: inner.flatMap((v) => v.shapes), isNullable: inner.some((v) => v.isNullable) };
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const isNullable = schema.nullable === true || types.includes('null');
  if (types.length <= 1 && !types.includes('null')) return { shapes: [schema], isNullable };
  return { shapes: types.filter((t) => t !== 'null').map((type) => ({ ...schema, type })), isNullable };
}

function jsonType(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function allowsType(schema: Schema, type: string): boolean {
  const { shapes, isNullable } = variants(schema);
  if (type === 'null') return isNullable;
  return shapes.some((s) => {
    if (s.const !== undefined || s.enum)
      return (s.enum ?? [s.const]).some((v) => jsonType(v ?? null) === type);
    return s.type === type || (s.type === 'number' && type === 'integer') || s.type === undefined;
  });
}

/** A valid value, from the contract's `example`, default, const or first choice, else the smallest that fits. */
function exampleOf(schema: Schema): Json {
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0] ?? null;
  const [shape] = variants(schema).shapes;
  if (!shape) return null;
  if (shape !== schema) return exampleOf(shape);
  switch (shape.type) {
    case 'object':
      return Object.fromEntries(Object.entries(shape.properties ?? {}).map(([k, p]) => [k, exampleOf(p)]));
    case 'array':
      return Array.from({ length: Math.max(1, shape.minItems ?? 0) }, () => exampleOf(shape.items ?? {}));
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, shape.minimum ?? 1), shape.maximum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      if (shape.format === 'date') return '1990-01-31';
      return 'a'.repeat(Math.max(1, shape.minLength ?? 0));
    default:
      return 'a';
  }
}

function schemaAt(schema: Schema | undefined, path: Path): Schema | undefined {
  let at = schema;
  for (const key of path) {
    const shapes = at ? variants(at).shapes : [];
    at =
      typeof key === 'number'
        ? shapes.find((s) => s.items)?.items
        : shapes.find((s) => s.properties?.[key])?.properties?.[key];
  }
  return at;
}

function collectTargets(
  part: Part,
  schema: Schema,
  output: Schema,
  path: Path,
  isRequired: boolean,
): Target[] {
  const integer = part === 'body' ? undefined : schemaAt(output, path);
  const here: Target = {
    part,
    path,
    schema,
    isRequired,
    ...(integer?.type === 'integer' ? { integer } : {}),
  };
  const nested = variants(schema).shapes.flatMap((shape) => [
    ...Object.entries(shape.properties ?? {}).flatMap(([key, property]) =>
      collectTargets(part, property, output, [...path, key], shape.required?.includes(key) ?? false),
    ),
    ...(shape.items ? collectTargets(part, shape.items, output, [...path, 0], true) : []),
  ]);
  return [here, ...nested];
}

function describeRoute(route: RouteOptions): Route | null {
  const schema = route.schema ?? {};
  // A raw body (a CSV file, an image) is not JSON: those routes answer bad files in their own modules' tests.
  const consumes = (schema as { consumes?: string[] }).consumes;
  if (consumes && !consumes.includes('application/json')) return null;
  const found = { body: schema.body, querystring: schema.querystring, params: schema.params };
  const schemas: Partial<Record<Part, z.ZodType>> = {};
  for (const [part, s] of Object.entries(found) as [Part, unknown][]) if (isZod(s)) schemas[part] = s;
  if (Object.keys(schemas).length === 0) return null;
  const examples: Partial<Record<Part, Json>> = {};
  const targets: Target[] = [];
  for (const [part, s] of Object.entries(schemas) as [Part, z.ZodType][]) {
    const input = jsonSchema(s, 'input');
    examples[part] = exampleOf(input);
    // Only fields the example has room for: an array's items when it chose the array, not the single value.
    const all = collectTargets(part, input, jsonSchema(s, 'output'), [], true).filter(
      (t) => t.path.length === 0 || hasContainer(examples[part], t.path.slice(0, -1)),
    );
    // A query string or a path is always a set of fields; only a body can be the wrong thing as a whole.
    targets.push(...(part === 'body' ? all : all.filter((t) => t.path.length > 0 || part === 'querystring')));
  }
  const method = [route.method].flat()[0] ?? 'GET';
  return { method, url: route.url, schemas, examples, targets };
}

function isStrictObject(schema: Schema): boolean {
  return variants(schema).shapes.some((s) => s.type === 'object' && s.additionalProperties === false);
}

/** `insert` strictly inside `text`, where trimming cannot take it away. */
function insertInside(text: string, position: number, insert: string): string {
  const padded = text.length >= 2 ? text : `${text}${text}x`;
  const at = 1 + (position % (padded.length - 1));
  return `${padded.slice(0, at)}${insert}${padded.slice(at)}`;
}

function hasContainer(value: Json | undefined, path: Path): boolean {
  let at: Json | undefined = value;
  for (const key of path) {
    at = at !== null && typeof at === 'object' ? (at as Record<string, Json>)[key] : undefined;
  }
  return at !== null && typeof at === 'object';
}

/** Values that no schema allowing only `schema`'s types could accept. */
function wrongTypes(schema: Schema): Json[] {
  return [...WRONG_JSON, NESTED_GARBAGE].filter((v) => !allowsType(schema, jsonType(v)));
}

function outOfRange(schema: Schema): number[] {
  const min = schema.minimum ?? -Number.MAX_SAFE_INTEGER;
  const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  const candidates = [min - 1, max + 1, -1, 0, INT32_MAX + 1, -INT32_MAX - 2, 1e308, -1e308, 2 ** 53 + 2];
  return candidates.filter((n) => n < min || n > max);
}

type Mistakes = { fixed: Case[]; random: fc.Arbitrary<Case>[] };

/**
 * The malformed values of one field: `fixed` ones every run sends (each id gets `true`, "0x10", [2], 1.5, -1,
 * 2147483648 and so on), and `random` ones fast-check draws from.
 */
function mistakes(t: Target): Mistakes {
  const fixed: Case[] = [];
  const random: fc.Arbitrary<Case>[] = [];
  const at = (kind: string, value: Json): Case => ({ part: t.part, path: t.path, kind, value });
  const add = (kind: string, values: Json[]) => {
    const cases = values.map((v) => at(kind, v));
    fixed.push(...cases);
    if (cases.length > 0) random.push(fc.constantFrom(...cases));
  };
  const draw = (arbitrary: fc.Arbitrary<Case>, samples = 2) => {
    fixed.push(...fc.sample(arbitrary, { numRuns: samples, seed: SEED }));
    random.push(arbitrary);
  };
  const example = exampleOf(t.schema);
  const base = typeof example === 'string' && example.length > 0 ? example : 'a';
  const shapes = variants(t.schema).shapes;
  const strings = t.integer ? [] : shapes.filter((s) => s.type === 'string');
  const arrays = shapes.filter((s) => s.type === 'array');
  const known = new Set(shapes.flatMap((shape) => Object.keys(shape.properties ?? {})));
  const extraKeys = EXTRA_KEYS.filter((key) => !known.has(key));
  // Text of several lines (its pattern says so) takes line breaks and tabs; every other control character is a mistake.
  const refused = (s: Schema) =>
    CONTROL_CHARACTERS.filter((c) => !s.pattern || !new RegExp(s.pattern).test(c));

  if (t.part === 'querystring' && t.path.length === 0) {
    // The query string as a whole only takes the fields it names.
    draw(
      fc
        .tuple(fc.constantFrom(...extraKeys), fc.string({ maxLength: 20 }))
        .map(([extraKey, value]) => ({ ...at('unknown field', value), extraKey })),
    );
    return { fixed, random };
  }
  if (t.isRequired && t.path.length > 0) {
    fixed.push({ ...at('missing', null), isMissing: true });
    random.push(fc.constant({ ...at('missing', null), isMissing: true }));
  }
  if (t.path.length === 0 && !variants(t.schema).isNullable) {
    fixed.push({ ...at('no body', null), isMissing: true });
    random.push(fc.constant({ ...at('no body', null), isMissing: true }));
  }
  if (isStrictObject(t.schema)) {
    draw(
      fc
        .tuple(fc.constantFrom(...extraKeys), fc.jsonValue({ maxDepth: 2 }))
        .map(([extraKey, value]) => ({ ...at('unknown field', value as Json), extraKey })),
      extraKeys.length,
    );
  }
  for (const s of strings) {
    const controls = refused(s);
    add('control character', [
      insertInside(base, 0, '\u0000'),
      insertInside(base, 0, controls.includes('\n') ? '\n' : '\u001f'),
    ]);
    draw(
      fc
        .tuple(fc.constantFrom(...controls), fc.nat())
        .map(([c, p]) => at('control character', insertInside(base, p, c))),
    );
    if (s.maxLength !== undefined) {
      const max = s.maxLength;
      add('too long', ['x'.repeat(max + 1)]);
      draw(fc.integer({ min: max + 1, max: max + 2000 }).map((n) => at('too long', 'x'.repeat(n))));
    }
    if (s.enum || s.const !== undefined) add('not a choice', ['fuzz-not-a-choice']);
  }

  if (t.part !== 'body') {
    if (t.integer) {
      const min = t.integer.minimum ?? 0;
      const max = t.integer.maximum ?? INT32_MAX;
      add('not digits', NOT_DIGITS);
      draw(
        fc
          .string({ unit: 'grapheme', minLength: 1, maxLength: 12 })
          .filter((v) => !/^[0-9]+$/.test(v) && v !== '.' && v !== '..')
          .map((v) => at('not digits', v)),
      );
      const tooBig = [String(max + 1), String(INT32_MAX + 1), '99999999999', '9'.repeat(40)];
      add('out of range', min > 0 ? ['0', ...tooBig] : tooBig);
      if (t.part === 'querystring') add('empty', ['']);
    }
    // A repeated query key arrives as an array, which a single-valued field must refuse.
    if (t.part === 'querystring' && arrays.length === 0) add('repeated key', [[base, base]]);
    for (const a of arrays) {
      const item = exampleOf(a.items ?? {});
      if (a.maxItems !== undefined)
        add('too many items', [Array.from({ length: a.maxItems + 1 }, () => item)]);
      // Every item is text without control characters; items that are choices (allergens) refuse any other word.
      add('bad item', [[item, insertInside(typeof item === 'string' && item ? item : 'a', 0, '\u0000')]]);
      if (!FREE_TEXT_ITEMS.has(`${t.part}.${t.path.join('.')}`))
        add('bad item', [[item, 'fuzz-not-a-choice']]);
    }
    return { fixed, random };
  }

  add('wrong type', wrongTypes(t.schema));
  draw(
    fc
      .jsonValue({ maxDepth: 3 })
      .filter((v) => !allowsType(t.schema, jsonType(v as Json)))
      .map((v) => at('wrong type', v as Json)),
  );
  for (const s of shapes.filter((shape) => shape.type === 'integer' || shape.type === 'number')) {
    add('out of range', outOfRange(s));
    if (s.type === 'integer') {
      draw(
        fc
          .double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 })
          .filter((d) => !Number.isInteger(d))
          .map((v) => at('fraction', v)),
      );
    }
  }
  const field = String(t.path.at(-1) ?? '');
  if (strings.length > 0 && !TAKES_INVISIBLE.test(field)) {
    add('invisible character', [insertInside(base, 0, '\u200b'), '\u200b', '\u0301' + base]);
    draw(
      fc
        .tuple(fc.constantFrom(...INVISIBLE_CHARACTERS), fc.nat())
        .map(([c, p]) => at('invisible character', insertInside(base, p, c))),
    );
  }
  for (let i = 0; i < strings.length; i += 1) {
    add('lone surrogate', [insertInside(base, 0, '\ud800')]);
    draw(
      fc
        .tuple(fc.constantFrom(...LONE_SURROGATES), fc.nat())
        .map(([c, p]) => at('lone surrogate', insertInside(base, p, c))),
    );
  }
  for (const a of arrays) {
    const item = exampleOf(a.items ?? {});
    if (a.maxItems !== undefined) {
      const max = a.maxItems;
      add('too many items', [Array.from({ length: max + 1 }, () => item)]);
      draw(
        fc.integer({ min: max + 1, max: max + 200 }).map((n) =>
          at(
            'too many items',
            Array.from({ length: n }, () => item),
          ),
        ),
      );
    }
  }
  return { fixed, random };
}

/** Every fixed mistake of every field once, and a draw of one field then one of its random mistakes. */
function plan(route: Route): { fixed: Case[]; random: fc.Arbitrary<Case> } {
  const perField = route.targets.map(mistakes);
  const seen = new Set<string>();
  const fixed = perField
    .flatMap((m) => m.fixed)
    .filter((c) => {
      const key = JSON.stringify([c.part, c.path, c.kind, c.extraKey, c.isMissing, c.value]);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const drawable = perField.filter((m) => m.random.length > 0).map((m) => fc.oneof(...m.random));
  return { fixed, random: fc.oneof(...drawable) };
}

function clone<T extends Json | undefined>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** The request parts with the case applied to a copy of the valid example. */
function apply(route: Route, c: Case): Partial<Record<Part, Json | undefined>> {
  const parts: Partial<Record<Part, Json | undefined>> = {};
  for (const part of Object.keys(route.examples) as Part[]) parts[part] = clone(route.examples[part]);
  if (c.path.length === 0 && !c.extraKey) {
    parts[c.part] = c.isMissing ? undefined : c.value;
    return parts;
  }
  const parentPath = c.extraKey ? c.path : c.path.slice(0, -1);
  let parent = parts[c.part];
  for (const key of parentPath) {
    parent =
      parent !== null && typeof parent === 'object' ? (parent as Record<string, Json>)[key] : undefined;
  }
  if (parent === null || typeof parent !== 'object' || parent === undefined) {
    throw new Error(`no ${[c.part, ...parentPath].join('.')} in the example`);
  }
  const record = parent as Record<string, Json>;
  const key = c.extraKey ?? String(c.path.at(-1));
  if (c.isMissing) delete record[key];
  else record[key] = c.value ?? null;
  return parts;
}

function expectedField(c: Case): string {
  return [c.part, ...c.path].join('.');
}

function label(c: Case): string {
  const what = c.extraKey
    ? `unknown field ${c.extraKey}`
    : c.isMissing
      ? 'left out'
      : JSON.stringify(c.value);
  return `${c.kind} at ${expectedField(c)}: ${what}`.slice(0, 300);
}

type Envelope = { code: unknown; msg: unknown; data: unknown };
type FieldError = { field: string; message: string };

const t = await createTestApp();
const { app, database } = t;
const customer = await registerCustomer(app);
// Staff routes check the session and role before the input: an owner (two-factor on) may call every one of them.
const ownerToken = await staffSession(t, (await addStaff(database.db, 'owner')).id);
const routes = registered
  .filter((r) => r.method !== 'HEAD' && r.schema?.hide !== true)
  .map(describeRoute)
  .filter((r): r is Route => r !== null);

afterAll(async () => {
  await t.close();
});

/** Each table's row count and checksum; the 18,000 localities, which no route writes, by count only. */
async function snapshot(db: Database['db']): Promise<Record<string, string>> {
  const tables = (
    await queryRows<{ tablename: string }>(
      db,
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).map((r) => r.tablename);
  const parts = tables.map((name) => {
    const checksum =
      name === 'suburbs' ? `''` : `md5(coalesce(string_agg(x::text, '|' order by x::text), ''))`;
    return `select '${name}' as name, count(*)::text || ' ' || ${checksum} as state from "${name}" x`;
  });
  const states = await queryRows<{ name: string; state: string }>(db, sql.raw(parts.join(' union all ')));
  return Object.fromEntries(states.map((r) => [r.name, r.state]));
}

async function send(route: Route, c: Case) {
  const parts = apply(route, c);
  let url = route.url;
  const params = parts.params;
  if (params !== null && typeof params === 'object' && !Array.isArray(params)) {
    for (const [key, value] of Object.entries(params)) {
      url = url.replace(`:${key}`, encodeURIComponent(String(value)));
    }
  }
  const query = parts.querystring;
  const hasBody = 'body' in parts && parts.body !== undefined;
  return app.inject({
    method: route.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
    url,
    headers: {
      ...bearer(route.url.startsWith(ADMIN_API_PREFIX) ? ownerToken : customer.token),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(query !== null && typeof query === 'object' && !Array.isArray(query)
      ? { query: query as Record<string, string | string[]> }
      : {}),
    ...(hasBody ? { payload: JSON.stringify(parts.body) } : {}),
  });
}

async function check(route: Route, c: Case): Promise<void> {
  const res = await send(route, c);
  const what = `${route.method} ${route.url}, ${label(c)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, what).toBeLessThan(500);
  const body = res.json<Envelope>();
  expect(typeof body.code === 'number' && typeof body.msg === 'string' && 'data' in body, what).toBe(true);
  // A free-text path parameter left out reaches the route as its literal `:name`, a well-formed value: it is not found.
  if (c.part === 'params' && c.isMissing && res.statusCode === 404) return;
  // 400 for the schema; 413 and 414 only when a field is too big for the body or the URL to arrive at all.
  expect([400, 413, 414], what).toContain(res.statusCode);
  if (res.statusCode !== 400) return;
  expect(body.code, what).toBe(100001);
  const fields = (body.data as { fields?: FieldError[] } | null)?.fields ?? [];
  const field = expectedField(c);
  const isNamed = fields.some((f) => f.field === field && (!c.extraKey || f.message.includes(c.extraKey)));
  expect(isNamed, `${what}: data.fields should name ${field}`).toBe(true);
  expect(String(body.msg), what).toContain(`${field}:`);
}

const timings: { route: string; cases: number; ms: number }[] = [];

describe('malformed input', () => {
  it('covers every route that takes a body, a query or path parameters', () => {
    console.log(`bad-input fuzz: seed ${SEED} (set FUZZ_SEED to replay another), ${routes.length} routes`);
    expect(routes.length).toBeGreaterThan(30);
  });

  for (const route of routes) {
    it(`${route.method} ${route.url}: every malformed request is a 400 naming the field, and writes nothing`, async () => {
      for (const [part, example] of Object.entries(route.examples) as [Part, Json][]) {
        const parsed = route.schemas[part]?.safeParse(example);
        expect(
          parsed?.success,
          `the example ${part} ${JSON.stringify(example)} must be valid: ${parsed?.error}`,
        ).toBe(true);
      }
      const started = Date.now();
      const sent: Case[] = [];
      const before = await snapshot(database.db);
      const run = async (c: Case) => {
        sent.push(c);
        await check(route, c);
      };
      const { fixed, random } = plan(route);
      for (const c of fixed) await run(c);
      await fc.assert(fc.asyncProperty(random, run), { numRuns: RANDOM_RUNS, seed: SEED });
      const after = await snapshot(database.db);
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        for (const c of sent) {
          const a = await snapshot(database.db);
          await send(route, c);
          expect(
            await snapshot(database.db),
            `${route.method} ${route.url}, ${label(c)} wrote a row`,
          ).toEqual(a);
        }
      }
      expect(after).toEqual(before);
      timings.push({ route: `${route.method} ${route.url}`, cases: sent.length, ms: Date.now() - started });
    });
  }

  it('reports how many cases ran', () => {
    const cases = timings.reduce((n, r) => n + r.cases, 0);
    const ms = timings.reduce((n, r) => n + r.ms, 0);
    console.log(`bad-input fuzz: ${timings.length} routes, ${cases} malformed requests, ${ms} ms`);
    expect(timings.length).toBeGreaterThan(0);
    expect(timings.every((r) => r.cases >= RANDOM_RUNS)).toBe(true);
  });
});

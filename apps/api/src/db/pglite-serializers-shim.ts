import type { PGlite } from '@electric-sql/pglite';

type Serializer = PGlite['serializers'][number];

/**
 * Shim for a PGlite bug (seen in 0.5.16 and 0.5.17; pglite-serializers-shim.test.ts fails once it is fixed, and then
 * this file goes): PGlite sends a statement's Parse and Describe, then serialises its parameters, then sends Bind. A
 * serialiser that throws, or answers something other than text (its array serialiser given a number for an `int[]`,
 * say: a bug of ours, which node-postgres would send as text and PostgreSQL refuse cleanly), fails in JavaScript with
 * the statement half sent; the database's answers then run behind the statements asked, and a transaction stays open
 * and aborted, failing every later request until the store restarts.
 *
 * So every serialiser (the instance's public `serializers`, to which PGlite adds the array types' as it learns them)
 * answers text: a value it cannot serialise goes as its own text, for the database to refuse as PostgreSQL would
 * (22P02), and one with no text at all as a NUL, which the database refuses too (22021). Either way the statement is
 * sent whole and fails alone.
 *
 * Upstream: not reported yet. The nearest report, https://github.com/electric-sql/pglite/issues/1052 (the protocol
 * parser left poisoned when parsing throws), is the same family, a throw mid-protocol that wedges the instance.
 */
export function serializeParametersAsText(client: PGlite): void {
  const wrapped = new Map<Serializer, Serializer>();
  client.serializers = new Proxy(client.serializers, {
    get(target, key, receiver) {
      const serialize: unknown = Reflect.get(target, key, receiver);
      if (typeof serialize !== 'function') return serialize;
      const known = wrapped.get(serialize as Serializer);
      if (known) return known;
      const safe: Serializer = (value) => {
        try {
          const text: unknown = (serialize as Serializer)(value);
          return typeof text === 'string' ? text : String(text);
        } catch {
          return textOf(value);
        }
      };
      wrapped.set(serialize as Serializer, safe);
      return safe;
    },
  });
}

function textOf(value: unknown): string {
  try {
    return String(value);
  } catch {
    return '\u0000';
  }
}

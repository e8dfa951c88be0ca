import { sql, type SQL } from 'drizzle-orm';
import { connectionOf, type Executor } from './client.js';

/**
 * A query built once per database (or PostgreSQL connection, for transactions) instead of on every call: Drizzle's
 * builder costs more than the round trip of a small query. Built with `.prepare(name)`, it also goes to PostgreSQL
 * as a named prepared statement, parsed and planned once per connection. The text must not depend on the arguments
 * (placeholders only).
 */
export function preparedPer<P>(build: (exec: Executor) => P): (exec: Executor) => P {
  const built = new WeakMap<object, P>();
  return (exec) => {
    const key = connectionOf(exec);
    let query = built.get(key);
    if (query === undefined) {
      query = build(exec);
      built.set(key, query);
    }
    return query;
  };
}

/**
 * A placeholder per key, for the values of a prepared insert or update, handed to the driver as given:
 * node-postgres and PGlite write a Date, a null and a JSON object themselves, where Drizzle's own column encoders
 * would fail on a null timestamp.
 */
export function rawPlaceholders<K extends string>(keys: readonly K[]): Record<K, SQL> {
  return Object.fromEntries(keys.map((k) => [k, sql`${sql.placeholder(k)}`])) as Record<K, SQL>;
}

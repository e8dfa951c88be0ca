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

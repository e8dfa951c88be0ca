import type { PGlite } from '@electric-sql/pglite';

/** How many stale answers a PGlite connection is drained of at most; two have been seen. */
const DRAIN_MAX = 5;

type Serializer = PGlite['serializers'][number];

/**
 * Keeps one statement with a parameter PGlite cannot serialise from breaking the statements around it.
 *
 * PGlite sends a statement's Parse and Describe, then serialises its parameters by the types the database said
 * they have, then sends Bind. A serialiser that throws, or answers something other than text (its array serialiser
 * given a number for an `int[]`, say: a bug of ours, which node-postgres would send as text and PostgreSQL refuse
 * cleanly), fails in JavaScript with the statement half sent. The database's answers then run behind the statements
 * asked: the next one or two statements, whoever sent them, get errors that are not theirs, and in a transaction
 * PGlite's own ROLLBACK is one of them, so the transaction stays open and aborted and every later request of the
 * store fails until it restarts (PGlite 0.5.16).
 *
 * So, first, every serialiser answers text: what one cannot serialise goes as the value's own text, for the database
 * to refuse as PostgreSQL would (22P02), answering that statement alone. And should a statement still fail in
 * JavaScript before the database answered it, trivial statements follow it until one answers, and a transaction
 * that failed and left the session inside a transaction block is rolled back. Statements already queued behind the
 * failure when it happened may still get a stale answer; those that come after run as if it had not happened.
 */
export function resyncAfterUnsentStatements(client: PGlite): void {
  client.serializers = answeringText(client.serializers);
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  // Closed (the store shutting down), it has no session to put right: the caller hears its own error.
  const isInTransaction = () => !client.closed && client.isInTransaction();

  const drain = async (): Promise<void> => {
    for (let i = 0; i < DRAIN_MAX && !client.closed; i += 1) {
      const answered = await query('select 1').then(
        () => true,
        () => false,
      );
      if (answered) return;
    }
  };

  const rollBackLeftOpen = async (): Promise<void> => {
    for (let i = 0; i < DRAIN_MAX && isInTransaction(); i += 1) {
      await query('rollback').catch(() => undefined);
    }
  };

  client.query = (async (...args: Parameters<PGlite['query']>) => {
    try {
      return await query(...args);
    } catch (err) {
      if (!answeredByDatabase(err) && !client.closed && !isInTransaction()) await drain();
      throw err;
    }
  }) as PGlite['query'];

  client.transaction = (async (...args: Parameters<PGlite['transaction']>) => {
    try {
      return await transaction(...args);
    } catch (err) {
      await rollBackLeftOpen();
      throw err;
    }
  }) as PGlite['transaction'];
}

/**
 * The serialisers, each answering text whatever it is given; PGlite adds the array types' own as it
 * learns them, so they are wrapped as they are looked up.
 */
function answeringText(serializers: PGlite['serializers']): PGlite['serializers'] {
  const wrapped = new Map<Serializer, Serializer>();
  return new Proxy(serializers, {
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
          return String(value);
        }
      };
      wrapped.set(serialize as Serializer, safe);
      return safe;
    },
  });
}

/** The database's own errors carry its severity; one raised in JavaScript before sending does not. */
function answeredByDatabase(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'severity' in err;
}

import type { PGlite } from '@electric-sql/pglite';

/** How many stale answers a PGlite connection is drained of at most; two have been seen. */
const DRAIN_MAX = 5;

/**
 * Keeps one statement PGlite could not send from breaking every statement after it.
 *
 * PGlite sends a statement's protocol messages one by one and serialises a parameter only when it comes to it, by the
 * type the database said it has. A parameter it cannot serialise (a number for an `int[]`, say: a bug of ours, which
 * node-postgres would send and PostgreSQL refuse cleanly) throws in JavaScript with the statement half sent. The
 * database's answers then run behind the statements asked: the next one or two statements get errors that are not
 * theirs, and in a transaction PGlite's own ROLLBACK is one of them, so the transaction stays open and aborted and
 * every later request of the store fails until it restarts (PGlite 0.5.16).
 *
 * So: a statement that fails in JavaScript, before the database answered it, is followed by trivial statements
 * until one answers; a transaction that failed and left the session inside a transaction block is rolled back. The
 * failure still reaches its caller; what comes after it runs as if it had not happened.
 */
export function resyncAfterUnsentStatements(client: PGlite): void {
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);

  const drain = async (): Promise<void> => {
    for (let i = 0; i < DRAIN_MAX; i += 1) {
      if (
        await query('select 1').then(
          () => true,
          () => false,
        )
      )
        return;
    }
  };

  const rollBackLeftOpen = async (): Promise<void> => {
    for (let i = 0; i < DRAIN_MAX && client.isInTransaction(); i += 1) {
      await query('rollback').catch(() => undefined);
    }
  };

  client.query = (async (...args: Parameters<PGlite['query']>) => {
    try {
      return await query(...args);
    } catch (err) {
      if (!answeredByDatabase(err) && !client.isInTransaction()) await drain();
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

/** The database's own errors carry its severity; one raised in JavaScript before sending does not. */
function answeredByDatabase(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'severity' in err;
}

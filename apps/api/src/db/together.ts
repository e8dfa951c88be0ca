import { pgErrorCode } from './client.js';

/** SQLSTATE in_failed_sql_transaction: a statement sent after another had already failed its transaction. */
const AFTER_A_FAILURE = '25P02';

/**
 * Runs steps of one transaction side by side, so their statements are pipelined (node-postgres's pipeline mode), and
 * waits for every step to finish, including statements a step sends after an answer, before answering: no step is
 * still sending when the transaction ends, which a `Promise.all` failing early would allow. Fails with the error of
 * the first step in list order that failed, so a customer hears the same refusal however the answers interleave;
 * a step failing only because an earlier statement had failed the transaction gives way to that statement's error.
 */
export async function together<T extends readonly unknown[]>(
  steps: readonly [...T],
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(steps);
  const failures = settled.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  if (failures.length > 0) throw failures.find((err) => pgErrorCode(err) !== AFTER_A_FAILURE) ?? failures[0];
  return settled.map((r) => (r.status === 'fulfilled' ? r.value : undefined)) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}

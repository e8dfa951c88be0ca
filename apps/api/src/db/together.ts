/**
 * Runs steps of one transaction side by side, so their statements leave in one write (db/held-writes.ts), and
 * waits for every step to finish, including statements a step sends after an answer, before answering: no step is
 * still sending when the transaction ends, which a `Promise.all` failing early would allow. Fails with the error of
 * the first step in list order that failed, so a customer hears the same refusal however the answers interleave.
 */
export async function together<T extends readonly unknown[]>(
  steps: readonly [...T],
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(steps);
  const values: unknown[] = [];
  for (const result of settled) {
    if (result.status === 'rejected') throw result.reason;
    values.push(result.value);
  }
  return values as { -readonly [K in keyof T]: Awaited<T[K]> };
}

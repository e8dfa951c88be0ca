import type pg from 'pg';

/**
 * Holds what a connection writes to the server until `schedule` lets it go, so statements asked for together
 * leave in one write: one system call, and one wake-up of the server process, instead of one each. node-postgres
 * already does this for the messages of one statement (Parse, Bind, Execute, Sync); this does it for several.
 * Answers `hold`, to call before each statement is sent. `beforeFlush` may send one more statement just before the
 * held ones leave (it goes with them); `onFlush` is told each time they leave.
 */
export function holdWrites(
  client: pg.Client,
  schedule: (flush: () => void) => void,
  hooks: { beforeFlush?: () => void; onFlush?: () => void } = {},
): () => void {
  let holding = false;
  const flush = () => {
    hooks.beforeFlush?.();
    holding = false;
    client.connection.stream.uncork();
    hooks.onFlush?.();
  };
  return () => {
    if (holding) return;
    holding = true;
    client.connection.stream.cork();
    schedule(flush);
  };
}

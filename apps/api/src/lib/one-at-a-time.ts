/**
 * Wraps a periodic job so a run that outlasts its interval is not joined by the next one: a call made while a run
 * is under way does nothing and answers false.
 */
export function oneAtATime(run: () => Promise<void>): () => Promise<boolean> {
  let running = false;
  return async () => {
    if (running) return false;
    running = true;
    try {
      await run();
      return true;
    } finally {
      running = false;
    }
  };
}

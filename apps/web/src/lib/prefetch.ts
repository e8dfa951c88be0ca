const started = new Map<string, Promise<unknown>>();

/**
 * Starts a read as the page opens, alongside the page's own code instead of after it. The page takes the answer
 * once with `takePrefetched`; any later read (a reload, a new page) goes to the API again.
 */
export function prefetch(key: string, load: () => Promise<unknown>): void {
  if (started.has(key)) return;
  const read = load();
  // A read that fails before its page takes it is dropped, so the page reads again (its code may have come later,
  // once a dropped connection was back); one taken already hears the failure from the promise itself. Either way it
  // is not an unhandled rejection.
  read.catch(() => {
    if (started.get(key) === read) started.delete(key);
  });
  started.set(key, read);
}

/** The read started for `key` by `prefetch`, or `load()` when none was started. */
export function takePrefetched<T>(key: string, load: () => Promise<T>): Promise<T> {
  const early = started.get(key);
  if (!early) return load();
  started.delete(key);
  // The key names the call, so what was started under it is what `load` would answer.
  return early as Promise<T>;
}

/**
 * Drops the read started for `key`, or every read started and not yet taken: a session change makes a customer's
 * answers another's, and a write makes a read started before it stale.
 */
export function forgetPrefetched(key?: string): void {
  if (key === undefined) started.clear();
  else started.delete(key);
}

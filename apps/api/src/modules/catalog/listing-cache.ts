/**
 * Recent answers of a public read, by key, each kept for `ttlMs` from when it was read: the shop grid is the same
 * for every shopper and asked for far more often than it changes. Concurrent misses of one key share one read, a
 * failed read is not kept, and a change made through this process (a checkout or a cancel moving stock) clears
 * it at once, as does a staff change in any process (announced: catalogue-admin/catalog-changes.ts); another
 * process's checkouts show within `ttlMs`. While those announcements may be missed (`setLive(false)`: the listener
 * is reconnecting) nothing is kept. Stock shown here is a guide only: cart/add and checkout read it again under
 * their locks. `ttlMs` 0 turns it off.
 */
export function createListingCache<T>(options: {
  ttlMs: number;
  now: () => number;
  maxEntries?: number;
  /** False when a listener will say once it hears changes (`setLive(true)`); until then nothing is kept. */
  startLive?: boolean;
}) {
  const { ttlMs, now } = options;
  const maxEntries = options.maxEntries ?? 500;
  const entries = new Map<string, { readAt: number; value: Promise<T> }>();
  let live = options.startLive ?? true;

  return {
    read(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0 || !live) return load();
      const at = now();
      const kept = entries.get(key);
      if (kept && at - kept.readAt < ttlMs) return kept.value;
      if (!kept && entries.size >= maxEntries) entries.clear();
      const value = load();
      const entry = { readAt: at, value };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },

    clear(): void {
      entries.clear();
    },

    setLive(isLive: boolean): void {
      live = isLive;
      entries.clear();
    },
  };
}

export type ListingCache<T> = ReturnType<typeof createListingCache<T>>;

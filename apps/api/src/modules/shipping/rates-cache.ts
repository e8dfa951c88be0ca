import type { Db } from '../../db/client.js';
import { createListingCache } from '../catalog/listing-cache.js';
import { listRates, type ZoneRateRow } from './shipping.repo.js';

/** The channel the shipping tables' trigger announces a change of rates or zone minimums on (migration 0035). */
export const SHIPPING_CHANNEL = 'shipping_changed';

/** How long rates are trusted with no change announced: a guard only, an announced change clears them at once. */
const RATES_TTL_MS = 60_000;

/**
 * Every zone's rates and minimum order, read once and kept: every checkout needs them and they change a few times a
 * year. A change, however made, is announced by the tables' trigger on commit and clears them in every process;
 * while announcements may be missed (`setLive(false)`: the listener is reconnecting) each read goes to the database.
 * Read outside the caller's transaction: a read shared by checkouts at once must not fail with one of them.
 */
export function createRatesCache(db: Db, now: () => number) {
  const cache = createListingCache<ZoneRateRow[]>({
    ttlMs: RATES_TTL_MS,
    now,
    maxEntries: 1,
    startLive: false,
  });
  return {
    read: (): Promise<ZoneRateRow[]> => cache.read('all', () => listRates(db)),
    clear: (): void => cache.clear(),
    setLive: (isLive: boolean): void => cache.setLive(isLive),
  };
}

export type RatesCache = ReturnType<typeof createRatesCache>;

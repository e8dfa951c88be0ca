import type { Location } from 'react-router';

/**
 * The key a page's scroll position is kept under. The router names every page opened by a full load (a typed
 * address, a reload of a first page, a mail link, the way back from a payment provider) `default`, so the position
 * of one such page was restored on the next; those are told apart by their address instead.
 */
export function scrollKeyOf(location: Pick<Location, 'key' | 'pathname' | 'search'>): string {
  return location.key === 'default' ? `entry:${location.pathname}${location.search}` : location.key;
}

// How the bench's metro shoppers choose, as shoppers do: a window among the open ones, and enough of a product to
// reach the zone's minimum order.
import type { DeliveryWindows } from '@storefront/contract/delivery';

export type OpenWindow = { windowID: number; cutoffAt: number };

/** The windows listed with a place left, by id, with their cut-offs (ms since the epoch). */
export function openWindowsOf(listing: DeliveryWindows): OpenWindow[] {
  return listing.days.flatMap((day) =>
    day.windows
      .filter((w) => !w.isFull)
      .map((w) => ({ windowID: w.windowID, cutoffAt: Date.parse(w.cutoffAt) })),
  );
}

/** The ids of the windows still open `marginMs` from `now`: a run that starts now books none past its cut-off. */
export function bookableIds(windows: OpenWindow[], now: number, marginMs: number): number[] {
  return windows.filter((w) => w.cutoffAt > now + marginMs).map((w) => w.windowID);
}

/** One of them, each as likely (shoppers spread over the days and hours offered). */
export function pickOne<T>(items: T[], random: () => number = Math.random): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
}

/** How many of a product at `priceCents` a cart needs to reach a minimum order (at least one). */
export function quantityForMinimum(priceCents: number, minimumCents: number): number {
  return Math.max(1, Math.ceil(minimumCents / priceCents));
}

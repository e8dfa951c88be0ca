/**
 * What the home page last showed this customer of their "usuals" (localStorage `storefront.usualsShown`): how many
 * cards, and how tall the shelf was at that window width. While the usuals load it holds that much room (none for a
 * customer who has none), so nothing under the shelf moves when they arrive.
 */
const KEY = 'storefront.usualsShown';

/** Cards the shelf shows before "Show all". */
export const USUALS_SHELF_SIZE = 4;

export type UsualsRoom = {
  /** Placeholder cards to draw. */
  cards: number;
  /** The shelf's height last time, in px, when the window was as wide as now; null when not known. */
  height: number | null;
};

const unknownRoom: UsualsRoom = { cards: USUALS_SHELF_SIZE, height: null };

/** The room to hold: as the shelf was last time, the whole row when not known. */
export function readUsualsHint(customerID: number, width = window.innerWidth): UsualsRoom {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (typeof kept !== 'object' || kept === null || Reflect.get(kept, 'customerID') !== customerID)
      return unknownRoom;
    const cards = Number(Reflect.get(kept, 'shown'));
    if (!Number.isInteger(cards) || cards < 0 || cards > USUALS_SHELF_SIZE) return unknownRoom;
    const height = Number(Reflect.get(kept, 'height'));
    const isSameWidth = Reflect.get(kept, 'width') === width;
    return { cards, height: isSameWidth && Number.isFinite(height) && height > 0 ? height : null };
  } catch {
    // Storage off or its value not ours: hold the whole row.
    return unknownRoom;
  }
}

/** Keeps what the shelf showed: `shown` cards (at most a row), `height` px tall at window width `width`. */
export function saveUsualsHint(
  customerID: number,
  shown: number,
  { height = 0, width = window.innerWidth }: { height?: number; width?: number } = {},
): void {
  try {
    const kept = { customerID, shown: Math.min(shown, USUALS_SHELF_SIZE), width, height };
    localStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Without storage the next visit holds the whole row again.
  }
}

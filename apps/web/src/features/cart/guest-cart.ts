import type { CartMergeBody } from '@storefront/contract/cart';
import { CART_LINE_QUANTITY_MAX, CART_LINES_MAX } from '@storefront/contract/limits';
import { randomId } from '../../lib/random-id';

/**
 * The cart of a signed-out visitor, kept in this browser until sign-in or registration merges it into the
 * account's cart. `key` changes with every change of the items, so two tabs merging the same guest cart send the
 * same Idempotency-Key and the server adds it once, while an edited guest cart is a new merge.
 */
export type GuestCart = { key: string; items: CartMergeBody['items'] };

export const GUEST_CART_KEY = 'storefront.guestCart';
/** Sent on this window when the guest cart changes here (other tabs hear the `storage` event instead). */
export const GUEST_CART_CHANGED = 'storefront:guest-cart-changed';

function announceChange(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(GUEST_CART_CHANGED));
}

const empty = (): GuestCart => ({ key: '', items: [] });

function isItem(value: unknown): value is GuestCart['items'][number] {
  if (!value || typeof value !== 'object') return false;
  const { productID, quantity } = value as Record<string, unknown>;
  return (
    Number.isInteger(productID) &&
    Number(productID) > 0 &&
    Number.isInteger(quantity) &&
    Number(quantity) >= 1 &&
    Number(quantity) <= CART_LINE_QUANTITY_MAX
  );
}

export function readGuestCart(storage: Storage = localStorage): GuestCart {
  return parseGuestCart(storage.getItem(GUEST_CART_KEY));
}

/** The guest cart from its stored text (what `readGuestCart` reads), anything unreadable as an empty cart. */
export function parseGuestCart(stored: string | null): GuestCart {
  try {
    const parsed: unknown = JSON.parse(stored ?? 'null');
    if (!parsed || typeof parsed !== 'object') return empty();
    const { key, items } = parsed as Record<string, unknown>;
    if (typeof key !== 'string' || !Array.isArray(items)) return empty();
    return { key, items: items.filter(isItem).slice(0, CART_LINES_MAX) };
  } catch {
    return empty();
  }
}

/** Adds to the guest cart: a product already there gets the sum, at most the per-line maximum. */
export function addToGuestCart(
  productID: number,
  quantity: number,
  storage: Storage = localStorage,
  newKey: () => string = randomId,
): { isFull: boolean } {
  const cart = readGuestCart(storage);
  const line = cart.items.find((item) => item.productID === productID);
  if (!line && cart.items.length >= CART_LINES_MAX) return { isFull: true };
  const items = line
    ? cart.items.map((item) =>
        item === line
          ? { productID, quantity: Math.min(CART_LINE_QUANTITY_MAX, item.quantity + quantity) }
          : item,
      )
    : [...cart.items, { productID, quantity: Math.min(CART_LINE_QUANTITY_MAX, quantity) }];
  storage.setItem(GUEST_CART_KEY, JSON.stringify({ key: newKey(), items }));
  announceChange();
  return { isFull: false };
}

function writeItems(items: GuestCart['items'], storage: Storage, newKey: () => string): void {
  if (items.length === 0) storage.removeItem(GUEST_CART_KEY);
  else storage.setItem(GUEST_CART_KEY, JSON.stringify({ key: newKey(), items }));
  announceChange();
}

/** Sets a line's quantity (1 to the per-line maximum); a product not in the guest cart is left out. */
export function setGuestQuantity(
  productID: number,
  quantity: number,
  storage: Storage = localStorage,
  newKey: () => string = randomId,
): void {
  const cart = readGuestCart(storage);
  if (!cart.items.some((item) => item.productID === productID)) return;
  const taken = Math.min(CART_LINE_QUANTITY_MAX, Math.max(1, Math.trunc(quantity)));
  writeItems(
    cart.items.map((item) => (item.productID === productID ? { productID, quantity: taken } : item)),
    storage,
    newKey,
  );
}

/** Takes products out of the guest cart; the last one out forgets it. */
export function removeFromGuestCart(
  productIDs: readonly number[],
  storage: Storage = localStorage,
  newKey: () => string = randomId,
): void {
  const cart = readGuestCart(storage);
  const items = cart.items.filter((item) => !productIDs.includes(item.productID));
  if (items.length === cart.items.length) return;
  writeItems(items, storage, newKey);
}

/** Forgets the guest cart once merged, unless another tab changed it meanwhile (then that is merged next). */
export function clearGuestCart(mergedKey: string, storage: Storage = localStorage): void {
  if (readGuestCart(storage).key !== mergedKey) return;
  storage.removeItem(GUEST_CART_KEY);
  announceChange();
}

export function countGuestItems(cart: GuestCart): number {
  return cart.items.reduce((n, item) => n + item.quantity, 0);
}

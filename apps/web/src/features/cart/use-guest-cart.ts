import { useMemo, useSyncExternalStore } from 'react';
import { GUEST_CART_KEY, parseGuestCart, type GuestCart } from './guest-cart';
import { subscribeToGuestCart } from './use-guest-cart-count';

/** The guest cart kept in this browser, kept current across tabs (its stored text is the snapshot: a stable value). */
export function useGuestCart(): GuestCart {
  const stored = useSyncExternalStore(
    subscribeToGuestCart,
    () => localStorage.getItem(GUEST_CART_KEY),
    () => null,
  );
  return useMemo(() => parseGuestCart(stored), [stored]);
}

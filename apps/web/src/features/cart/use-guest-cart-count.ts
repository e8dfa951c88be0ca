import { useSyncExternalStore } from 'react';
import { countGuestItems, GUEST_CART_CHANGED, GUEST_CART_KEY, readGuestCart } from './guest-cart';

/** Calls `onChange` when the guest cart changes, in this tab or another. */
export function subscribeToGuestCart(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === GUEST_CART_KEY || event.key === null) onChange();
  };
  window.addEventListener(GUEST_CART_CHANGED, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(GUEST_CART_CHANGED, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** How many items a signed-out visitor has put in the cart kept in this browser, kept current across tabs. */
export function useGuestCartCount(): number {
  return useSyncExternalStore(
    subscribeToGuestCart,
    () => countGuestItems(readGuestCart()),
    () => 0,
  );
}

import type { CartCompareLine } from '@storefront/contract/cart';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { compareCart } from './api';
import { snapshotCart } from './cart-changes';
import { fetchCart, selectCart, selectCartStatus } from './cart-slice';

/**
 * Asks the server what changed since the cart the page last showed: when the page opens with a cart already
 * in the store and whenever the window gets focus back. A change reloads the cart and stays listed until closed.
 */
export function useCartChanges() {
  const dispatch = useAppDispatch();
  const cart = useAppSelector(selectCart);
  const status = useAppSelector(selectCartStatus);
  const [changes, setChanges] = useState<CartCompareLine[]>([]);
  const shown = useRef({ cart, status });
  shown.current = { cart, status };

  const check = useCallback(async () => {
    const { cart: last, status: lastStatus } = shown.current;
    if (lastStatus !== 'succeeded') return;
    try {
      const result = await compareCart(snapshotCart([...last.available, ...last.unavailable]));
      if (result.hasChanges) setChanges(result.lines);
    } catch {
      // The notice is a courtesy; the reload below still shows the cart as it is.
    }
    void dispatch(fetchCart());
  }, [dispatch]);

  useEffect(() => {
    if (shown.current.status === 'succeeded') void check();
    else void dispatch(fetchCart());
    const onFocus = () => void check();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [check, dispatch]);

  return { changes, dismiss: () => setChanges([]) };
}

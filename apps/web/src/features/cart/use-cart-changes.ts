import type { CartCompareLine } from '@storefront/contract/cart';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { compareCart } from './api';
import { snapshotCart } from './cart-changes';
import { fetchCart, selectCart, selectCartLinesStale, selectCartStatus } from './cart-slice';

/**
 * Asks the server what changed since the cart the page last showed: when the page opens with a cart already
 * in the store and whenever the window gets focus back. A change reloads the cart and stays listed until closed.
 * Lines held from before an add were not shown as they are, so there is nothing to compare: the cart is read.
 */
export function useCartChanges() {
  const dispatch = useAppDispatch();
  const cart = useAppSelector(selectCart);
  const status = useAppSelector(selectCartStatus);
  const linesStale = useAppSelector(selectCartLinesStale);
  const [changes, setChanges] = useState<CartCompareLine[]>([]);
  const shown = useRef({ cart, status, linesStale });
  shown.current = { cart, status, linesStale };

  const check = useCallback(async () => {
    const { cart: last, status: lastStatus } = shown.current;
    if (lastStatus !== 'succeeded') return;
    if (shown.current.linesStale) {
      void dispatch(fetchCart());
      return;
    }
    try {
      const result = await compareCart(snapshotCart([...last.available, ...last.unavailable]));
      if (result.hasChanges) setChanges(result.lines);
    } catch {
      // The notice is a courtesy; the reload below still shows the cart as it is.
    }
    void dispatch(fetchCart());
  }, [dispatch]);

  useEffect(() => {
    if (shown.current.status === 'succeeded' && !shown.current.linesStale) void check();
    else void dispatch(fetchCart());
    const onFocus = () => void check();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [check, dispatch]);

  return { changes, dismiss: () => setChanges([]) };
}

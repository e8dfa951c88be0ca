import type { CartCompareLine } from '@storefront/contract/cart';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { compareCart } from './api';
import { snapshotCart } from './cart-changes';
import {
  fetchCart,
  selectCart,
  selectCartLinesStale,
  selectCartReadAt,
  selectCartStatus,
} from './cart-slice';

/**
 * A cart read this recently is what the server holds: the page opening on it (a first load, where the header read
 * the cart while the page's code arrived) asks nothing more. Another tab's changes meanwhile come in when this
 * window gets the focus back.
 */
const JUST_READ_MS = 10_000;

/**
 * Asks the server what changed since the cart the page last showed: when the page opens with a cart already
 * in the store, unless it was just read, and whenever the window gets focus back. A change reloads the cart and
 * stays listed until closed. Lines held from before an add were not shown as they are, so there is nothing to
 * compare: the cart is read.
 */
export function useCartChanges() {
  const dispatch = useAppDispatch();
  const cart = useAppSelector(selectCart);
  const status = useAppSelector(selectCartStatus);
  const linesStale = useAppSelector(selectCartLinesStale);
  const readAt = useAppSelector(selectCartReadAt);
  const [changes, setChanges] = useState<CartCompareLine[]>([]);
  const shown = useRef({ cart, status, linesStale, readAt });
  shown.current = { cart, status, linesStale, readAt };

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
    const { status: opened, linesStale: isStale, readAt: lastRead } = shown.current;
    if (opened !== 'succeeded' || isStale) void dispatch(fetchCart());
    else if (Date.now() - lastRead >= JUST_READ_MS) void check();
    const onFocus = () => void check();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [check, dispatch]);

  return { changes, dismiss: () => setChanges([]) };
}

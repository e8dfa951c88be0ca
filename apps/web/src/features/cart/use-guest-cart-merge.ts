import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { toast } from '../../lib/toast';
import { mergeGuestCartIntoAccount } from './cart-slice';
import { describeMerge } from './guest-cart-merge';

/**
 * Once a session exists (sign-in, registration, or a tab that was already signed in), moves the guest cart kept in
 * this browser into the account's cart and says what happened. A failed merge keeps the guest cart for next time.
 */
export function useGuestCartMerge(isSignedIn: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!isSignedIn) return;
    void dispatch(mergeGuestCartIntoAccount())
      .unwrap()
      .then((result) => {
        if (!result) return;
        const { kind, text } = describeMerge(result);
        toast[kind](text);
      })
      .catch(() => toast.error('The items you added before signing in could not be moved to your cart yet.'));
  }, [dispatch, isSignedIn]);
}

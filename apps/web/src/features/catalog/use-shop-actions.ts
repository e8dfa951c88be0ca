import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { callRejectionOf, useAppDispatch } from '../../app/hooks';
import { readErrorMessage } from '../../lib/http/error-message';
import { hasSession } from '../../lib/http/session';
import { addToCart } from '../cart/cart-slice';
import { addToGuestCart } from '../cart/guest-cart';
import { addProductsToWishlist } from '../wishlist/api';
import { prepareToasts, toast } from '../../lib/toast';

/**
 * Add to cart and to the wishlist. Signed out, the cart is kept in this browser until sign-in or registration
 * moves it into the account's cart; the wishlist goes to sign-in and comes back here.
 */
export function useShopActions() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [busyKey, setBusyKey] = useState<string | null>(null);
  // Saved from this page: their hearts say so, and a second tap is answered without asking the API again.
  const [saved, setSaved] = useState<ReadonlySet<number>>(() => new Set());

  const requireSession = (): boolean => {
    if (hasSession()) return true;
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
    void navigate(`/login?redirect=${redirect}`);
    return false;
  };

  const addProductToCart = async (productID: number, quantity: number, name: string) => {
    prepareToasts();
    if (!hasSession()) {
      if (addToGuestCart(productID, quantity).isFull) toast.error('Your cart is full.');
      else toast.success(`${name} added. Sign in or create an account to check out; your trolley is kept.`);
      return;
    }
    setBusyKey(`cart-${productID}`);
    try {
      await dispatch(addToCart({ productID, quantity })).unwrap();
      toast.success(`${name} added to your cart.`);
    } catch (err) {
      toast.error(callRejectionOf(err)?.message ?? 'That could not be added to your cart.');
    } finally {
      setBusyKey(null);
    }
  };

  const addProductToWishlist = async (productID: number, name: string) => {
    if (!requireSession()) return;
    prepareToasts();
    if (saved.has(productID)) {
      toast.info(`${name} is in your wishlist already.`);
      return;
    }
    setBusyKey(`wishlist-${productID}`);
    try {
      await addProductsToWishlist([productID]);
      setSaved((before) => new Set(before).add(productID));
      toast.success(`${name} saved to your wishlist.`);
    } catch (err) {
      toast.error(readErrorMessage(err));
    } finally {
      setBusyKey(null);
    }
  };

  return {
    addProductToCart,
    addProductToWishlist,
    isAddingToCart: (productID: number) => busyKey === `cart-${productID}`,
    isAddingToWishlist: (productID: number) => busyKey === `wishlist-${productID}`,
    isSavedToWishlist: (productID: number) => saved.has(productID),
  };
}

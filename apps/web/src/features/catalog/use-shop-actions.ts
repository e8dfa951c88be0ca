import { App } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { readErrorMessage } from '../../lib/http/error-message';
import { hasSession } from '../../lib/http/session';
import { addToCart } from '../cart/cart-slice';
import { addProductsToWishlist } from '../wishlist/api';

/** Add to cart and to the wishlist; signed out, both go to sign-in and come back here. */
export function useShopActions() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { message } = App.useApp();
  const [busyKey, setBusyKey] = useState<string | null>(null);

  const requireSession = (): boolean => {
    if (hasSession()) return true;
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
    void navigate(`/login?redirect=${redirect}`);
    return false;
  };

  const addProductToCart = async (productID: number, quantity: number, name: string) => {
    if (!requireSession()) return;
    setBusyKey(`cart-${productID}`);
    try {
      await dispatch(addToCart({ productID, quantity })).unwrap();
      void message.success(`${name} added to your cart.`);
    } catch (err) {
      void message.error(typeof err === 'string' ? err : 'That could not be added to your cart.');
    } finally {
      setBusyKey(null);
    }
  };

  const addProductToWishlist = async (productID: number, name: string) => {
    if (!requireSession()) return;
    setBusyKey(`wishlist-${productID}`);
    try {
      await addProductsToWishlist([productID]);
      void message.success(`${name} saved to your wishlist.`);
    } catch (err) {
      void message.error(readErrorMessage(err));
    } finally {
      setBusyKey(null);
    }
  };

  return {
    addProductToCart,
    addProductToWishlist,
    isAddingToCart: (productID: number) => busyKey === `cart-${productID}`,
    isAddingToWishlist: (productID: number) => busyKey === `wishlist-${productID}`,
  };
}

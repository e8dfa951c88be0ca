import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { countGuestItems, readGuestCart } from '../features/cart/guest-cart';
import { hasSession } from '../lib/http/session';
import { signInAskedState, type SignInAsked } from '../lib/sign-in-asked';

let shownSessionPages = 0;

/** Whether the page on screen is one for signed-in customers, which sends the visitor to /login once signed out. */
export function isSessionPageShown(): boolean {
  return shownSessionPages > 0;
}

/** Pages for signed-in customers: anyone else goes to /login, which says why, and comes back afterwards. */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  useEffect(() => {
    shownSessionPages += 1;
    return () => {
      shownSessionPages -= 1;
    };
  }, []);
  if (!hasSession()) {
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
    return (
      <Navigate
        to={`/login?redirect=${redirect}`}
        replace
        state={signInAskedState(askedFor(location.pathname))}
      />
    );
  }
  return children;
}

function askedFor(pathname: string): SignInAsked {
  if (pathname !== '/cart') return 'account';
  return countGuestItems(readGuestCart()) > 0 ? 'cart-with-items' : 'cart';
}

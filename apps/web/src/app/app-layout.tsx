import { Fragment, Suspense, useEffect, useRef, useState, type ComponentType, type RefObject } from 'react';
import { Link, Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { retryingImport } from '../components/lazy-with-retry';
import { PageLoading } from '../components/page-loading';
import { fetchCart, selectCartCount, selectCartStatus } from '../features/cart/cart-slice';
import { useGuestCartMerge } from '../features/cart/use-guest-cart-merge';
import { useGuestCartCount } from '../features/cart/use-guest-cart-count';
import {
  fetchUserInfo,
  logout,
  selectUserInfo,
  selectUserInfoStatus,
} from '../features/account/user-info-slice';
import { FooterSubscribeOnDemand } from '../features/newsletter/components/footer-subscribe-on-demand';
import { HeaderSearch } from '../features/catalog/components/header-search';
import { NETWORK_ERROR_MESSAGE } from '../lib/http/client';
import { hasSession } from '../lib/http/session';
import { scrollKeyOf } from '../lib/scroll-key';
import { setToasterRequest, toast } from '../lib/toast';
import { AccountButton } from './account-button';
import { OfflineBanner } from './offline-banner';
import type { AccountMenu } from './account-menu';
import { useAppDispatch, useAppSelector } from './hooks';
import { useSessionExpiryKeptCurrent } from './use-session-expiry';
import { focusStartingPoint, useRouteFocus } from './use-route-focus';
import { useSessionFromOtherTabs } from './use-session-from-other-tabs';
import { CartIcon } from '../components/icons';
import { STORE_NAME } from '../lib/store-name';

const loadAccountMenu = retryingImport(() => import('./account-menu'));
const loadToastHost = retryingImport(() => import('./toast-host'));

/**
 * The shell around every page. It uses no Ant Design, so it paints as soon as the entry runs; the pages bring
 * Ant Design with them. The main area is at least a screen tall, so the footer starts below the fold and never
 * jumps when a page arrives. When another tab signs out or in as someone else, the header, page and footer are drawn
 * afresh, so nothing read for the customer before stays on screen.
 */
export function AppLayout() {
  const sessionsSeen = useSessionFromOtherTabs();
  useSessionExpiryKeptCurrent();
  const main = useRef<HTMLElement>(null);
  useRouteFocus(main);
  return (
    <div className="site">
      {/* A new page opens at its top; Back returns to where it was (the shop list finishes that once it has loaded). */}
      <ScrollRestoration getKey={scrollKeyOf} />
      <Fragment key={sessionsSeen}>
        <SkipToContent main={main} />
        <SiteHeader />
        <OfflineBanner />
        <main className="site-main" id="main" ref={main}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
        <SiteFooter />
      </Fragment>
      <ToastHostOnDemand />
    </div>
  );
}

/**
 * The first thing Tab reaches: it moves the focus past the header (brand, search, cart, account) to the page's
 * heading, so a keyboard user does not tab through the header on every page (WCAG 2.4.1). Hidden until focused. It
 * focuses rather than follows `#main`, which would put a hash in the address and give the router a navigation.
 */
function SkipToContent({ main }: { main: RefObject<HTMLElement | null> }) {
  return (
    <a
      href="#main"
      className="skip-link"
      data-testid="skip-link"
      onClick={(event) => {
        event.preventDefault();
        const area = main.current;
        if (!area) return;
        const target = area.querySelector<HTMLElement>('h1') ?? area;
        focusStartingPoint(target);
        target.scrollIntoView({ block: 'start' });
      }}
    >
      Skip to content
    </a>
  );
}

/**
 * Mounts Ant Design's themed toast host with the first toast any code asks for. Should its code not come (offline),
 * lib/toast.ts shows the toast plainly and asks again with the next one.
 */
function ToastHostOnDemand() {
  const [Host, setHost] = useState<ComponentType | null>(null);
  useEffect(() => {
    setToasterRequest(() => loadToastHost().then(({ ToastHost }) => setHost(() => ToastHost)));
    return () => setToasterRequest(null);
  }, []);
  return Host ? <Host /> : null;
}

function SiteFooter() {
  const user = useAppSelector(selectUserInfo);
  return (
    <footer className="site-footer">
      <FooterSubscribeOnDemand accountEmail={hasSession() ? (user?.email ?? null) : null} />
      <div className="site-footer__legal">
        {STORE_NAME} · Fresh groceries delivered across Australia · Prices in AUD incl. GST
      </div>
    </footer>
  );
}

/**
 * The account button; its Ant Design menu loads when the customer reaches for it (hover or focus), and the first
 * click opens it, rather than with the page.
 */
function AccountArea({ name, onSignOut }: { name: string; onSignOut: () => void }) {
  const [Menu, setMenu] = useState<typeof AccountMenu | null>(null);
  // Reached for offline, the menu's code is asked for again with the next click.
  const preloadMenu = () => void loadAccountMenu().catch(() => undefined);
  const openMenu = () => {
    void loadAccountMenu().then(
      (menu) => setMenu(() => menu.AccountMenu),
      () => toast.error(NETWORK_ERROR_MESSAGE),
    );
  };
  if (Menu) return <Menu name={name} onSignOut={onSignOut} isInitiallyOpen />;
  return <AccountButton name={name} onPointerEnter={preloadMenu} onFocus={preloadMenu} onClick={openMenu} />;
}

function SiteHeader() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useAppSelector(selectUserInfo);
  const userStatus = useAppSelector(selectUserInfoStatus);
  const cartCount = useAppSelector(selectCartCount);
  const cartStatus = useAppSelector(selectCartStatus);
  const isSignedIn = hasSession();
  useGuestCartMerge(isSignedIn);
  // Signed out, the badge counts the cart kept in this browser (its page asks for sign-in, which merges it).
  const guestCount = useGuestCartCount();
  const shownCount = isSignedIn ? cartCount : guestCount;

  useEffect(() => {
    if (isSignedIn && cartStatus === 'idle') void dispatch(fetchCart());
  }, [dispatch, isSignedIn, cartStatus]);

  useEffect(() => {
    if (isSignedIn && !user && userStatus === 'idle') void dispatch(fetchUserInfo());
  }, [dispatch, isSignedIn, user, userStatus]);

  const signOut = async () => {
    await dispatch(logout());
    toast.success('You have signed out.');
    void navigate('/', { replace: true });
  };

  const loginTarget = `/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
  const name = user ? user.firstName : 'Account';

  return (
    <header className="site-header">
      <Link to="/" className="site-header__brand" data-testid="brand">
        <img src="/favicon.svg" alt="" width="28" height="28" />
        {STORE_NAME}
      </Link>
      <nav className="site-header__nav">
        <Link to="/shop" data-testid="nav-shop">
          Shop
        </Link>
      </nav>
      <HeaderSearch />
      <div className="site-header__actions">
        <Link
          to="/cart"
          className="site-header__cart"
          aria-label={`Cart, ${shownCount} ${shownCount === 1 ? 'item' : 'items'}`}
          data-testid="cart-button"
        >
          <CartIcon size={20} />
          {shownCount > 0 && (
            <span className="site-header__badge" data-testid="cart-count">
              {shownCount > 99 ? '99+' : shownCount}
            </span>
          )}
        </Link>
        {isSignedIn ? (
          <AccountArea name={name} onSignOut={() => void signOut()} />
        ) : (
          location.pathname !== '/login' && (
            <Link to={loginTarget} className="shell-button shell-button--primary" data-testid="header-login">
              Sign in
            </Link>
          )
        )}
      </div>
    </header>
  );
}

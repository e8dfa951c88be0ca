import type { ComponentType, ReactElement } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  Navigate,
  Outlet,
  type Params,
  type RouteObject,
} from 'react-router';
import { loadProduct, prefetchProduct, prefetchShop } from '../features/catalog/catalog-reads';
import { readProductID } from '../features/catalog/shop-query';
import { prefetchCart } from '../features/cart/cart-slice';
import { prefetchCartAddressBook } from '../features/shipping/cart-shipping-reads';
import { lazyWithRetry } from '../components/lazy-with-retry';
import { hasSession } from '../lib/http/session';
import { loadHttpClient } from '../lib/http/client';
import { setRouteCodePreloader } from '../lib/route-code';
import { AppLayout } from './app-layout';
import { RequireSession } from './require-session';
import { RouteErrorPage } from './route-error-page';

type RouteHandle = {
  preload: () => Promise<unknown>;
  /** Starts the page's first reads from its address, alongside its code. */
  prefetch?: (params: Params, search: string) => void;
};

/** For pages that read from the API as they open: axios loads alongside their code, not after it. */
function withHttpClient<M>(load: () => Promise<M>): () => Promise<M> {
  return () => Promise.all([load(), loadHttpClient()]).then(([module]) => module);
}

/** A lazily loaded page, and how to start loading it (and its data) before React gets to it. */
function page<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  prefetch?: RouteHandle['prefetch'],
): { element: ReactElement; handle: RouteHandle } {
  const Component = lazyWithRetry(() => load().then(pick));
  return { element: <Component />, handle: { preload: load, ...(prefetch ? { prefetch } : {}) } };
}

// The home page is a chunk like the others: the route-preload script (vite.config.ts) asks for it beside the entry,
// so it is there when the entry runs, and sign-in, the shop and the cart no longer carry its shelves. Its specials
// read through axios, loaded alongside.
const homePage = page(
  withHttpClient(() => import('../features/home/pages/home-page')),
  (m) => m.HomePage,
);
const loginPage = page(
  () => import('../features/account/pages/login-page'),
  (m) => m.LoginPage,
);
const registerPage = page(
  () => import('../features/account/pages/register-page'),
  (m) => m.RegisterPage,
);
const forgotPasswordPage = page(
  () => import('../features/account/pages/forgot-password-page'),
  (m) => m.ForgotPasswordPage,
);
const resetPasswordPage = page(
  () => import('../features/account/pages/reset-password-page'),
  (m) => m.ResetPasswordPage,
);
const verifyEmailPage = page(
  () => import('../features/account/pages/verify-email-page'),
  (m) => m.VerifyEmailPage,
);
const accountLayout = page(
  () => import('../features/account/pages/account-layout'),
  (m) => m.AccountLayout,
);
const profilePage = page(
  () => import('../features/account/pages/profile-page'),
  (m) => m.ProfilePage,
);
const securityPage = page(
  () => import('../features/account/pages/security-page'),
  (m) => m.SecurityPage,
);
const addressesPage = page(
  () => import('../features/address/pages/addresses-page'),
  (m) => m.AddressesPage,
);
const newsletterPage = page(
  () => import('../features/newsletter/pages/newsletter-page'),
  (m) => m.NewsletterPage,
);
const newsletterSuccessPage = page(
  () => import('../features/newsletter/pages/newsletter-success-page'),
  (m) => m.NewsletterSuccessPage,
);
const newsletterUnsubscribePage = page(
  () => import('../features/newsletter/pages/newsletter-unsubscribe-page'),
  (m) => m.NewsletterUnsubscribePage,
);
const productListPage = page(
  withHttpClient(() => import('../features/catalog/pages/product-list-page')),
  (m) => m.ProductListPage,
  (_, search) => prefetchShop(search),
);
const productDetailPage = page(
  withHttpClient(() => import('../features/catalog/pages/product-detail-page')),
  (m) => m.ProductDetailPage,
  (params) => {
    const productID = readProductID(params.productID);
    if (productID !== null) prefetchProduct(productID);
  },
);
const cartPage = page(
  withHttpClient(() => import('../features/cart/pages/cart-page')),
  // Signed out, the guest cart's lines are priced by the catalogue's public product read.
  (m) => m.makeCartRoute(loadProduct),
  () => {
    if (!hasSession()) return;
    prefetchCart();
    prefetchCartAddressBook();
  },
);
const wishlistPage = page(
  () => import('../features/wishlist/pages/wishlist-page'),
  (m) => m.WishlistPage,
);
const listsPage = page(
  () => import('../features/shopping-list/pages/lists-page'),
  (m) => m.ListsPage,
);
const listPage = page(
  () => import('../features/shopping-list/pages/list-page'),
  (m) => m.ListPage,
);
const creditsPage = page(
  () => import('../features/wallet/pages/credits-page'),
  (m) => m.CreditsPage,
);
const couponsPage = page(
  () => import('../features/wallet/pages/coupons-page'),
  (m) => m.CouponsPage,
);
const vouchersPage = page(
  () => import('../features/wallet/pages/vouchers-page'),
  (m) => m.VouchersPage,
);
const checkoutPage = page(
  () => import('../features/order/pages/checkout-page'),
  (m) => m.CheckoutPage,
);
const paymentPage = page(
  () => import('../features/payment/pages/payment-page'),
  (m) => m.PaymentPage,
);
const paymentReturnPage = page(
  () => import('../features/payment/pages/payment-return-page'),
  (m) => m.PaymentReturnPage,
);
const demoApprovePage = page(
  () => import('../features/payment/pages/demo-approve-page'),
  (m) => m.DemoApprovePage,
);
const ordersPage = page(
  () => import('../features/order/pages/orders-page'),
  (m) => m.OrdersPage,
);
const orderDetailPage = page(
  () => import('../features/order/pages/order-detail-page'),
  (m) => m.OrderDetailPage,
);
const notFoundPage = page(
  () => import('./not-found-page'),
  (m) => m.NotFoundPage,
);
const antdScope = page(
  () => import('./antd-scope'),
  (m) => m.AntdScope,
);

const signedIn = {
  element: (
    <RequireSession>
      <Outlet />
    </RequireSession>
  ),
};

/**
 * Where visitors land (home, sign-in, the catalogue, the cart) is built without Ant Design, so it paints without
 * waiting for it; every other page renders inside its theme.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // Should the shell itself fail to render, a plain page rather than React Router's developer page.
    errorElement: <RouteErrorPage />,
    children: [
      {
        // A page that cannot load or render shows its error inside the shell, under the header.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, ...homePage },
          { path: 'login', ...loginPage },
          { path: 'shop', ...productListPage },
          { path: 'product/:productID', ...productDetailPage },
          { path: 'cart', ...cartPage },
          {
            ...antdScope,
            children: [
              { path: 'register', ...registerPage },
              { path: 'forgot-password', ...forgotPasswordPage },
              { path: 'reset-password', ...resetPasswordPage },
              { path: 'verify-email', ...verifyEmailPage },
              { path: 'newsletter/subscribed', ...newsletterSuccessPage },
              { path: 'newsletter/unsubscribe', ...newsletterUnsubscribePage },
              {
                ...signedIn,
                children: [
                  { path: 'checkout', ...checkoutPage },
                  { path: 'checkout/pay/:orderID', ...paymentPage },
                  { path: 'checkout/payment-return', ...paymentReturnPage },
                  { path: 'payment/demo/approve', ...demoApprovePage },
                  {
                    path: 'account',
                    ...accountLayout,
                    children: [
                      { index: true, element: <Navigate to="profile" replace /> },
                      { path: 'profile', ...profilePage },
                      { path: 'security', ...securityPage },
                      { path: 'addresses', ...addressesPage },
                      { path: 'newsletter', ...newsletterPage },
                      { path: 'wishlist', ...wishlistPage },
                      { path: 'lists', ...listsPage },
                      { path: 'lists/:listID', ...listPage },
                      { path: 'credits', ...creditsPage },
                      { path: 'coupons', ...couponsPage },
                      { path: 'vouchers', ...vouchersPage },
                      { path: 'orders', ...ordersPage },
                      { path: 'orders/:orderID', ...orderDetailPage },
                      { path: '*', ...notFoundPage },
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', ...notFoundPage },
        ],
      },
    ],
  },
];

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return (
    typeof handle === 'object' && handle !== null && typeof Reflect.get(handle, 'preload') === 'function'
  );
}

/**
 * Starts loading every chunk the page at this address needs, and its first reads, all at once instead of one
 * after the other.
 */
export function preloadRoute({ pathname, search }: { pathname: string; search: string }): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const handle = match.route.handle;
    if (!isRouteHandle(handle)) continue;
    // A failure here is met again, and shown, when the page renders.
    handle.preload().catch(() => undefined);
    handle.prefetch?.(match.params, search);
  }
}

/**
 * Starts loading the code of the page at this path, and not its reads: they may need the session a sign-in is still
 * making. The page then shows as soon as the sign-in is done, not a chunk's download later.
 */
function preloadCodeOf(pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const handle = match.route.handle;
    if (isRouteHandle(handle)) handle.preload().catch(() => undefined);
  }
}

export function createAppRouter() {
  setRouteCodePreloader(preloadCodeOf);
  return createBrowserRouter(routes);
}

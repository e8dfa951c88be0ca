import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { AppLayout } from './app-layout';
import { RequireSession } from './require-session';

const HomePage = lazy(() =>
  import('../features/home/pages/home-page').then((m) => ({ default: m.HomePage })),
);
const LoginPage = lazy(() =>
  import('../features/account/pages/login-page').then((m) => ({ default: m.LoginPage })),
);
const RegisterPage = lazy(() =>
  import('../features/account/pages/register-page').then((m) => ({ default: m.RegisterPage })),
);
const AccountLayout = lazy(() =>
  import('../features/account/pages/account-layout').then((m) => ({ default: m.AccountLayout })),
);
const ProfilePage = lazy(() =>
  import('../features/account/pages/profile-page').then((m) => ({ default: m.ProfilePage })),
);
const SecurityPage = lazy(() =>
  import('../features/account/pages/security-page').then((m) => ({ default: m.SecurityPage })),
);
const AddressesPage = lazy(() =>
  import('../features/address/pages/addresses-page').then((m) => ({ default: m.AddressesPage })),
);
const NewsletterPage = lazy(() =>
  import('../features/newsletter/pages/newsletter-page').then((m) => ({ default: m.NewsletterPage })),
);
const NewsletterSuccessPage = lazy(() =>
  import('../features/newsletter/pages/newsletter-success-page').then((m) => ({
    default: m.NewsletterSuccessPage,
  })),
);
const NewsletterUnsubscribePage = lazy(() =>
  import('../features/newsletter/pages/newsletter-unsubscribe-page').then((m) => ({
    default: m.NewsletterUnsubscribePage,
  })),
);

const ProductListPage = lazy(() =>
  import('../features/catalog/pages/product-list-page').then((m) => ({ default: m.ProductListPage })),
);
const ProductDetailPage = lazy(() =>
  import('../features/catalog/pages/product-detail-page').then((m) => ({ default: m.ProductDetailPage })),
);
const CartPage = lazy(() =>
  import('../features/cart/pages/cart-page').then((m) => ({ default: m.CartPage })),
);
const WishlistPage = lazy(() =>
  import('../features/wishlist/pages/wishlist-page').then((m) => ({ default: m.WishlistPage })),
);

const CreditsPage = lazy(() =>
  import('../features/wallet/pages/credits-page').then((m) => ({ default: m.CreditsPage })),
);
const CouponsPage = lazy(() =>
  import('../features/wallet/pages/coupons-page').then((m) => ({ default: m.CouponsPage })),
);
const VouchersPage = lazy(() =>
  import('../features/wallet/pages/vouchers-page').then((m) => ({ default: m.VouchersPage })),
);

const CheckoutPage = lazy(() =>
  import('../features/order/pages/checkout-page').then((m) => ({ default: m.CheckoutPage })),
);
const OrdersPage = lazy(() =>
  import('../features/order/pages/orders-page').then((m) => ({ default: m.OrdersPage })),
);
const OrderDetailPage = lazy(() =>
  import('../features/order/pages/order-detail-page').then((m) => ({ default: m.OrderDetailPage })),
);

const NotFoundPage = lazy(() => import('./not-found-page').then((m) => ({ default: m.NotFoundPage })));

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <AppLayout />,
      children: [
        { index: true, element: <HomePage /> },
        { path: 'login', element: <LoginPage /> },
        { path: 'register', element: <RegisterPage /> },
        { path: 'newsletter/subscribed', element: <NewsletterSuccessPage /> },
        { path: 'newsletter/unsubscribe', element: <NewsletterUnsubscribePage /> },
        { path: 'shop', element: <ProductListPage /> },
        { path: 'product/:productID', element: <ProductDetailPage /> },
        {
          path: 'cart',
          element: (
            <RequireSession>
              <CartPage />
            </RequireSession>
          ),
        },
        {
          path: 'checkout',
          element: (
            <RequireSession>
              <CheckoutPage />
            </RequireSession>
          ),
        },
        {
          path: 'account',
          element: (
            <RequireSession>
              <AccountLayout />
            </RequireSession>
          ),
          children: [
            { index: true, element: <Navigate to="profile" replace /> },
            { path: 'profile', element: <ProfilePage /> },
            { path: 'security', element: <SecurityPage /> },
            { path: 'addresses', element: <AddressesPage /> },
            { path: 'newsletter', element: <NewsletterPage /> },
            { path: 'wishlist', element: <WishlistPage /> },
            { path: 'credits', element: <CreditsPage /> },
            { path: 'coupons', element: <CouponsPage /> },
            { path: 'vouchers', element: <VouchersPage /> },
            { path: 'orders', element: <OrdersPage /> },
            { path: 'orders/:orderID', element: <OrderDetailPage /> },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}

import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ADMIN_APP_PATH } from '@storefront/contract/staff';
import { PageLoading } from '../components/page-loading';
import type { AdminPage } from '../lib/access';
import { AdminLayout } from './admin-layout';
import { HomeRedirect } from './home-redirect';
import { NotFoundPage } from './not-found-page';
import { RequirePage } from './require-page';
import { RequireStaff } from './require-staff';
import { RouteErrorPage } from './route-error-page';

/** Each page is its own chunk, loaded as it opens: a picker's browser never fetches the staff or audit pages. */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const Component = lazy(() => load().then((module) => ({ default: pick(module) })));
  return <Component />;
}

const LoginPage = lazyPage(
  () => import('../features/auth/pages/login-page'),
  (m) => m.LoginPage,
);
const SetPasswordPage = lazyPage(
  () => import('../features/auth/pages/set-password-page'),
  (m) => m.SetPasswordPage,
);
const DashboardPage = lazyPage(
  () => import('../features/dashboard/pages/dashboard-page'),
  (m) => m.DashboardPage,
);
const OrdersPage = lazyPage(
  () => import('../features/orders/pages/orders-page'),
  (m) => m.OrdersPage,
);
const OrderPage = lazyPage(
  () => import('../features/orders/pages/order-page'),
  (m) => m.OrderPage,
);
const PickListPage = lazyPage(
  () => import('../features/picking/pages/pick-list-page'),
  (m) => m.PickListPage,
);
const PackingPage = lazyPage(
  () => import('../features/picking/pages/packing-page'),
  (m) => m.PackingPage,
);
const StaffPage = lazyPage(
  () => import('../features/staff/pages/staff-page'),
  (m) => m.StaffPage,
);
const AuditPage = lazyPage(
  () => import('../features/audit/pages/audit-page'),
  (m) => m.AuditPage,
);
const AccountPage = lazyPage(
  () => import('../features/account/pages/account-page'),
  (m) => m.AccountPage,
);

const ProductsPage = lazyPage(
  () => import('../features/catalogue/pages/products-page'),
  (m) => m.ProductsPage,
);
const ProductPage = lazyPage(
  () => import('../features/catalogue/pages/product-page'),
  (m) => m.ProductPage,
);
const ImportPage = lazyPage(
  () => import('../features/catalogue/pages/import-page'),
  (m) => m.ImportPage,
);
const StockPage = lazyPage(
  () => import('../features/catalogue/pages/stock-page'),
  (m) => m.StockPage,
);
const DeliveryPage = lazyPage(
  () => import('../features/delivery/pages/delivery-page'),
  (m) => m.DeliveryPage,
);
const OffersPage = lazyPage(
  () => import('../features/offers/pages/offers-page'),
  (m) => m.OffersPage,
);
const CustomersPage = lazyPage(
  () => import('../features/customers/pages/customers-page'),
  (m) => m.CustomersPage,
);
const CustomerPage = lazyPage(
  () => import('../features/customers/pages/customer-page'),
  (m) => m.CustomerPage,
);

function openPage(element: ReactNode) {
  return (
    <main className="centred">
      <Suspense fallback={<PageLoading />}>{element}</Suspense>
    </main>
  );
}

function guarded(page: AdminPage, element: ReactNode) {
  return <RequirePage page={page}>{element}</RequirePage>;
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: 'login', element: openPage(LoginPage) },
      { path: 'set-password', element: openPage(SetPasswordPage) },
      {
        element: (
          <RequireStaff>
            <AdminLayout />
          </RequireStaff>
        ),
        children: [
          { index: true, element: <HomeRedirect /> },
          { path: 'dashboard', element: guarded('dashboard', DashboardPage) },
          { path: 'orders', element: guarded('orders', OrdersPage) },
          { path: 'orders/:orderID', element: guarded('order', OrderPage) },
          { path: 'pick-list', element: guarded('pickList', PickListPage) },
          { path: 'pick-list/orders/:orderID', element: guarded('packing', PackingPage) },
          { path: 'products', element: guarded('products', ProductsPage) },
          { path: 'products/import', element: guarded('productImport', ImportPage) },
          { path: 'products/:productID', element: guarded('product', ProductPage) },
          { path: 'stock', element: guarded('stock', StockPage) },
          { path: 'delivery', element: guarded('delivery', DeliveryPage) },
          { path: 'offers', element: guarded('offers', OffersPage) },
          { path: 'customers', element: guarded('customers', CustomersPage) },
          { path: 'customers/:customerID', element: guarded('customer', CustomerPage) },
          { path: 'staff', element: guarded('staff', StaffPage) },
          { path: 'audit', element: guarded('audit', AuditPage) },
          { path: 'account', element: guarded('account', AccountPage) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAdminRouter() {
  return createBrowserRouter(routes, { basename: ADMIN_APP_PATH });
}

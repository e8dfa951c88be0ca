import { ShoppingCartOutlined } from '@ant-design/icons';
import { App, Badge, Button, Layout } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { cartCleared, fetchCart, selectCartCount, selectCartStatus } from '../features/cart/cart-slice';
import {
  fetchUserInfo,
  logout,
  selectUserInfo,
  selectUserInfoStatus,
} from '../features/account/user-info-slice';
import { FooterSubscribe } from '../features/newsletter/components/footer-subscribe';
import { hasSession } from '../lib/http/session';
import { AccountButton } from './account-button';
import { useAppDispatch, useAppSelector } from './hooks';

const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));

export const STORE_NAME = 'Harbour Grocer';

export function AppLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SiteHeader />
      <Layout.Content>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <SiteFooter />
    </Layout>
  );
}

function SiteFooter() {
  const user = useAppSelector(selectUserInfo);
  return (
    <Layout.Footer className="site-footer">
      <FooterSubscribe accountEmail={hasSession() ? (user?.email ?? null) : null} />
      <div className="site-footer__legal">
        {STORE_NAME} · Fresh groceries delivered across Australia · Prices in AUD incl. GST
      </div>
    </Layout.Footer>
  );
}

function SiteHeader() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { message } = App.useApp();
  const user = useAppSelector(selectUserInfo);
  const userStatus = useAppSelector(selectUserInfoStatus);
  const cartCount = useAppSelector(selectCartCount);
  const cartStatus = useAppSelector(selectCartStatus);
  const isSignedIn = hasSession();

  useEffect(() => {
    if (isSignedIn && cartStatus === 'idle') void dispatch(fetchCart());
  }, [dispatch, isSignedIn, cartStatus]);

  useEffect(() => {
    if (isSignedIn && !user && userStatus === 'idle') void dispatch(fetchUserInfo());
  }, [dispatch, isSignedIn, user, userStatus]);

  const signOut = async () => {
    await dispatch(logout());
    dispatch(cartCleared());
    void message.success('You have signed out.');
    void navigate('/', { replace: true });
  };

  const loginTarget = `/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`;

  return (
    <Layout.Header className="site-header">
      <Link to="/" className="site-header__brand" data-testid="brand">
        <img src="/favicon.svg" alt="" />
        {STORE_NAME}
      </Link>
      <nav className="site-header__nav">
        <Link to="/shop" data-testid="nav-shop">
          Shop
        </Link>
      </nav>
      <div className="site-header__actions">
        <Badge count={cartCount} size="small" showZero={false}>
          <Button
            type="text"
            shape="circle"
            aria-label={`Cart, ${cartCount} items`}
            icon={<ShoppingCartOutlined style={{ fontSize: 20 }} />}
            data-testid="cart-button"
            onClick={() => void navigate('/cart')}
          />
        </Badge>
        {isSignedIn ? (
          <Suspense fallback={<AccountButton name={user ? user.firstName : 'Account'} />}>
            <AccountMenu name={user ? user.firstName : 'Account'} onSignOut={() => void signOut()} />
          </Suspense>
        ) : (
          location.pathname !== '/login' && (
            <Link to={loginTarget}>
              <Button type="primary" data-testid="header-login">
                Sign in
              </Button>
            </Link>
          )
        )}
      </div>
    </Layout.Header>
  );
}

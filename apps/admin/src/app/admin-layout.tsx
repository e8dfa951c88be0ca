import { Alert, App, Button, Drawer, Grid, Layout, Menu, Tag, type MenuProps } from 'antd';
import {
  AppstoreOutlined,
  AuditOutlined,
  CalendarOutlined,
  IdcardOutlined,
  InboxOutlined,
  TagsOutlined,
  CarryOutOutlined,
  DashboardOutlined,
  ShoppingOutlined,
  LogoutOutlined,
  MenuOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Suspense, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { signOutStaff } from '../features/auth/api';
import { adminPages, pagesFor, roleLabels, type AdminPage } from '../lib/access';
import { readErrorMessage } from '../lib/http/api-error';
import { clearToken } from '../lib/http/token-store';
import { useSignedInStaff } from '../lib/staff-session';

const pageIcons: Record<AdminPage, ReactNode> = {
  dashboard: <DashboardOutlined />,
  orders: <ShoppingOutlined />,
  order: <ShoppingOutlined />,
  pickList: <CarryOutOutlined />,
  packing: <CarryOutOutlined />,
  products: <AppstoreOutlined />,
  product: <AppstoreOutlined />,
  productImport: <AppstoreOutlined />,
  stock: <InboxOutlined />,
  delivery: <CalendarOutlined />,
  offers: <TagsOutlined />,
  customers: <IdcardOutlined />,
  customer: <IdcardOutlined />,
  staff: <TeamOutlined />,
  audit: <AuditOutlined />,
  account: <UserOutlined />,
};

/** The signed-in frame: the menu of the pages the role may open, who is signed in, and the page. */
export function AdminLayout() {
  const me = useSignedInStaff();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [isSigningOut, setIsSigningOut] = useState(false);
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  // Below a laptop's width the menu is a drawer; on wider screens a column at the left, which holds every page a
  // role may open (a manager's eleven would not fit across the header at 1280 px).
  const isPhone = Grid.useBreakpoint().lg === false;

  const items: MenuProps['items'] = pagesFor(me.role).map((page) => ({
    key: page,
    icon: pageIcons[page],
    label: (
      <Link to={adminPages[page].path} data-testid={`menu-${page}`}>
        {adminPages[page].label}
      </Link>
    ),
  }));
  const selected = pagesFor(me.role).filter(
    (page) => pathname === adminPages[page].path || pathname.startsWith(`${adminPages[page].path}/`),
  );

  const signOut = async () => {
    setIsSigningOut(true);
    try {
      await signOutStaff();
    } catch (error) {
      // Signed out here whatever the answer: the session ends on the server within 30 idle minutes anyway.
      void message.warning(`Signed out on this computer. ${readErrorMessage(error)}`);
    }
    clearToken();
    // The sign-in page forgets the member as it opens: forgotten here, the signed-in pages could render once more
    // before the navigation and send the browser to sign in as after a session that ended.
    void navigate('/login', { replace: true, state: { signedOut: true } });
  };

  return (
    <Layout className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Layout.Header className="shell__header">
        <Link to="/" className="shell__brand" data-testid="brand">
          <span className="shell__brand-name">Harbour Grocer</span>
          <span className="shell__brand-part">Back office</span>
        </Link>
        {isPhone ? (
          <div className="shell__nav">
            <Button
              icon={<MenuOutlined />}
              onClick={() => setIsMenuOpen(true)}
              aria-expanded={isMenuOpen}
              data-testid="menu-open"
            >
              Menu
            </Button>
            <Drawer
              title="Back office"
              placement="left"
              size={280}
              open={isMenuOpen}
              onClose={() => setIsMenuOpen(false)}
              styles={{ body: { padding: 0 } }}
            >
              <nav aria-label="Back office">
                <Menu
                  mode="inline"
                  items={items}
                  selectedKeys={selected}
                  onClick={() => setIsMenuOpen(false)}
                  data-testid="menu"
                />
              </nav>
            </Drawer>
          </div>
        ) : null}
        <div className="shell__who">
          <span className="shell__name" data-testid="signed-in-name">
            {me.name}
          </span>
          <Tag className="shell__role" data-testid="signed-in-role">
            {roleLabels[me.role]}
          </Tag>
          <Button
            icon={<LogoutOutlined />}
            onClick={() => void signOut()}
            loading={isSigningOut}
            data-testid="sign-out"
          >
            Sign out
          </Button>
        </div>
      </Layout.Header>
      {me.mustEnrolMfa && !pathname.startsWith(adminPages.account.path) && (
        <div className="shell__banner">
          <Alert
            type="warning"
            showIcon
            title="Set up two-factor sign-in"
            description="Your role needs two-factor sign-in before you can change anything in the back office."
            action={
              <Link to={adminPages.account.path} data-testid="mfa-banner-link" className="shell__banner-link">
                Set it up in My account
              </Link>
            }
            data-testid="mfa-banner"
          />
        </div>
      )}
      <Layout className="shell__body">
        {!isPhone && (
          <Layout.Sider width={216} theme="light" className="shell__sider">
            <nav aria-label="Back office">
              <Menu
                mode="inline"
                items={items}
                selectedKeys={selected}
                className="shell__menu"
                data-testid="menu"
              />
            </nav>
          </Layout.Sider>
        )}
        <Layout.Content id="main" tabIndex={-1} className="shell__main">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

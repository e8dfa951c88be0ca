import { Menu, Select, Typography } from 'antd';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageLoading } from '../../../components/page-loading';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { accountSections } from '../account-sections';
import { EmailRefusedAlert } from '../components/email-refused-alert';
import { fetchUserInfo, selectUserInfo } from '../user-info-slice';

export function AccountLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUserInfo);
  // Read afresh as the account opens: the user kept in the cookie may be older than a mail refused since (the
  // address check mailed at sign-up).
  useEffect(() => {
    void dispatch(fetchUserInfo());
  }, [dispatch]);
  const [, , current = 'profile', detail] = location.pathname.split('/');
  // A section's own address gets its heading and title here; an order, or an unknown address, brings its own.
  const section = detail ? undefined : accountSections.find((s) => s.key === current);
  // An unknown address (its page says "not found") names no section in the picker, rather than its own words.
  const isKnown = accountSections.some((s) => s.key === current);
  useDocumentTitle(section ? section.label : null);
  const items = accountSections.map((section) => ({
    key: section.key,
    label: <span data-testid={`account-nav-${section.key}`}>{section.label}</span>,
  }));

  return (
    <div className="page">
      <Typography.Paragraph type="secondary" className="account-greeting" data-testid="account-greeting">
        {user ? `G'day, ${user.firstName}` : 'My account'}
      </Typography.Paragraph>
      {section && (
        <h1 className="page-title account-heading" data-testid="account-heading">
          {section.label}
        </h1>
      )}
      {user?.emailRefused && <EmailRefusedAlert email={user.email} refusal={user.emailRefused} />}
      <div className="account-shell">
        <nav className="account-shell__menu" aria-label="Account sections">
          <Menu
            mode="inline"
            selectedKeys={[current]}
            items={items}
            onClick={({ key }) => void navigate(`/account/${key}`)}
          />
        </nav>
        <div className="account-shell__picker">
          <Select
            size="large"
            style={{ width: '100%' }}
            value={isKnown ? current : undefined}
            placeholder="Choose a section"
            aria-label="Account section"
            data-testid="account-section-picker"
            options={accountSections.map((section) => ({ value: section.key, label: section.label }))}
            onChange={(key: string) => void navigate(`/account/${key}`)}
          />
        </div>
        <section className="account-shell__content">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </section>
      </div>
    </div>
  );
}

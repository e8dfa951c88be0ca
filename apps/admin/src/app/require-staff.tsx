import { Button, Result } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ADMIN_APP_PATH } from '@storefront/contract/staff';
import { PageLoading } from '../components/page-loading';
import { readMe } from '../features/auth/api';
import { readErrorMessage } from '../lib/http/api-error';
import { hasToken } from '../lib/http/token-store';
import { useStaffSession } from '../lib/staff-session';

/**
 * The pages behind sign-in: without a token, the sign-in page (coming back here after); with one, who it belongs to
 * (`GET /me`) before any page shows. A 401 there is the HTTP client's to handle (it sends the browser to sign in).
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { me, setMe } = useStaffSession();
  const location = useLocation();
  const [failure, setFailure] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const isSignedIn = hasToken();

  useEffect(() => {
    if (me || !isSignedIn) return;
    let isCurrent = true;
    setFailure(null);
    readMe().then(
      (loaded) => {
        if (isCurrent) setMe(loaded);
      },
      (error: unknown) => {
        if (isCurrent) setFailure(error);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [me, isSignedIn, setMe, attempt]);

  // While signing out the token is gone before the member: the layout stays until the sign-in page replaces it.
  if (me) return children;
  if (!isSignedIn) {
    const here = `${ADMIN_APP_PATH}${location.pathname === '/' ? '' : location.pathname}${location.search}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(here)}`} replace />;
  }
  if (failure) {
    return (
      <main className="centred">
        <Result
          status="warning"
          title={<h1 className="result-heading">The back office could not start</h1>}
          subTitle={readErrorMessage(failure)}
          extra={
            <Button type="primary" onClick={() => setAttempt((n) => n + 1)} data-testid="session-retry">
              Try again
            </Button>
          }
        />
      </main>
    );
  }
  return (
    <main className="centred">
      <PageLoading />
    </main>
  );
}

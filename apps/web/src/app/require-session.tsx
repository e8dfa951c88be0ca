import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasSession } from '../lib/http/session';

/** Pages for signed-in customers: anyone else goes to /login and comes back afterwards. */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!hasSession()) {
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/login?redirect=${redirect}`} replace />;
  }
  return children;
}

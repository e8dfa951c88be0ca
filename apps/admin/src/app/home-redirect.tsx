import { Navigate } from 'react-router';
import { homePathOf } from '../lib/access';
import { useSignedInStaff } from '../lib/staff-session';

/** /admin/ itself: the signed-in member's first page. */
export function HomeRedirect() {
  const me = useSignedInStaff();
  return <Navigate to={homePathOf(me.role)} replace />;
}

import type { ReactNode } from 'react';
import { ForbiddenResult } from '../components/forbidden-result';
import { canOpen, type AdminPage } from '../lib/access';
import { useSignedInStaff } from '../lib/staff-session';

/** A page only some roles may open: the others get the 403 result, and never load the page's code. */
export function RequirePage({ page, children }: { page: AdminPage; children: ReactNode }) {
  const me = useSignedInStaff();
  return canOpen(me.role, page) ? children : <ForbiddenResult />;
}

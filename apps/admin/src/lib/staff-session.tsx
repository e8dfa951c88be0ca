import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { StaffMe } from '@storefront/contract/staff';

type StaffSession = {
  /** Who is signed in, once the sign-in or `GET /me` has answered; null before, and after signing out. */
  me: StaffMe | null;
  setMe: (me: StaffMe | null) => void;
};

const StaffSessionContext = createContext<StaffSession | null>(null);

export function StaffSessionProvider({
  children,
  initialMe = null,
}: {
  children: ReactNode;
  initialMe?: StaffMe | null;
}) {
  const [me, setMe] = useState<StaffMe | null>(initialMe);
  const value = useMemo(() => ({ me, setMe }), [me]);
  return <StaffSessionContext.Provider value={value}>{children}</StaffSessionContext.Provider>;
}

export function useStaffSession(): StaffSession {
  const session = useContext(StaffSessionContext);
  if (!session) throw new Error('useStaffSession needs a StaffSessionProvider above it.');
  return session;
}

/** The signed-in member, on pages behind the sign-in guard (app/require-staff.tsx), which waits for them. */
export function useSignedInStaff(): StaffMe {
  const { me } = useStaffSession();
  if (!me) throw new Error('useSignedInStaff is for pages behind the sign-in guard.');
  return me;
}

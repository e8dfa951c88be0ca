import { App as AntdApp, ConfigProvider } from 'antd';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { StaffMe, StaffMember, StaffRole } from '@storefront/contract/staff';
import { StaffSessionProvider } from './lib/staff-session';

export function makeMember(overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    staffID: 1,
    email: 'owner@shop.test',
    name: 'Olive Owner',
    role: 'owner',
    mfaEnabled: false,
    disabled: false,
    hasPassword: true,
    createdAt: '2026-11-01T00:00:00.000Z',
    lastSignInAt: null,
    ...overrides,
  };
}

export function makeMe(role: StaffRole = 'owner', overrides: Partial<StaffMe> = {}): StaffMe {
  return {
    ...makeMember({ role }),
    mustEnrolMfa: false,
    sessionEndsAt: '2026-11-29T08:00:00.000Z',
    ...overrides,
  };
}

/** Shows where the router is, for tests that follow a navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders `element` at `path` inside the app's providers, as a signed-in `me` (or signed out), with a probe page
 * at every other path that shows where navigation went.
 */
export function renderAt(
  element: ReactNode,
  { path = '/', at = path, me = null }: { path?: string; at?: string; me?: StaffMe | null } = {},
) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [at] },
  );
  return render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <AntdApp>
        <StaffSessionProvider initialMe={me}>
          <RouterProvider router={router} />
        </StaffSessionProvider>
      </AntdApp>
    </ConfigProvider>,
  );
}

import { staffRoles, type StaffRole } from '@storefront/contract/staff';

/**
 * The one map of which role opens which page: the menu shows these, the router guards them, and a role's home is
 * its first page here. It follows the API's role table (README, "Staff roles"): a page's reads are allowed to its
 * roles there too.
 */
export const adminPages = {
  dashboard: { path: '/dashboard', label: 'Dashboard', roles: ['owner', 'manager', 'support'] },
  staff: { path: '/staff', label: 'Staff', roles: ['owner'] },
  audit: { path: '/audit', label: 'Audit log', roles: ['owner', 'manager'] },
  // Pickers land here until their pick lists arrive.
  account: { path: '/account', label: 'My account', roles: staffRoles },
} as const satisfies Record<string, { path: string; label: string; roles: readonly StaffRole[] }>;

export type AdminPage = keyof typeof adminPages;

const pageOrder: readonly AdminPage[] = ['dashboard', 'staff', 'audit', 'account'];

export function canOpen(role: StaffRole, page: AdminPage): boolean {
  const roles: readonly StaffRole[] = adminPages[page].roles;
  return roles.includes(role);
}

/** The pages a role may open, in menu order. */
export function pagesFor(role: StaffRole): AdminPage[] {
  return pageOrder.filter((page) => canOpen(role, page));
}

/** Where a member lands after signing in: the first page their role may open. */
export function homePathOf(role: StaffRole): string {
  return adminPages[pagesFor(role)[0] ?? 'account'].path;
}

export const roleLabels: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  picker: 'Picker',
  support: 'Support',
};

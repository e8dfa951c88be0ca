import { staffRoles, type StaffRole } from '@storefront/contract/staff';

/**
 * The one map of which role opens which page: the menu shows these, the router guards them, and a role's home is
 * its first page here. It follows the API's role table (README, "Staff roles"): a page's reads are allowed to its
 * roles there too.
 */
export const adminPages = {
  pickList: { path: '/pick-list', label: 'Pick list', roles: ['picker', 'owner', 'manager'] },
  dashboard: { path: '/dashboard', label: 'Dashboard', roles: ['owner', 'manager', 'support'] },
  orders: { path: '/orders', label: 'Orders', roles: ['owner', 'manager', 'support'] },
  // One order, opened from the orders list or the pick list (not in the menu): pickers read it to pack it.
  order: { path: '/orders', label: 'Order', roles: ['owner', 'manager', 'support', 'picker'] },
  packing: { path: '/pick-list/orders', label: 'Packing', roles: ['picker', 'owner', 'manager'] },
  products: { path: '/products', label: 'Products', roles: ['owner', 'manager'] },
  // One product (/products/:productID, or /products/new), opened from the list.
  product: { path: '/products', label: 'Product', roles: ['owner', 'manager'] },
  productImport: { path: '/products/import', label: 'Import products', roles: ['owner', 'manager'] },
  stock: { path: '/stock', label: 'Stock', roles: ['owner', 'manager'] },
  delivery: { path: '/delivery', label: 'Delivery windows', roles: ['owner', 'manager'] },
  offers: { path: '/offers', label: 'Coupons & vouchers', roles: ['owner', 'manager'] },
  customers: { path: '/customers', label: 'Customers', roles: ['owner', 'manager', 'support'] },
  customer: { path: '/customers', label: 'Customer', roles: ['owner', 'manager', 'support'] },
  staff: { path: '/staff', label: 'Staff', roles: ['owner'] },
  audit: { path: '/audit', label: 'Audit log', roles: ['owner', 'manager'] },
  account: { path: '/account', label: 'My account', roles: staffRoles },
} as const satisfies Record<string, { path: string; label: string; roles: readonly StaffRole[] }>;

export type AdminPage = keyof typeof adminPages;

/** The menu, in order; a role's home is its first page here (a picker's the pick list). */
const pageOrder: readonly AdminPage[] = [
  'dashboard',
  'orders',
  'pickList',
  'products',
  'stock',
  'delivery',
  'offers',
  'customers',
  'staff',
  'audit',
  'account',
];

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

/** An order's page. */
export function orderPath(orderID: number): string {
  return `${adminPages.order.path}/${orderID}`;
}

/** A product's page. */
export function productPath(productID: number | 'new'): string {
  return `${adminPages.product.path}/${productID}`;
}

/** A customer's page. */
export function customerPath(customerID: number): string {
  return `${adminPages.customer.path}/${customerID}`;
}

/** The packing screen of an order (phone first). */
export function packingPath(orderID: number): string {
  return `${adminPages.packing.path}/${orderID}`;
}

/** The pick list of a store day (YYYY-MM-DD), and of one of its delivery windows. */
export function pickListPath(date?: string, windowID?: number | null): string {
  const params = new URLSearchParams();
  if (date) params.set('date', date);
  if (windowID) params.set('windowID', String(windowID));
  const query = params.toString();
  return query ? `${adminPages.pickList.path}?${query}` : adminPages.pickList.path;
}

export const roleLabels: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  picker: 'Picker',
  support: 'Support',
};

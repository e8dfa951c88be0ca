/** Every section of the account area (spec section 1), in menu order. */
export const accountSections = [
  { key: 'profile', label: 'Profile', isReady: true },
  { key: 'security', label: 'Password & sign-ins', isReady: true },
  { key: 'addresses', label: 'Addresses', isReady: true },
  { key: 'wishlist', label: 'Wishlist', isReady: true },
  { key: 'orders', label: 'Orders', isReady: false },
  { key: 'newsletter', label: 'Newsletter', isReady: true },
  { key: 'credits', label: 'Store credit', isReady: false },
  { key: 'coupons', label: 'Coupons', isReady: false },
  { key: 'vouchers', label: 'Gift vouchers', isReady: false },
] as const;

export type AccountSectionKey = (typeof accountSections)[number]['key'];

export function findAccountSection(key: string | undefined) {
  return accountSections.find((section) => section.key === key) ?? null;
}

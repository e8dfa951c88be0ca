/** Every section of the account area (spec section 1), in menu order. */
export const accountSections = [
  { key: 'profile', label: 'Profile', isReady: true },
  { key: 'security', label: 'Password & sign-ins', isReady: true },
  { key: 'addresses', label: 'Addresses', isReady: true },
  { key: 'wishlist', label: 'Wishlist', isReady: true },
  { key: 'orders', label: 'Orders', isReady: true },
  { key: 'newsletter', label: 'Newsletter', isReady: true },
  { key: 'credits', label: 'Store credit', isReady: true },
  { key: 'coupons', label: 'Coupons', isReady: true },
  { key: 'vouchers', label: 'Gift vouchers', isReady: true },
] as const;

export type AccountSectionKey = (typeof accountSections)[number]['key'];

export function findAccountSection(key: string | undefined) {
  return accountSections.find((section) => section.key === key) ?? null;
}

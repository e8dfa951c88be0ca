/** Every section of the account area (spec section 1), in menu order. */
export const accountSections = [
  { key: 'profile', label: 'Profile' },
  { key: 'security', label: 'Password & sign-ins' },
  { key: 'addresses', label: 'Addresses' },
  { key: 'wishlist', label: 'Wishlist' },
  { key: 'lists', label: 'Lists' },
  { key: 'orders', label: 'Orders' },
  { key: 'newsletter', label: 'Newsletter' },
  { key: 'credits', label: 'Store credit' },
  { key: 'coupons', label: 'Coupons' },
  { key: 'vouchers', label: 'Gift vouchers' },
] as const;

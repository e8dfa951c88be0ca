import type { AppliedCoupon } from '@storefront/contract/cart';

/** FREESHIP as the cart answers it while it applies: free standard delivery. */
export function freeDeliveryCoupon(overrides: Partial<AppliedCoupon> = {}): AppliedCoupon {
  return {
    code: 'FREESHIP',
    description: 'Delivery is on us',
    kind: 'free_shipping',
    value: 0,
    minSpend: 0,
    endsAt: '2030-01-01T00:00:00.000Z',
    isApplicable: true,
    problemCode: null,
    problem: null,
    ...overrides,
  };
}

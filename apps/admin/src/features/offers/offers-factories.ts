import type {
  CouponList,
  StaffCoupon,
  VoucherBatch,
  VoucherBatchList,
} from '@storefront/contract/offers-admin';

/** WELCOME10: 10% off a $30 spend through December 2026, public, running. */
export function makeCoupon(overrides: Partial<StaffCoupon> = {}): StaffCoupon {
  return {
    couponID: 1,
    code: 'WELCOME10',
    description: 'Welcome to Harbour Grocer',
    kind: 'percent',
    value: 10,
    minSpend: 3000,
    startsAt: '2026-11-30T13:00:00.000Z',
    endsAt: '2026-12-31T13:00:00.000Z',
    usageLimit: 100,
    usedCount: 4,
    perCustomerLimit: 1,
    isPersonal: false,
    status: 'running',
    customerCount: 4,
    ...overrides,
  };
}

export function makeCouponList(list: StaffCoupon[]): CouponList {
  return { list, total: list.length, page: 1, pageSize: 20 };
}

/** Christmas 2026: 50 codes of $25, 3 redeemed, last day 31 Dec 2027. */
export function makeBatch(overrides: Partial<VoucherBatch> = {}): VoucherBatch {
  return {
    label: 'Christmas 2026',
    count: 50,
    redeemed: 3,
    amount: 2500,
    expiresAt: '2027-12-31T13:00:00.000Z',
    createdAt: '2026-11-20T01:00:00.000Z',
    ...overrides,
  };
}

export function makeBatchList(list: VoucherBatch[]): VoucherBatchList {
  return { list, total: list.length, page: 1, pageSize: 20 };
}

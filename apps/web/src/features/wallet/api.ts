import type {
  ApplyVoucherResult,
  CouponPackage,
  Credits,
  WalletCouponStatus,
} from '@storefront/contract/wallet';
import { callApi } from '../../lib/http/client';

export function retrieveCredits(page: number, pageSize: number): Promise<Credits> {
  return callApi<Credits>({ method: 'GET', url: '/api/v1/customer/credits', params: { page, pageSize } });
}

export function retrieveCouponPackage(status: readonly WalletCouponStatus[]): Promise<CouponPackage> {
  return callApi<CouponPackage>({
    method: 'GET',
    url: '/api/v1/customer/coupon/package',
    params: { status },
  });
}

export function applyVoucher(code: string): Promise<ApplyVoucherResult> {
  return callApi<ApplyVoucherResult>({
    method: 'POST',
    url: '/api/v1/customer/apply-voucher',
    data: { code },
  });
}

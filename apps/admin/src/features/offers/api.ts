import type {
  CouponBody,
  CouponDetail,
  CouponGiveResult,
  CouponList,
  CouponListQuery,
  VoucherBatch,
  VoucherBatchBody,
  VoucherBatchList,
  VoucherBatchListQuery,
} from '@storefront/contract/offers-admin';
import { getData, http, postData, putData } from '../../lib/http/client';

export function listCoupons(query: CouponListQuery): Promise<CouponList> {
  return getData<CouponList>('/coupons', {
    q: query.q,
    status: query.status,
    page: query.page,
    pageSize: query.pageSize,
  });
}

export function readCoupon(couponID: number): Promise<CouponDetail> {
  return getData<CouponDetail>(`/coupons/${couponID}`);
}

export function createCoupon(body: CouponBody): Promise<CouponDetail> {
  return postData<CouponDetail>('/coupons', body);
}

export function updateCoupon(couponID: number, body: CouponBody): Promise<CouponDetail> {
  return putData<CouponDetail>(`/coupons/${couponID}`, body);
}

/** Ends the coupon now: it stops working in every cart at once. */
export function endCoupon(couponID: number): Promise<CouponDetail> {
  return postData<CouponDetail>(`/coupons/${couponID}/end`, {});
}

/** Puts the coupon in these customers' wallets; an email no account has refuses them all. */
export function giveCoupon(couponID: number, emails: string[]): Promise<CouponGiveResult> {
  return postData<CouponGiveResult>(`/coupons/${couponID}/customers`, { emails });
}

export function listVoucherBatches(query: VoucherBatchListQuery): Promise<VoucherBatchList> {
  return getData<VoucherBatchList>('/vouchers/batches', { page: query.page, pageSize: query.pageSize });
}

export function createVoucherBatch(body: VoucherBatchBody): Promise<VoucherBatch> {
  return postData<VoucherBatch>('/vouchers/batches', body);
}

/** The batch's codes as a CSV file, fetched with the staff token. */
export async function downloadVoucherBatch(label: string): Promise<Blob> {
  const response = await http.request<Blob>({
    method: 'GET',
    url: `/vouchers/batches/${encodeURIComponent(label)}/export`,
    responseType: 'blob',
  });
  return response.data;
}

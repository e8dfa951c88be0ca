import type {
  ApplyVoucherResult,
  CouponPackage,
  Credits,
  CreditsQuery,
  WalletCoupon,
  WalletCouponStatus,
} from '@storefront/contract/wallet';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { couponProblem } from '../cart/cart.service.js';
import { reserveHit } from '../account/throttle.js';
import {
  claimVoucher,
  countLedgerEntries,
  findVoucherByCode,
  insertLedgerEntry,
  listLedgerEntries,
  listWalletCoupons,
  sumBalance,
} from './wallet.repo.js';
import type { CouponRow } from '../cart/cart.repo.js';

export type WalletSettings = {
  limitPerIp: number;
  limitPerAccount: number;
  limitWindowMs: number;
  now: () => Date;
};

/** A wallet coupon's state, ignoring the minimum spend (that depends on a cart). */
export function walletCouponStatusOf(coupon: CouponRow, customerUses: number, now: Date): WalletCouponStatus {
  if (customerUses >= coupon.perCustomerLimit) return 'used';
  const problem = couponProblem(coupon, { subtotal: Number.MAX_SAFE_INTEGER, customerUses, now });
  if (problem === 'COUPON_NOT_STARTED') return 'upcoming';
  if (problem === null) return 'available';
  return 'expired';
}

export function createWalletService(db: Db, settings: WalletSettings) {
  // Every attempt counts, right or wrong, so guessing codes is slow from one IP or one account. Each attempt
  // reserves its place before looking at the code, so parallel attempts cannot all slip under the limit.
  async function throttleRedemption(customerId: number, ip: string): Promise<void> {
    const { limitPerIp, limitPerAccount, limitWindowMs } = settings;
    const now = settings.now();
    await reserveHit(db, `voucher:ip:${ip}`, limitPerIp, now, limitWindowMs);
    await reserveHit(db, `voucher:account:${customerId}`, limitPerAccount, now, limitWindowMs);
  }

  return {
    async credits(customerId: number, query: CreditsQuery): Promise<Credits> {
      const [balance, total, rows] = await Promise.all([
        sumBalance(db, customerId),
        countLedgerEntries(db, customerId),
        listLedgerEntries(db, customerId, {
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        }),
      ]);
      return {
        balance,
        entries: {
          list: rows.map((r) => ({
            id: r.id,
            amount: r.amountCents,
            reason: r.reason,
            orderID: r.orderId,
            voucherCode: r.voucherCode,
            createdAt: r.createdAt.toISOString(),
          })),
          total,
          page: query.page,
          pageSize: query.pageSize,
        },
      };
    },

    async couponPackage(customerId: number, statuses?: WalletCouponStatus[]): Promise<CouponPackage> {
      const now = settings.now();
      const rows = await listWalletCoupons(db, customerId);
      const list = rows.map(({ coupon, usedCount, receivedAt }): WalletCoupon => ({
        couponID: coupon.id,
        code: coupon.code,
        description: coupon.description,
        kind: coupon.kind,
        value: coupon.value,
        minSpend: coupon.minSpendCents,
        startsAt: coupon.startsAt.toISOString(),
        endsAt: coupon.endsAt.toISOString(),
        usageLimit: coupon.usageLimit,
        perCustomerLimit: coupon.perCustomerLimit,
        usedCount,
        receivedAt: receivedAt.toISOString(),
        status: walletCouponStatusOf(coupon, usedCount, now),
      }));
      return { list: statuses ? list.filter((c) => statuses.includes(c.status)) : list };
    },

    async applyVoucher(customerId: number, code: string, ip: string): Promise<ApplyVoucherResult> {
      await throttleRedemption(customerId, ip);
      const now = settings.now();
      // The conditional update claims the voucher and the ledger entry lands in the same transaction: both or neither.
      const credited = await db.transaction(async (tx) => {
        const voucher = await claimVoucher(tx, customerId, code, now);
        if (!voucher) return null;
        await insertLedgerEntry(tx, {
          customerId,
          amountCents: voucher.amountCents,
          reason: 'voucher',
          voucherId: voucher.id,
        });
        return voucher.amountCents;
      });
      if (credited === null) {
        const voucher = await findVoucherByCode(db, code);
        if (!voucher) throw new AppError('VOUCHER_INVALID');
        if (voucher.redeemedBy !== null) throw new AppError('VOUCHER_REDEEMED');
        throw new AppError('VOUCHER_EXPIRED');
      }
      return { balance: await sumBalance(db, customerId), credited };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;

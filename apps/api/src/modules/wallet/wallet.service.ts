import type {
  ApplyVoucherResult,
  CouponPackage,
  Credits,
  CreditsQuery,
  WalletCouponStatus,
} from '@storefront/contract/wallet';
import type { Db, Executor } from '../../db/client.js';
import { together } from '../../db/together.js';
import { AppError } from '../../lib/app-error.js';
import { lockCustomer } from '../account/account.repo.js';
import { walletCoupons } from '../coupon/coupon.service.js';
import type { Throttle } from '../throttle/throttle.service.js';
import {
  claimVoucher,
  countLedgerEntries,
  findVoucherByCode,
  insertLedgerEntry,
  listLedgerEntries,
  sumLedger,
} from './wallet.repo.js';

/**
 * Store credit: the balance is the sum of the append-only ledger, and what may be spent. Our own writes never take
 * the sum below 0 (spending takes at most the balance); an entry written by hand that does is shown and spent as 0.
 */
export async function creditBalance(exec: Executor, customerId: number): Promise<number> {
  return Math.max(0, await sumLedger(exec, customerId));
}

/**
 * The credit the customer may spend now, held for the caller's transaction: locks the customer's row, which
 * serialises spending of this customer's credit until the transaction ends, so the balance never goes below 0. An
 * order spends at most this (`withCredit`) and records it with `recordOrderCredit` in the same transaction.
 */
export async function holdCredit(tx: Executor, customerId: number): Promise<number> {
  // The balance is read after the lock is held (in statement order), in one round trip with it.
  const [, balance] = await together([lockCustomer(tx, customerId), creditBalance(tx, customerId)]);
  return balance;
}

/** Records credit spent on (negative) or given back for (positive) an order. */
export async function recordOrderCredit(
  tx: Executor,
  entry: { customerId: number; orderId: number; amountCents: number },
): Promise<void> {
  if (entry.amountCents === 0) return;
  await insertLedgerEntry(tx, {
    ...entry,
    reason: entry.amountCents < 0 ? 'order_payment' : 'order_refund',
  });
}

export function createWalletService(db: Db, throttle: Throttle, now: () => Date) {
  return {
    async credits(customerId: number, query: CreditsQuery): Promise<Credits> {
      const [balance, total, rows] = await Promise.all([
        creditBalance(db, customerId),
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
      const list = await walletCoupons(db, customerId, now());
      return { list: statuses ? list.filter((c) => statuses.includes(c.status)) : list };
    },

    async applyVoucher(customerId: number, code: string, ip: string): Promise<ApplyVoucherResult> {
      // Every attempt counts, right or wrong, so guessing codes is slow from one IP or one account.
      await throttle.reserve('perIp', `voucher:ip:${ip}`);
      await throttle.reserve('perAccount', `voucher:account:${customerId}`);
      // The conditional update claims the voucher and the ledger entry lands in the same transaction: both or neither.
      const credited = await db.transaction(async (tx) => {
        const voucher = await claimVoucher(tx, customerId, code, now());
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
      return { balance: await creditBalance(db, customerId), credited };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;

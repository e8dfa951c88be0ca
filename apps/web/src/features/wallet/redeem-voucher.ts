import { errorCatalogue } from '@storefront/contract/errors';
import { isAnswerLost } from '../../lib/attempt-key';
import { readErrorCode, readErrorMessage } from '../../lib/http/error-message';
import { applyVoucher, retrieveCredits } from './api';

export type VoucherOutcome =
  /** `isEarlier`: the server called the code used, and it is this customer's own credit already. */
  | { kind: 'redeemed'; balance: number; credited: number; isEarlier: boolean }
  | { kind: 'refused'; message: string }
  /** The answer was lost: the credit is not in the ledger yet (`isChecked`), or the ledger could not be read. */
  | { kind: 'unconfirmed'; code: string; isChecked: boolean };

// The ledger comes newest first, so a voucher credited a moment ago is on its first page.
const RECENT_ENTRIES = 20;

/** Looks for the voucher's credit in the customer's own ledger, which says both whether and how much. */
export async function findVoucherCredit(code: string, isEarlier = false): Promise<VoucherOutcome> {
  try {
    const credits = await retrieveCredits(1, RECENT_ENTRIES);
    const wanted = code.toUpperCase();
    const entry = credits.entries.list.find(
      (e) => e.reason === 'voucher' && e.voucherCode?.toUpperCase() === wanted,
    );
    return entry
      ? { kind: 'redeemed', balance: credits.balance, credited: entry.amount, isEarlier }
      : { kind: 'unconfirmed', code, isChecked: true };
  } catch {
    return { kind: 'unconfirmed', code, isChecked: false };
  }
}

export async function redeemVoucher(code: string): Promise<VoucherOutcome> {
  try {
    const { balance, credited } = await applyVoucher(code);
    return { kind: 'redeemed', balance, credited, isEarlier: false };
  } catch (err) {
    if (isAnswerLost(err)) return findVoucherCredit(code);
    if (readErrorCode(err) === errorCatalogue.VOUCHER_REDEEMED.code) {
      // Often the customer's own retry after a lost answer: show their credit rather than only "already used".
      const own = await findVoucherCredit(code, true);
      if (own.kind === 'redeemed') return own;
    }
    return { kind: 'refused', message: readErrorMessage(err) };
  }
}

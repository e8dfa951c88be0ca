import { errorCatalogue } from '@storefront/contract/errors';
import type { CreditEntry, Credits } from '@storefront/contract/wallet';
import { AxiosError } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyVoucher, retrieveCredits } from './api';
import { redeemVoucher } from './redeem-voucher';

vi.mock('./api', () => ({ applyVoucher: vi.fn(), retrieveCredits: vi.fn() }));

const { VOUCHER_REDEEMED } = errorCatalogue;
const usedUp = { code: VOUCHER_REDEEMED.code, msg: VOUCHER_REDEEMED.msg, data: null };

function makeCredits(balance: number, list: Partial<CreditEntry>[]): Credits {
  const entries = list.map((entry, i) => ({
    id: i + 1,
    amount: 2500,
    reason: 'voucher' as const,
    orderID: null,
    voucherCode: 'GIFT-2500',
    createdAt: '2030-01-02T03:04:05.000Z',
    ...entry,
  }));
  return { balance, entries: { list: entries, total: entries.length, page: 1, pageSize: 20 } };
}

describe('redeemVoucher', () => {
  beforeEach(() => {
    vi.mocked(applyVoucher).mockReset();
    vi.mocked(retrieveCredits).mockReset();
  });

  it('answers the server’s balance and credit when the answer arrives', async () => {
    vi.mocked(applyVoucher).mockResolvedValue({ balance: 3000, credited: 2500 });
    expect(await redeemVoucher('GIFT-2500')).toEqual({
      kind: 'redeemed',
      balance: 3000,
      credited: 2500,
      isEarlier: false,
    });
    expect(retrieveCredits).not.toHaveBeenCalled();
  });

  it('after a lost answer finds the credit in the ledger, whatever the case of the code typed', async () => {
    vi.mocked(applyVoucher).mockRejectedValue(new AxiosError('Network Error', AxiosError.ERR_NETWORK));
    vi.mocked(retrieveCredits).mockResolvedValue(makeCredits(3000, [{ amount: 2500 }]));
    expect(await redeemVoucher('gift-2500')).toEqual({
      kind: 'redeemed',
      balance: 3000,
      credited: 2500,
      isEarlier: false,
    });
  });

  it('after a lost answer does not take another voucher’s or reason’s entry for this one', async () => {
    vi.mocked(applyVoucher).mockRejectedValue({ status: 503, data: {} });
    vi.mocked(retrieveCredits).mockResolvedValue(
      makeCredits(3000, [{ voucherCode: 'GIFT-1000' }, { reason: 'goodwill', voucherCode: null }]),
    );
    expect(await redeemVoucher('GIFT-2500')).toEqual({
      kind: 'unconfirmed',
      code: 'GIFT-2500',
      isChecked: true,
    });
  });

  it('shows the customer’s own credit when the code is already used by them', async () => {
    vi.mocked(applyVoucher).mockRejectedValue(usedUp);
    vi.mocked(retrieveCredits).mockResolvedValue(makeCredits(2500, [{}]));
    expect(await redeemVoucher('GIFT-2500')).toMatchObject({
      kind: 'redeemed',
      balance: 2500,
      isEarlier: true,
    });
  });

  it('refuses a code used by someone else with the server’s message', async () => {
    vi.mocked(applyVoucher).mockRejectedValue(usedUp);
    vi.mocked(retrieveCredits).mockResolvedValue(makeCredits(0, []));
    expect(await redeemVoucher('GIFT-2500')).toEqual({ kind: 'refused', message: VOUCHER_REDEEMED.msg });
  });
});

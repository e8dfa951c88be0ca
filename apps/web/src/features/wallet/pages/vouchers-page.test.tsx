import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorCatalogue } from '@storefront/contract/errors';
import type { CreditEntry, Credits } from '@storefront/contract/wallet';
import { AxiosError } from 'axios';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyVoucher, retrieveCredits } from '../api';
import { VouchersPage } from './vouchers-page';

vi.mock('../api', () => ({ applyVoucher: vi.fn(), retrieveCredits: vi.fn() }));

function makeEntry(overrides: Partial<CreditEntry> = {}): CreditEntry {
  return {
    id: 1,
    amount: 2500,
    reason: 'voucher',
    orderID: null,
    voucherCode: 'GIFT-2500',
    createdAt: '2030-01-02T03:04:05.000Z',
    ...overrides,
  };
}

function makeCredits(balance: number, list: CreditEntry[]): Credits {
  return { balance, entries: { list, total: list.length, page: 1, pageSize: 20 } };
}

function renderVouchers() {
  render(
    <MemoryRouter>
      <VouchersPage />
    </MemoryRouter>,
  );
}

async function redeem(code: string) {
  await userEvent.type(screen.getByTestId('voucher-code'), code);
  await userEvent.click(screen.getByTestId('voucher-submit'));
}

const lostAnswer = { status: 503, data: { code: 100503, msg: 'unavailable', data: null } };

describe('the vouchers page', () => {
  beforeEach(() => {
    vi.mocked(applyVoucher).mockReset();
    vi.mocked(retrieveCredits).mockReset();
  });

  it('takes a code typed with spaces in it, and sends it without them', async () => {
    vi.mocked(applyVoucher).mockResolvedValue({ balance: 2500, credited: 2500 });
    renderVouchers();
    await redeem(' gift - 2500 ');
    expect(await screen.findByTestId('voucher-balance')).toBeTruthy();
    expect(applyVoucher).toHaveBeenCalledWith('gift-2500');
  });

  it('shows the new balance when the answer was lost but the voucher was credited', async () => {
    vi.mocked(applyVoucher).mockRejectedValue(lostAnswer);
    vi.mocked(retrieveCredits).mockResolvedValue(makeCredits(3000, [makeEntry()]));
    renderVouchers();
    await redeem('gift-2500');
    expect((await screen.findByTestId('voucher-balance')).textContent).toContain('$30.00');
    expect(screen.queryByTestId('voucher-error')).toBeNull();
  });

  it('after a timeout with no credit yet, says so and checks again without redeeming again', async () => {
    vi.mocked(applyVoucher).mockRejectedValue(
      new AxiosError('timeout of 45000ms exceeded', AxiosError.ECONNABORTED),
    );
    vi.mocked(retrieveCredits)
      .mockResolvedValueOnce(makeCredits(500, [makeEntry({ reason: 'goodwill', voucherCode: null })]))
      .mockResolvedValueOnce(makeCredits(3000, [makeEntry()]));
    renderVouchers();
    await redeem('GIFT-2500');
    const unconfirmed = await screen.findByTestId('voucher-unconfirmed');
    expect(unconfirmed.textContent).toContain('GIFT-2500 is not in your store credit yet');
    expect(screen.queryByTestId('voucher-error')).toBeNull();

    await userEvent.click(screen.getByTestId('voucher-check-again'));
    expect((await screen.findByTestId('voucher-balance')).textContent).toContain('$30.00');
    expect(applyVoucher).toHaveBeenCalledTimes(1);
    expect(retrieveCredits).toHaveBeenCalledTimes(2);
  });

  it('says it could not check when the credits cannot be read either', async () => {
    vi.mocked(applyVoucher).mockRejectedValue(new AxiosError('Network Error', AxiosError.ERR_NETWORK));
    vi.mocked(retrieveCredits).mockRejectedValue(new AxiosError('Network Error', AxiosError.ERR_NETWORK));
    renderVouchers();
    await redeem('GIFT-2500');
    expect((await screen.findByTestId('voucher-unconfirmed')).textContent).toContain(
      'could not reach the store',
    );
    screen.getByTestId('voucher-check-again');
  });

  it('shows a refusal as it is, without reading the credits', async () => {
    const { VOUCHER_EXPIRED } = errorCatalogue;
    vi.mocked(applyVoucher).mockRejectedValue({
      code: VOUCHER_EXPIRED.code,
      msg: VOUCHER_EXPIRED.msg,
      data: null,
    });
    renderVouchers();
    await redeem('GIFT-EXPIRED');
    expect((await screen.findByTestId('voucher-error')).textContent).toContain('That voucher has expired.');
    expect(retrieveCredits).not.toHaveBeenCalled();
  });
});

describe('the keyboard focus on the vouchers page', () => {
  beforeEach(() => {
    vi.mocked(applyVoucher).mockReset();
    vi.mocked(retrieveCredits).mockReset();
  });

  it('stays in the emptied voucher field after a voucher is redeemed with Enter, not at the top of the page', async () => {
    vi.mocked(applyVoucher).mockResolvedValue({ balance: 2500, credited: 2500 });
    renderVouchers();
    await userEvent.type(screen.getByTestId('voucher-code'), 'GIFT-2500{Enter}');

    expect(await screen.findByTestId('voucher-balance')).toBeTruthy();
    const field = screen.getByTestId<HTMLInputElement>('voucher-code');
    expect(field.value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it('goes to the voucher field once "Check again" finds the credit and its button goes', async () => {
    vi.mocked(applyVoucher).mockRejectedValue(lostAnswer);
    vi.mocked(retrieveCredits)
      .mockResolvedValueOnce(makeCredits(0, []))
      .mockResolvedValueOnce(makeCredits(2500, [makeEntry()]));
    renderVouchers();
    await redeem('GIFT-2500');
    await userEvent.click(await screen.findByTestId('voucher-check-again'));

    expect(await screen.findByTestId('voucher-balance')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('voucher-code')));
  });
});

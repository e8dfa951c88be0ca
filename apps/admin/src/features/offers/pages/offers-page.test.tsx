import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@storefront/contract/errors';
import { ApiError } from '../../../lib/http/api-error';
import { makeMe, renderAt } from '../../../test-utils';
import {
  createCoupon,
  createVoucherBatch,
  downloadVoucherBatch,
  endCoupon,
  giveCoupon,
  listCoupons,
  listVoucherBatches,
  readCoupon,
  updateCoupon,
} from '../api';
import { makeBatch, makeBatchList, makeCoupon, makeCouponList } from '../offers-factories';
import { saveFile } from '../save-file';
import { OffersPage } from './offers-page';

vi.mock('../api', () => ({
  listCoupons: vi.fn(),
  readCoupon: vi.fn(),
  createCoupon: vi.fn(),
  updateCoupon: vi.fn(),
  endCoupon: vi.fn(),
  giveCoupon: vi.fn(),
  listVoucherBatches: vi.fn(),
  createVoucherBatch: vi.fn(),
  downloadVoucherBatch: vi.fn(),
}));
vi.mock('../save-file', () => ({ saveFile: vi.fn() }));

const welcome = makeCoupon();
const freeship = makeCoupon({
  couponID: 2,
  code: 'FREESHIP',
  description: 'Delivery is on us',
  kind: 'free_shipping',
  value: 0,
  minSpend: 0,
  usageLimit: null,
  usedCount: 0,
  isPersonal: true,
  customerCount: 1,
  status: 'scheduled',
});

/** A screen `width` wide: Ant Design's breakpoints ask matchMedia for min-widths. */
function screenWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return {
      matches: min !== null && width >= Number(min[1]),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  });
}

function renderPage(at = '/offers') {
  renderAt(<OffersPage />, { path: '/offers', at, me: makeMe('manager') });
}

function rowOf(testId: string, text: string): HTMLElement {
  const row = screen.getAllByTestId(testId).find((r) => within(r).queryByText(text));
  if (!row) throw new Error(`no row for ${text}`);
  return row;
}

function typeDate(testId: string, day: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value: day } });
}

describe('the coupons tab', () => {
  beforeEach(() => {
    screenWidth(1280);
    vi.mocked(listCoupons).mockResolvedValue(makeCouponList([welcome, freeship]));
  });

  it('shows a row per coupon: what it gives, minimum spend, dates, uses and status', async () => {
    renderPage();
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    await screen.findByText('WELCOME10');
    expect(document.title).toMatch(/^Coupons and vouchers · /);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('table')).toBeTruthy();
    // The table's own cells (a loaded machine may still show the phone's cards for a moment before the breakpoint).
    await waitFor(() =>
      expect(within(rowOf('coupon-row', 'WELCOME10')).getByText('Spend $30.00')).toBeTruthy(),
    );
    const row = rowOf('coupon-row', 'WELCOME10');
    expect(within(row).getByText('10% off')).toBeTruthy();
    expect(within(row).getByText('Spend $30.00')).toBeTruthy();
    expect(within(row).getByText('1 Dec 2026 – 31 Dec 2026')).toBeTruthy();
    expect(within(row).getByText('4 of 100 used')).toBeTruthy();
    expect(within(row).getByText('Running')).toBeTruthy();
    expect(within(row).queryByTestId('coupon-give')).toBeNull();
    const personal = rowOf('coupon-row', 'FREESHIP');
    expect(within(personal).getByText('Free delivery')).toBeTruthy();
    expect(within(personal).getByText('Personal · 1 customer')).toBeTruthy();
    expect(within(personal).getByText('Scheduled')).toBeTruthy();
    expect(within(personal).getByTestId('coupon-give')).toBeTruthy();
  });

  it('shows cards on a phone', async () => {
    screenWidth(375);
    renderPage();
    await screen.findByText('WELCOME10');
    expect(screen.queryByRole('table')).toBeNull();
    const card = rowOf('coupon-row', 'WELCOME10');
    expect(card.tagName).toBe('LI');
    expect(within(card).getByText('10% off · Spend $30.00')).toBeTruthy();
  });

  it('says when there are no coupons yet', async () => {
    vi.mocked(listCoupons).mockResolvedValue(makeCouponList([]));
    renderPage();
    expect(await screen.findByTestId('coupons-empty')).toBeTruthy();
  });

  it('a failed read says why and tries again', async () => {
    vi.mocked(listCoupons)
      .mockRejectedValueOnce(new ApiError('Please check your network connection and try again.'))
      .mockResolvedValueOnce(makeCouponList([welcome]));
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Please check your network connection and try again.')).toBeTruthy();
    await user.click(screen.getByTestId('load-retry'));
    expect(await screen.findByText('WELCOME10')).toBeTruthy();
  });

  it('searches by code and lists a status', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('WELCOME10');
    await user.type(within(screen.getByTestId('coupons-search')).getByRole('searchbox'), 'welc{Enter}');
    await waitFor(() =>
      expect(listCoupons).toHaveBeenLastCalledWith({ q: 'welc', status: undefined, page: 1, pageSize: 20 }),
    );
    await user.click(within(screen.getByTestId('coupons-status')).getByRole('combobox'));
    await user.click(await screen.findByTitle('Ended'));
    await waitFor(() =>
      expect(listCoupons).toHaveBeenLastCalledWith({ q: 'welc', status: 'ended', page: 1, pageSize: 20 }),
    );
  });

  it('makes a coupon of dollars off from the form, in cents and whole store days', async () => {
    const made = makeCoupon({ couponID: 3, code: 'SAVE5', kind: 'fixed', value: 550 });
    vi.mocked(createCoupon).mockResolvedValue({ ...made, customers: [] });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('WELCOME10');
    await user.click(screen.getByTestId('coupon-new'));
    const form = await screen.findByTestId('coupon-form');
    await user.type(within(form).getByTestId('coupon-code'), 'save5');
    await user.type(within(form).getByTestId('coupon-description'), 'Stock up and save');
    await user.click(within(screen.getByTestId('coupon-kind')).getByRole('combobox'));
    await user.click(await screen.findByTitle('Dollars off'));
    expect(await screen.findByText('Dollars off', { selector: 'label' })).toBeTruthy();
    await user.clear(within(form).getByTestId('coupon-value'));
    await user.type(within(form).getByTestId('coupon-value'), '5.50');
    await user.type(within(form).getByTestId('coupon-min-spend'), '40');
    typeDate('coupon-starts', '2026-12-01');
    typeDate('coupon-ends', '2026-12-31');
    await user.type(within(form).getByTestId('coupon-usage-limit'), '500');
    await user.click(screen.getByTestId('coupon-form-submit'));

    await waitFor(() =>
      expect(createCoupon).toHaveBeenCalledWith({
        code: 'save5',
        description: 'Stock up and save',
        kind: 'fixed',
        value: 550,
        minSpend: 4000,
        startsAt: '2026-11-30T13:00:00.000Z',
        endsAt: '2026-12-31T13:00:00.000Z',
        usageLimit: 500,
        perCustomerLimit: 1,
        isPersonal: false,
      }),
    );
    expect(await screen.findByText('SAVE5 is ready: customers can use it now.')).toBeTruthy();
    expect(listCoupons).toHaveBeenCalledTimes(2);
  });

  it('a free delivery coupon has no value to type, and bad values are refused before sending', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('WELCOME10');
    await user.click(screen.getByTestId('coupon-new'));
    const form = await screen.findByTestId('coupon-form');
    await user.type(within(form).getByTestId('coupon-code'), 'BIG');
    await user.type(within(form).getByTestId('coupon-description'), 'Too much');
    await user.clear(within(form).getByTestId('coupon-value'));
    await user.type(within(form).getByTestId('coupon-value'), '150');
    typeDate('coupon-starts', '2026-12-10');
    typeDate('coupon-ends', '2026-12-01');
    await user.click(screen.getByTestId('coupon-form-submit'));
    expect(await screen.findByText('Value must be a percentage from 1 to 100.')).toBeTruthy();
    expect(screen.getByText('The last day cannot be before the first.')).toBeTruthy();
    expect(createCoupon).not.toHaveBeenCalled();

    await user.click(within(screen.getByTestId('coupon-kind')).getByRole('combobox'));
    await user.click(await screen.findByTitle('Free delivery'));
    await waitFor(() => expect(screen.queryByTestId('coupon-value')).toBeNull());
  });

  it('says at the code field when another coupon has the code', async () => {
    vi.mocked(createCoupon).mockRejectedValue(
      new ApiError(errorCatalogue.COUPON_CODE_TAKEN.msg, {
        code: errorCatalogue.COUPON_CODE_TAKEN.code,
        status: 200,
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('WELCOME10');
    await user.click(screen.getByTestId('coupon-new'));
    const form = await screen.findByTestId('coupon-form');
    await user.type(within(form).getByTestId('coupon-code'), 'WELCOME10');
    await user.type(within(form).getByTestId('coupon-description'), 'Again');
    await user.click(screen.getByTestId('coupon-form-submit'));
    expect(await screen.findByText(errorCatalogue.COUPON_CODE_TAKEN.msg)).toBeTruthy();
    expect(screen.queryByTestId('coupon-form-error')).toBeNull();
  });

  it('edits a coupon: the form shows it, and dates left alone keep their moments', async () => {
    const ended = makeCoupon({ status: 'ended', endsAt: '2026-12-10T04:00:00.000Z' });
    vi.mocked(listCoupons).mockResolvedValue(makeCouponList([ended]));
    vi.mocked(updateCoupon).mockResolvedValue({ ...ended, description: 'Hello again', customers: [] });
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await screen.findByTestId('coupon-row')).getByTestId('coupon-edit'));
    const form = await screen.findByTestId('coupon-form');
    expect(within(form).getByTestId<HTMLInputElement>('coupon-code').value).toBe('WELCOME10');
    expect(within(form).getByTestId<HTMLInputElement>('coupon-min-spend').value).toBe('30.00');
    expect(within(form).getByTestId<HTMLInputElement>('coupon-ends').value).toBe('2026-12-10');
    const description = within(form).getByTestId('coupon-description');
    await user.clear(description);
    await user.type(description, 'Hello again');
    await user.click(screen.getByTestId('coupon-form-submit'));
    await waitFor(() =>
      expect(updateCoupon).toHaveBeenCalledWith(
        1,
        expect.objectContaining({
          description: 'Hello again',
          startsAt: ended.startsAt,
          endsAt: ended.endsAt,
          value: 10,
          minSpend: 3000,
        }),
      ),
    );
    expect(await screen.findByText('Hello again')).toBeTruthy();
  });

  it('ends a coupon now, after asking', async () => {
    vi.mocked(endCoupon).mockResolvedValue({ ...welcome, status: 'ended', customers: [] });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('WELCOME10');
    await user.click(within(rowOf('coupon-row', 'WELCOME10')).getByTestId('coupon-end'));
    const question = await screen.findByText('End WELCOME10 now?');
    expect(endCoupon).not.toHaveBeenCalled();
    const popup = question.closest<HTMLElement>('.ant-popover');
    if (!popup) throw new Error('no confirmation popup');
    const confirm = within(popup).getByRole('button', { name: 'End now' });
    await user.click(confirm);
    await waitFor(() => expect(endCoupon).toHaveBeenCalledWith(1));
    expect(await within(rowOf('coupon-row', 'WELCOME10')).findByText('Ended')).toBeTruthy();
    expect(within(rowOf('coupon-row', 'WELCOME10')).queryByTestId('coupon-end')).toBeNull();
  });

  it('gives a personal coupon to customers by email, showing who holds it', async () => {
    vi.mocked(readCoupon).mockResolvedValue({
      ...freeship,
      customers: [
        {
          customerID: 9,
          email: 'ada@example.com',
          name: 'Ada Lovelace',
          receivedAt: '2026-11-20T01:00:00.000Z',
          usedCount: 0,
        },
      ],
    });
    vi.mocked(giveCoupon).mockResolvedValue({ added: 2, alreadyHeld: 1 });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('FREESHIP');
    await user.click(within(rowOf('coupon-row', 'FREESHIP')).getByTestId('coupon-give'));
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    await user.type(
      screen.getByTestId('coupon-give-emails'),
      'ada@example.com, bo@example.com\ncy@example.com',
    );
    await user.click(screen.getByTestId('coupon-give-submit'));
    await waitFor(() =>
      expect(giveCoupon).toHaveBeenCalledWith(2, ['ada@example.com', 'bo@example.com', 'cy@example.com']),
    );
    expect(await screen.findByText('FREESHIP is in 2 more wallets. 1 already had it.')).toBeTruthy();
  });

  it('names the emails no customer has, at the emails field', async () => {
    vi.mocked(readCoupon).mockResolvedValue({ ...freeship, customers: [] });
    const msg = 'No customer account has this email: nobody@example.com. Nothing was given.';
    vi.mocked(giveCoupon).mockRejectedValue(
      new ApiError(msg, { code: errorCatalogue.COUPON_CUSTOMERS_UNKNOWN.code, status: 200 }),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('FREESHIP');
    await user.click(within(rowOf('coupon-row', 'FREESHIP')).getByTestId('coupon-give'));
    await user.type(await screen.findByTestId('coupon-give-emails'), 'nobody@example.com');
    await user.click(screen.getByTestId('coupon-give-submit'));
    expect(await screen.findByText(msg)).toBeTruthy();
  });
});

describe('the gift vouchers tab', () => {
  const christmas = makeBatch();

  beforeEach(() => {
    screenWidth(1280);
    vi.mocked(listCoupons).mockResolvedValue(makeCouponList([]));
    vi.mocked(listVoucherBatches).mockResolvedValue(makeBatchList([christmas]));
  });

  it('lists the batches: codes, redeemed, amount and last day', async () => {
    renderPage('/offers?tab=vouchers');
    const row = await screen.findByTestId('voucher-batch-row');
    expect(within(row).getByText('Christmas 2026')).toBeTruthy();
    expect(within(row).getByText('50')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    expect(within(row).getByText('$25.00')).toBeTruthy();
    expect(within(row).getByText('31 Dec 2027')).toBeTruthy();
    expect(listCoupons).not.toHaveBeenCalled();
  });

  it('opens from its tab, and says when there are no batches yet', async () => {
    vi.mocked(listVoucherBatches).mockResolvedValue(makeBatchList([]));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Gift vouchers' }));
    expect(await screen.findByTestId('voucher-batches-empty')).toBeTruthy();
  });

  it('makes a batch from the form, in cents until the end of its last day', async () => {
    vi.mocked(createVoucherBatch).mockResolvedValue(
      makeBatch({ label: 'Staff gifts', count: 20, redeemed: 0 }),
    );
    const user = userEvent.setup();
    renderPage('/offers?tab=vouchers');
    await screen.findByTestId('voucher-batch-row');
    await user.click(screen.getByTestId('voucher-batch-new'));
    await user.type(await screen.findByTestId('voucher-batch-label'), 'Staff gifts');
    const count = screen.getByTestId('voucher-batch-count');
    await user.clear(count);
    await user.type(count, '20');
    await user.type(screen.getByTestId('voucher-batch-amount'), '25');
    typeDate('voucher-batch-expires', '2099-06-30');
    await user.click(screen.getByTestId('voucher-batch-submit'));
    await waitFor(() =>
      expect(createVoucherBatch).toHaveBeenCalledWith({
        label: 'Staff gifts',
        count: 20,
        amount: 2500,
        expiresAt: '2099-06-30T14:00:00.000Z',
      }),
    );
    expect(
      await screen.findByText('20 codes made for “Staff gifts”. Download the CSV to hand them out.'),
    ).toBeTruthy();
    expect(listVoucherBatches).toHaveBeenCalledTimes(2);
  });

  it('says at the label field when a batch has it already', async () => {
    vi.mocked(createVoucherBatch).mockRejectedValue(
      new ApiError(errorCatalogue.VOUCHER_BATCH_TAKEN.msg, {
        code: errorCatalogue.VOUCHER_BATCH_TAKEN.code,
        status: 200,
      }),
    );
    const user = userEvent.setup();
    renderPage('/offers?tab=vouchers');
    await screen.findByTestId('voucher-batch-row');
    await user.click(screen.getByTestId('voucher-batch-new'));
    await user.type(await screen.findByTestId('voucher-batch-label'), 'Christmas 2026');
    await user.type(screen.getByTestId('voucher-batch-amount'), '25');
    await user.click(screen.getByTestId('voucher-batch-submit'));
    expect(await screen.findByText(errorCatalogue.VOUCHER_BATCH_TAKEN.msg)).toBeTruthy();
  });

  it('downloads a batch as a CSV file', async () => {
    const csv = new Blob(['code,amount,expires,redeemed_at\n'], { type: 'text/csv' });
    vi.mocked(downloadVoucherBatch).mockResolvedValue(csv);
    const user = userEvent.setup();
    renderPage('/offers?tab=vouchers');
    await user.click(within(await screen.findByTestId('voucher-batch-row')).getByTestId('voucher-export'));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(csv, 'vouchers-Christmas-2026.csv'));
    expect(downloadVoucherBatch).toHaveBeenCalledWith('Christmas 2026');
  });

  it('says why a download failed', async () => {
    vi.mocked(downloadVoucherBatch).mockRejectedValue(
      new ApiError('Not found.', { code: 100002, status: 404 }),
    );
    const user = userEvent.setup();
    renderPage('/offers?tab=vouchers');
    await user.click(within(await screen.findByTestId('voucher-batch-row')).getByTestId('voucher-export'));
    expect(await screen.findByText('Not found.')).toBeTruthy();
    expect(saveFile).not.toHaveBeenCalled();
  });
});

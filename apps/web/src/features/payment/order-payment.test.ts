import { errorCatalogue } from '@storefront/contract/errors';
import type { PaymentMethods } from '@storefront/contract/payment';
import { AxiosError } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/date-time';
import { fetchPaymentMethods, fetchPaymentPendingWith } from './api';
import { describeOrderPayment, readOrderPayment, type OrderPayment } from './order-payment';

vi.mock('./api', () => ({ fetchPaymentMethods: vi.fn(), fetchPaymentPendingWith: vi.fn() }));

const { NOT_FOUND, ORDER_NOT_PAYABLE, ORDER_PAY_BY_PASSED } = errorCatalogue;

function makeMethods(amountDue: number): PaymentMethods {
  return {
    amountDue,
    methods: [{ provider: 'demo', isEligible: true, instalmentCents: null }],
    payBy: '2026-11-27T04:30:00.000Z',
  };
}

describe('readOrderPayment', () => {
  beforeEach(() => {
    vi.mocked(fetchPaymentMethods).mockReset();
    vi.mocked(fetchPaymentPendingWith).mockReset().mockResolvedValue(null);
  });

  it('reads an order that owes money as owing, with its ways to pay', async () => {
    vi.mocked(fetchPaymentMethods).mockResolvedValue(makeMethods(1250));
    expect(await readOrderPayment(7)).toEqual({ kind: 'owing', methods: makeMethods(1250) });
  });

  it('reads an order that owes money while a provider still decides a payment of it as capture-pending', async () => {
    vi.mocked(fetchPaymentMethods).mockResolvedValue(makeMethods(1250));
    vi.mocked(fetchPaymentPendingWith).mockResolvedValue('paypal');
    expect(await readOrderPayment(7)).toEqual({ kind: 'capture-pending', pendingWith: 'paypal' });
    expect(fetchPaymentPendingWith).toHaveBeenCalledWith(7);
  });

  it('reads an order the store cannot find as not found, though its detail was refused too', async () => {
    vi.mocked(fetchPaymentMethods).mockRejectedValue({ code: NOT_FOUND.code, msg: 'x', data: null });
    vi.mocked(fetchPaymentPendingWith).mockRejectedValue({ code: NOT_FOUND.code, msg: 'x', data: null });
    expect(await readOrderPayment(7)).toEqual({ kind: 'not-found' });
  });

  it('rejects when the ways to pay came but whether a payment is being decided could not be learnt', async () => {
    const lost = new AxiosError('Network Error', AxiosError.ERR_NETWORK);
    vi.mocked(fetchPaymentMethods).mockResolvedValue(makeMethods(1250));
    vi.mocked(fetchPaymentPendingWith).mockRejectedValue(lost);
    await expect(readOrderPayment(7)).rejects.toBe(lost);
  });

  it('reads ORDER_NOT_PAYABLE and a zero amount due as settled', async () => {
    vi.mocked(fetchPaymentMethods).mockRejectedValueOnce({
      code: ORDER_NOT_PAYABLE.code,
      msg: 'x',
      data: null,
    });
    expect(await readOrderPayment(7)).toEqual({ kind: 'settled' });
    vi.mocked(fetchPaymentMethods).mockResolvedValueOnce(makeMethods(0));
    expect(await readOrderPayment(7)).toEqual({ kind: 'settled' });
  });

  it('reads an order past its time to pay as such, not as a failure to read it, with the provider still deciding a payment of it', async () => {
    vi.mocked(fetchPaymentMethods).mockRejectedValue({
      code: ORDER_PAY_BY_PASSED.code,
      msg: 'x',
      data: null,
    });
    vi.mocked(fetchPaymentPendingWith).mockResolvedValueOnce(null);
    expect(await readOrderPayment(7)).toEqual({ kind: 'pay-by-passed', pendingWith: null });
    vi.mocked(fetchPaymentPendingWith).mockResolvedValueOnce('paypal');
    expect(await readOrderPayment(7)).toEqual({ kind: 'pay-by-passed', pendingWith: 'paypal' });
    expect(fetchPaymentPendingWith).toHaveBeenCalledWith(7);
  });

  it('reads a 404 as not found', async () => {
    vi.mocked(fetchPaymentMethods).mockRejectedValue({ status: 404, data: { code: NOT_FOUND.code } });
    expect(await readOrderPayment(7)).toEqual({ kind: 'not-found' });
  });

  it('rejects when the order’s state could not be learnt', async () => {
    const lost = new AxiosError('Network Error', AxiosError.ERR_NETWORK);
    vi.mocked(fetchPaymentMethods).mockRejectedValue(lost);
    await expect(readOrderPayment(7)).rejects.toBe(lost);
  });
});

describe('describeOrderPayment', () => {
  const describeWith = (
    data: OrderPayment | null,
    status: 'loading' | 'succeeded' | 'failed' = 'succeeded',
  ) => describeOrderPayment(7, { status, data });

  it('says the order waits for payment only when it owes money', () => {
    expect(describeWith({ kind: 'owing', methods: makeMethods(1250) })).toBe(
      `Order SO-7 is placed and waits for payment: pay by ${formatDateTime('2026-11-27T04:30:00.000Z')}, or it is cancelled.`,
    );
    expect(describeWith({ kind: 'settled' })).toBe('Order SO-7 has nothing left to pay.');
    expect(describeWith({ kind: 'capture-pending', pendingWith: 'paypal' })).toBe(
      'Order SO-7 waits for PayPal to confirm your payment.',
    );
    expect(describeWith({ kind: 'not-found' })).toBe('Order SO-7 is not one of your orders.');
    expect(describeWith({ kind: 'pay-by-passed', pendingWith: null })).toBe(
      'The time to pay order SO-7 has ended: it is being cancelled and its items go back on the shelf.',
    );
    // Kept while PayPal decides: not said to be cancelled.
    expect(describeWith({ kind: 'pay-by-passed', pendingWith: 'paypal' })).toBe(
      'The time to pay order SO-7 has ended, but we are waiting for PayPal to confirm a payment started before then: if it goes through, the order is yours; if not, it is cancelled and you are not charged.',
    );
  });

  it('claims nothing about the order before it is read, or when reading it failed', () => {
    expect(describeWith(null, 'loading')).toBe('Checking order SO-7…');
    expect(describeWith(null, 'failed')).toBe(
      'We could not check whether order SO-7 still waits for payment.',
    );
  });
});

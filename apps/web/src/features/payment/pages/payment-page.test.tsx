import { render, screen } from '@testing-library/react';
import { errorCatalogue } from '@storefront/contract/errors';
import type { PaymentMethods } from '@storefront/contract/payment';
import { AxiosError } from 'axios';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchPaymentMethods, fetchPaymentPendingWith } from '../api';
import { PaymentPage } from './payment-page';

vi.mock('../api', () => ({
  fetchPaymentMethods: vi.fn(),
  fetchPaymentPendingWith: vi.fn(),
  startPayment: vi.fn(),
}));

const { ORDER_NOT_PAYABLE, ORDER_PAY_BY_PASSED, NOT_FOUND } = errorCatalogue;

function makeMethods(amountDue: number): PaymentMethods {
  return {
    amountDue,
    methods: [{ provider: 'demo', isEligible: amountDue > 0, instalmentCents: null }],
    payBy: '2026-11-27T04:30:00.000Z',
  };
}

function renderPaymentPage() {
  render(
    <MemoryRouter initialEntries={['/checkout/pay/7']}>
      <Routes>
        <Route path="/checkout/pay/:orderID" element={<PaymentPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const sentence = () => screen.getByTestId('payment-order').textContent ?? '';

describe('the payment page', () => {
  beforeEach(() => {
    vi.mocked(fetchPaymentMethods).mockReset();
    vi.mocked(fetchPaymentPendingWith).mockResolvedValue(null);
  });

  it('says an order that owes money waits for payment', async () => {
    vi.mocked(fetchPaymentMethods).mockResolvedValue(makeMethods(1250));
    renderPaymentPage();
    await screen.findByTestId('payment-methods');
    expect(sentence()).toContain('Order SO-7 is placed and waits for payment: pay by ');
    expect(sentence()).toContain(', or it is cancelled.');
  });

  it('does not say a paid or cancelled order waits for payment', async () => {
    vi.mocked(fetchPaymentMethods).mockRejectedValue({ code: ORDER_NOT_PAYABLE.code, msg: 'x', data: null });
    renderPaymentPage();
    await screen.findByTestId('payment-nothing-due');
    expect(sentence()).toContain('Order SO-7 has nothing left to pay.');
    expect(sentence()).not.toContain('waits for payment');
    expect(screen.queryByTestId('payment-methods-error')).toBeNull();
  });

  it('says an order past its time to pay is being cancelled, offers no way to pay and no error', async () => {
    vi.mocked(fetchPaymentMethods).mockRejectedValue({
      code: ORDER_PAY_BY_PASSED.code,
      msg: 'x',
      data: null,
    });
    renderPaymentPage();
    await screen.findByTestId('payment-pay-by-passed');
    expect(sentence()).toContain('The time to pay order SO-7 has ended: it is being cancelled');
    expect(screen.queryByTestId('payment-methods')).toBeNull();
    expect(screen.queryByTestId('payment-methods-error')).toBeNull();
  });

  it('past its time to pay, an order whose PayPal payment is still being confirmed is not said to be cancelled', async () => {
    vi.mocked(fetchPaymentMethods).mockRejectedValue({
      code: ORDER_PAY_BY_PASSED.code,
      msg: 'x',
      data: null,
    });
    vi.mocked(fetchPaymentPendingWith).mockResolvedValue('paypal');
    renderPaymentPage();
    await screen.findByTestId('payment-pay-by-passed');
    expect(sentence()).toContain('we are waiting for PayPal to confirm a payment started before then');
    expect(sentence()).not.toContain('being cancelled');
    expect(screen.queryByTestId('payment-methods')).toBeNull();
  });

  it('offers no way to pay an order whose PayPal payment is still being confirmed, and asks not to pay again', async () => {
    vi.mocked(fetchPaymentMethods).mockResolvedValue(makeMethods(1250));
    vi.mocked(fetchPaymentPendingWith).mockResolvedValue('paypal');
    renderPaymentPage();
    const notice = await screen.findByTestId('payment-capture-pending');
    expect(notice.textContent).toContain("Please don't pay again");
    expect(notice.textContent).toContain('If the PayPal payment goes through, the order is yours');
    expect(sentence()).toContain('Order SO-7 waits for PayPal to confirm your payment.');
    expect(screen.queryByTestId('payment-methods')).toBeNull();
  });

  it('does not say an order with nothing due waits for payment', async () => {
    vi.mocked(fetchPaymentMethods).mockResolvedValue(makeMethods(0));
    renderPaymentPage();
    await screen.findByTestId('payment-nothing-due');
    expect(sentence()).not.toContain('waits for payment');
  });

  it('says an order it cannot find is not one of the customer’s', async () => {
    vi.mocked(fetchPaymentMethods).mockRejectedValue({ status: 404, data: { code: NOT_FOUND.code } });
    renderPaymentPage();
    await screen.findByTestId('payment-order-not-found');
    expect(sentence()).toContain('Order SO-7 is not one of your orders.');
  });

  it('says it could not check the order when the ways to pay fail to load', async () => {
    vi.mocked(fetchPaymentMethods).mockRejectedValue(new AxiosError('Network Error', AxiosError.ERR_NETWORK));
    renderPaymentPage();
    await screen.findByTestId('payment-methods-error');
    expect(sentence()).toContain('We could not check whether order SO-7 still waits for payment.');
  });
});

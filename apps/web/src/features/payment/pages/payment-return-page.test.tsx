import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorCatalogue } from '@storefront/contract/errors';
import { AxiosError } from 'axios';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDemoPayment, fetchBookedWindow } from '../api';
import { PaymentReturnPage } from './payment-return-page';

vi.mock('../api', () => ({
  captureDemoPayment: vi.fn(),
  capturePaypal: vi.fn(),
  captureAfterpay: vi.fn(),
  fetchBookedWindow: vi.fn(),
}));

const { PAYMENT_DECLINED, PAYMENT_EXPIRED, PAYMENT_UNCONFIRMED, RATE_LIMITED, UNAVAILABLE } = errorCatalogue;

function envelope(entry: { code: number; msg: string }) {
  return { code: entry.code, msg: entry.msg, data: null };
}

function renderReturn() {
  render(
    <MemoryRouter initialEntries={['/checkout/payment-return?orderID=7&provider=demo&ref=d-3']}>
      <PaymentReturnPage />
    </MemoryRouter>,
  );
}

async function outcomeTitle(): Promise<string | null> {
  await screen.findByTestId(/payment-return-(failure|summary)/);
  return screen.getByTestId('payment-return-title').textContent;
}

const paid = { orderID: 7, status: 'paid', amountCents: 1250 } as const;

describe('the payment return page', () => {
  beforeEach(() => {
    vi.mocked(captureDemoPayment).mockReset();
    vi.mocked(fetchBookedWindow).mockReset().mockResolvedValue(null);
  });

  it.each([
    ['a 503', { status: 503, data: envelope(UNAVAILABLE) }],
    ['a 429', { status: 429, data: envelope(RATE_LIMITED) }],
    ['a timeout', new AxiosError('timeout of 45000ms exceeded', AxiosError.ECONNABORTED)],
    ['a network failure', new AxiosError('Network Error', AxiosError.ERR_NETWORK)],
    ['PAYMENT_UNCONFIRMED', envelope(PAYMENT_UNCONFIRMED)],
  ])('after %s it says the payment is unconfirmed and never offers to pay again', async (_case, reason) => {
    vi.mocked(captureDemoPayment).mockRejectedValue(reason);
    renderReturn();
    expect(await outcomeTitle()).toBe('We could not confirm your payment yet');
    expect(screen.getByTestId('payment-return-failure').textContent).toContain("Please don't pay again");
    expect(screen.queryByTestId('payment-return-retry')).toBeNull();
    screen.getByTestId('payment-return-check');
  });

  it('checks again by repeating the same capture with the same key, and shows the payment', async () => {
    vi.mocked(captureDemoPayment)
      .mockRejectedValueOnce({ status: 503, data: envelope(UNAVAILABLE) })
      .mockResolvedValueOnce(paid);
    renderReturn();
    await userEvent.click(await screen.findByTestId('payment-return-check'));
    expect(await screen.findByTestId('payment-return-summary')).toHaveProperty(
      'textContent',
      // "Thank you!" kept on one line.
      '$12.50 paid for order SO-7. Thank\u00a0you!',
    );
    const calls = vi.mocked(captureDemoPayment).mock.calls;
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual(calls[0]);
    expect(calls[0]).toEqual([{ orderID: 7, ref: 'd-3' }, 'capture-demo-7-d-3']);
  });

  it('says the payment it confirmed in a live region that was there while it was confirming', async () => {
    let capture = (_captured: typeof paid) => undefined as void;
    vi.mocked(captureDemoPayment).mockReturnValue(new Promise((resolve) => (capture = resolve)));
    renderReturn();
    const region = screen.getByRole('status');
    expect(within(region).getByTestId('payment-return-title').textContent).toBe('Confirming your payment');
    capture(paid);
    await within(region).findByText('$12.50 paid for order SO-7. Thank you!');
    expect(screen.getByRole('status')).toBe(region);
    expect(within(region).getByTestId('payment-return-title').textContent).toBe('Payment received');
    // What to do next is below the region, not read out with the outcome.
    expect(within(region).queryByRole('link')).toBeNull();
    expect(screen.getByRole('link', { name: 'View your order' }).getAttribute('href')).toBe(
      '/account/orders/7',
    );
  });

  it('says the delivery window the paid order booked, as the order page words it, and offers to shop on', async () => {
    vi.mocked(captureDemoPayment).mockResolvedValue(paid);
    vi.mocked(fetchBookedWindow).mockResolvedValue({
      windowID: 4,
      startsAt: '2026-11-26T06:00:00Z',
      endsAt: '2026-11-26T08:00:00Z',
      cutoffAt: '2026-11-26T02:00:00Z',
      label: 'Evening',
      priceDelta: 0,
    });
    renderReturn();
    const region = screen.getByRole('status');
    const booked = await within(region).findByTestId('payment-return-window');
    expect(booked.textContent).toBe(
      'Delivery: Thursday 26 November, 5:00 – 7:00\u00a0pm (Evening) Sydney time (AEDT)',
    );
    expect(vi.mocked(fetchBookedWindow)).toHaveBeenCalledWith(7);
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/shop');
  });

  it('says the payment without a window when the order has none or it could not be read', async () => {
    vi.mocked(captureDemoPayment).mockResolvedValue(paid);
    vi.mocked(fetchBookedWindow).mockRejectedValue(new Error('Network Error'));
    renderReturn();
    await screen.findByTestId('payment-return-summary');
    expect(screen.queryByTestId('payment-return-window')).toBeNull();
  });

  it.each([
    ['a declined', PAYMENT_DECLINED, 'Your payment was declined'],
    ['an expired', PAYMENT_EXPIRED, 'The payment expired'],
  ])('%s payment offers to pay again', async (_case, entry, title) => {
    vi.mocked(captureDemoPayment).mockRejectedValue(envelope(entry));
    renderReturn();
    expect(await outcomeTitle()).toBe(title);
    expect(screen.getByTestId('payment-return-retry').getAttribute('href')).toBe('/checkout/pay/7');
    expect(screen.queryByTestId('payment-return-check')).toBeNull();
  });
});

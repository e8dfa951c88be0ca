import { RUNTIME_CONFIG_GLOBAL } from '@storefront/contract/limits';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { makeOrderDetail } from '../../../test-support/order-detail';
import { formatOrderDate } from '../order-status';
import { listAddresses } from '../../address/api';
import { fetchOrderAddressOptions, fetchOrderDetail } from '../api';
import { OrderDetailPage } from './order-detail-page';

vi.mock('../api');
vi.mock('../../address/api');

const TAX_INVOICE = 'Tax invoice · Harbour Grocer · ABN 51 824 753 556';
const chips = {
  productID: 7,
  sku: 'SN-001',
  name: 'Sea Salt Potato Chips 175g',
  imageUrl: '/products/chips.svg',
  price: 450,
  quantity: 2,
  lineTotal: 900,
  gstFree: false,
  allowSubstitute: false,
  packedQuantity: null,
  substitute: null,
};
const apples = {
  ...chips,
  productID: 8,
  sku: 'FV-002',
  name: 'Pink Lady Apples 1kg',
  gstFree: true,
  allowSubstitute: true,
};

function serveAbn(abn: string | null) {
  Reflect.set(window, RUNTIME_CONFIG_GLOBAL, {
    apiBaseUrl: '',
    debugConsole: false,
    googleClientId: null,
    storeAbn: abn,
  });
}

async function showOrder(overrides: Parameters<typeof makeOrderDetail>[0] = {}) {
  vi.mocked(fetchOrderDetail).mockResolvedValue(makeOrderDetail({ lines: [chips, apples], ...overrides }));
  render(
    <Provider store={createAppStore()}>
      <MemoryRouter initialEntries={['/account/orders/12']}>
        <Routes>
          <Route path="/account/orders/:orderID" element={<OrderDetailPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  await screen.findByTestId('order-detail-page');
}

beforeEach(() => {
  vi.mocked(listAddresses).mockResolvedValue({ list: [], cartAddressID: null });
  vi.mocked(fetchOrderAddressOptions).mockResolvedValue({ addressIDs: [] });
  serveAbn('51824753556');
});
afterEach(() => {
  Reflect.deleteProperty(window, RUNTIME_CONFIG_GLOBAL);
});

/** Totals of an order store credit paid $20.25 of, $69.10 left. */
const CREDIT_PAID_PART = {
  subtotal: 8935,
  discount: 0,
  shipping: 0,
  creditUsed: 2025,
  total: 8935,
  amountDue: 6910,
  gst: 0,
};

describe("an order's page", () => {
  it('is named by one heading and by the tab title, and links each product by its name', async () => {
    await showOrder();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Order SO-12']);
    expect(document.title).toBe('Order SO-12 · Harbour Grocer');
    expect(
      screen.getAllByTestId('order-line').map((line) => within(line).getByRole('link').getAttribute('href')),
    ).toEqual(['/product/7', '/product/8']);
  });

  it('says by when an order awaiting payment must be paid, or it is cancelled', async () => {
    const payBy = new Date(Date.now() + 10 * 60_000).toISOString();
    await showOrder({
      status: 'pending_payment',
      payBy,
      totals: { ...makeOrderDetail().totals, amountDue: 1935 },
    });
    expect(screen.getByTestId('order-payment-due').textContent).toContain(
      `$19.35 is still to pay for this order: pay by ${formatOrderDate(payBy)}, or it is cancelled.`,
    );
  });

  it("is a paid order's tax invoice: the shop's ABN, the taxable lines marked, the GST it includes", async () => {
    // Paid in the small hours of 21 November in Sydney, still the 20th in UTC: dated by the store's day.
    await showOrder({ totals: { ...makeOrderDetail().totals, gst: 82 }, paidAt: '2026-11-20T14:30:00.000Z' });
    expect(screen.getByTestId('order-tax-invoice').textContent).toBe(`${TAX_INVOICE} · issued 21 Nov 2026`);
    expect(screen.getByTestId('order-gst').textContent).toBe('$0.82');
    const marked = screen
      .getAllByTestId('order-line')
      .filter((line) => line.textContent?.includes('includes GST'));
    expect(marked.map((line) => line.textContent?.includes(chips.name))).toEqual([true]);
  });

  it("says until when it can be cancelled: a window order's cut-off, else until picking starts", async () => {
    const cancelBy = '2026-11-29T22:00:00.000Z';
    await showOrder({ canCancel: true, cancelBy });
    expect(screen.getByTestId('order-cancel-by').textContent).toBe(
      `You can cancel it until ${formatOrderDate(cancelBy)}, the delivery window's cut-off.`,
    );
    cleanup();
    await showOrder({ canCancel: true, cancelBy: null });
    expect(screen.getByTestId('order-cancel-by').textContent).toBe(
      'You can cancel it until we start picking it.',
    );
    cleanup();
    await showOrder({ status: 'picking', canCancel: false, cancelBy: null });
    expect(screen.queryByTestId('order-cancel-by')).toBeNull();
    expect(screen.queryByTestId('order-cancel')).toBeNull();
  });

  it("draws the order's life as a timeline, each step reached with its time; a courier order is shipped", async () => {
    const packedAt = '2026-11-21T01:30:00.000Z';
    await showOrder({
      status: 'packed',
      canCancel: false,
      history: [
        { status: 'pending_payment', at: '2026-11-20T10:00:00.000Z' },
        { status: 'paid', at: '2026-11-20T10:01:00.000Z' },
        { status: 'picking', at: '2026-11-21T01:00:00.000Z' },
        { status: 'packed', at: packedAt },
      ],
    });
    const timeline = screen.getByTestId('order-timeline').textContent ?? '';
    expect(timeline).toContain(`Packed${formatOrderDate(packedAt)}`);
    expect(timeline).toContain('Shipped');
    expect(timeline).not.toContain('Out for delivery');
  });

  it('says what was packed other than ordered, and what went back at packing', async () => {
    await showOrder({
      status: 'packed',
      canCancel: false,
      lines: [
        { ...chips, packedQuantity: 1 },
        {
          ...apples,
          packedQuantity: 2,
          substitute: { productID: 9, name: 'Royal Gala Apples 1kg', price: 400 },
        },
      ],
      refunds: [
        {
          amount: 550,
          byProvider: 550,
          asCredit: 0,
          reason: 'Not packed: short or substituted for less',
          at: '2026-11-21T01:30:00.000Z',
        },
      ],
    });
    expect(screen.getAllByTestId('order-line-packed').map((n) => n.textContent)).toEqual([
      '1 of 2 sent',
      'Sent instead: Royal Gala Apples 1kg × 2 at $4.00',
    ]);
    expect(screen.getByTestId('order-refund').textContent).toBe(
      `Refunded ${formatOrderDate('2026-11-21T01:30:00.000Z')}: Not packed: short or substituted for less−$5.50`,
    );
  });

  it('is no tax invoice before payment', async () => {
    await showOrder({ status: 'pending_payment', paidAt: null });
    expect(screen.queryByTestId('order-tax-invoice')).toBeNull();
  });

  it('is no tax invoice when cancelled', async () => {
    await showOrder({ status: 'cancelled', cancelledAt: '2026-11-21T10:00:00.000Z', canCancel: false });
    expect(screen.queryByTestId('order-tax-invoice')).toBeNull();
  });

  it('says what a cancel gave back, as the mail does: through the provider, and as store credit', async () => {
    await showOrder({
      status: 'cancelled',
      paidAt: '2026-11-20T10:01:00.000Z',
      cancelledAt: '2026-11-20T11:00:00.000Z',
      canCancel: false,
      cancellation: { notPaidBy: null, refund: { byProvider: 6435, provider: 'demo', asCredit: 2500 } },
    });
    const note = screen.getByTestId('order-cancelled-note').textContent ?? '';
    expect(note).toContain(
      '$64.35 goes back through the demo provider, and $25.00 is back in your store credit. Refunds to a card can take a few business days to show.',
    );
    expect(note).not.toContain('not paid');
  });

  it('says an order left unpaid was cancelled because it was not paid in time, and gives its credit back', async () => {
    const payBy = '2026-11-20T10:30:00.000Z';
    await showOrder({
      status: 'cancelled',
      paidAt: null,
      cancelledAt: '2026-11-20T10:31:00.000Z',
      canCancel: false,
      totals: {
        subtotal: 1000,
        discount: 0,
        shipping: 0,
        creditUsed: 500,
        total: 1000,
        amountDue: 500,
        gst: 0,
      },
      cancellation: { notPaidBy: payBy, refund: { byProvider: 0, provider: null, asCredit: 500 } },
    });
    const note = screen.getByTestId('order-cancelled-note').textContent ?? '';
    expect(note).toContain(
      `It was not paid by ${formatOrderDate(payBy)}, so its items went back on the shelf.`,
    );
    expect(note).toContain('$5.00 is back in your store credit.');
  });

  it('says, beside the store credit, what became of the rest of the total, as the mails do', async () => {
    const rows = () =>
      Array.from(
        screen.getByTestId('order-lines').querySelectorAll('.cart-summary__row'),
        (r) => r.textContent,
      );
    await showOrder({ totals: CREDIT_PAID_PART });
    // Taken off the total with a minus sign, as the order's mails show it.
    expect(rows().slice(-2)).toEqual(['Paid with store credit\u2212$20.25', 'Paid$69.10']);
  });

  it('says what is still to pay beside the credit of an order awaiting payment', async () => {
    await showOrder({
      totals: CREDIT_PAID_PART,
      status: 'pending_payment',
      paidAt: null,
      payBy: '2026-11-20T10:30:00.000Z',
    });
    expect(screen.getByTestId('order-rest').parentElement?.textContent).toBe('To pay$69.10');
  });

  it('says which provider took the payment and on which day, as the paid mail does; nothing before payment', async () => {
    // Paid in the small hours of 21 November in Sydney, still the 20th in UTC: the store's day.
    await showOrder({ paidAt: '2026-11-20T14:30:00.000Z', paidWith: 'paypal' });
    expect(screen.getByTestId('order-paid-with').textContent).toBe('Paid with PayPal on 21 Nov 2026');
    cleanup();
    await showOrder({ paidWith: 'afterpay' });
    expect(screen.getByTestId('order-paid-with').textContent).toBe('Paid with Afterpay on 20 Nov 2026');
    cleanup();
    await showOrder({ paidWith: null });
    expect(screen.getByTestId('order-paid-with').textContent).toBe('Paid with store credit on 20 Nov 2026');
    cleanup();
    await showOrder({ status: 'pending_payment', paidAt: null, paidWith: null });
    expect(screen.queryByTestId('order-paid-with')).toBeNull();
  });

  it('once the time to pay has passed, says the order is being cancelled and no longer offers to pay', async () => {
    const payBy = new Date(Date.now() - 20_000).toISOString();
    await showOrder({ status: 'pending_payment', paidAt: null, paidWith: null, payBy });
    expect(screen.getByTestId('order-pay-ended').textContent).toContain(
      `The time to pay this order ended ${formatOrderDate(payBy)}: it is being cancelled and its items go back on the shelf.`,
    );
    expect(screen.queryByTestId('order-payment-due')).toBeNull();
    expect(screen.queryByTestId('order-pay-now')).toBeNull();
  });

  it('while PayPal is still deciding a payment, says so and does not invite paying again', async () => {
    const payBy = new Date(Date.now() + 20 * 60_000).toISOString();
    await showOrder({
      status: 'pending_payment',
      paidAt: null,
      paidWith: null,
      payBy,
      paymentPendingWith: 'paypal',
    });
    expect(screen.getByTestId('order-payment-checking').textContent).toBe(
      'We are waiting for PayPal to confirm your payment.' +
        "Please don't pay again: if the payment goes through, the order is yours; if not, it is cancelled and you are not charged.",
    );
    expect(screen.queryByTestId('order-payment-due')).toBeNull();
    expect(screen.queryByTestId('order-pay-now')).toBeNull();
  });

  it('past the time to pay, with Afterpay still deciding a payment, says the order waits for it instead of being cancelled', async () => {
    const payBy = new Date(Date.now() - 20_000).toISOString();
    await showOrder({
      status: 'pending_payment',
      paidAt: null,
      paidWith: null,
      payBy,
      paymentPendingWith: 'afterpay',
    });
    expect(screen.getByTestId('order-payment-checking').textContent).toBe(
      'We are waiting for Afterpay to confirm your payment.' +
        `The time to pay ended ${formatOrderDate(payBy)}, but a payment started before then still counts: if it goes through, the order is yours; if not, it is cancelled and you are not charged.`,
    );
    expect(screen.queryByTestId('order-pay-ended')).toBeNull();
    expect(screen.queryByTestId('order-pay-now')).toBeNull();
  });

  it('stops offering to pay when the time to pay passes while the page is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const payBy = new Date(Date.now() + 60_000).toISOString();
      await showOrder({ status: 'pending_payment', paidAt: null, paidWith: null, payBy });
      expect(screen.getByTestId('order-pay-now')).toBeTruthy();
      act(() => vi.advanceTimersByTime(61_000));
      expect(screen.getByTestId('order-pay-ended')).toBeTruthy();
      expect(screen.queryByTestId('order-pay-now')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows no delivery window on a cancelled order: its place was given back', async () => {
    const window = {
      windowID: 3,
      startsAt: '2026-11-22T20:00:00.000Z',
      endsAt: '2026-11-22T22:00:00.000Z',
      cutoffAt: '2026-11-22T09:00:00.000Z',
      label: null,
      priceDelta: 0,
    };
    await showOrder({ status: 'cancelled', canCancel: false, deliveryWindow: window });
    expect(screen.queryByTestId('order-window')).toBeNull();
  });

  it('draws the delivery window as a small card, as the Items and Addresses cards beside it', async () => {
    const window = {
      windowID: 3,
      startsAt: '2026-11-22T20:00:00.000Z',
      endsAt: '2026-11-22T22:00:00.000Z',
      cutoffAt: '2026-11-22T09:00:00.000Z',
      label: null,
      priceDelta: 0,
    };
    await showOrder({ status: 'paid', deliveryWindow: window });
    for (const testId of ['order-lines', 'order-addresses', 'order-window']) {
      expect(screen.getByTestId(testId).classList.contains('ant-card-small')).toBe(true);
    }
  });

  it('is no tax invoice in a shop without an ABN, though it still says the GST', async () => {
    serveAbn(null);
    await showOrder({ totals: { ...makeOrderDetail().totals, gst: 82 } });
    expect(screen.queryByTestId('order-tax-invoice')).toBeNull();
    expect(screen.getByTestId('order-gst').textContent).toBe('$0.82');
  });

  it("says no GST on an order from before it was recorded, and shows the customer's instructions as written", async () => {
    await showOrder({
      totals: { ...makeOrderDetail().totals, gst: null },
      deliveryNotes: 'Side gate, code 4821.\nBeware of the dog.',
      leaveUnattended: true,
    });
    expect(screen.queryByTestId('order-gst')).toBeNull();
    expect(screen.queryByTestId('order-tax-invoice')).toBeNull();
    expect(screen.getByTestId('order-delivery-notes').textContent).toBe(
      'Side gate, code 4821.\nBeware of the dog.',
    );
    expect(screen.getByTestId('order-leave-unattended').textContent).toBe('Leave it at the door');
  });

  it('marks the lines the customer wanted no substitute for, and says what becomes of them', async () => {
    await showOrder({ status: 'paid' });
    const marked = screen
      .getAllByTestId('order-line')
      .filter((line) => line.querySelector('[data-testid="order-line-no-substitute"]'));
    expect(marked.map((line) => line.textContent?.includes(chips.name))).toEqual([true]);
    expect(screen.getByTestId('order-substitutes').textContent).toMatch(
      /similar one at the same price or less, except those marked "no substitute": they are refunded\.$/,
    );
  });

  it('says nothing of substitutes once the order has been packed and sent, nor offers to change them', async () => {
    await showOrder({
      status: 'shipped',
      canChangeNotes: false,
      canChangeSubstitutes: false,
      canCancel: false,
      canChangeAddress: false,
    });
    expect(screen.queryByTestId('order-substitutes')).toBeNull();
    expect(screen.queryByTestId('order-substitutes-edit')).toBeNull();
  });

  it('offers to change the instructions only until the order ships', async () => {
    await showOrder({ status: 'shipped', canChangeNotes: false, canCancel: false, canChangeAddress: false });
    expect(screen.queryByTestId('order-notes-edit')).toBeNull();
  });
});

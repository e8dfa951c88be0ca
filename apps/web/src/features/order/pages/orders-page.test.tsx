import { render, screen, within } from '@testing-library/react';
import type { OrderSummary, OrderTotals } from '@storefront/contract/order';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { fetchOrderStat, listOrders } from '../api';
import { OrdersPage } from './orders-page';

vi.mock('../api');

/** $89.35 of groceries, of which store credit paid `creditUsed`. */
function totals(creditUsed: number): OrderTotals {
  return {
    subtotal: 8935,
    discount: 0,
    shipping: 0,
    creditUsed,
    total: 8935,
    amountDue: 8935 - creditUsed,
    gst: 0,
  };
}

function summary(orderID: number, status: OrderSummary['status'], creditUsed: number): OrderSummary {
  return {
    orderID,
    status,
    createdAt: '2026-11-20T10:00:00.000Z',
    totals: totals(creditUsed),
    itemCount: 2,
    lineCount: 1,
    preview: [{ productID: 7, name: 'Pink Lady Apples 1kg', imageUrl: '/products/apples.svg' }],
  };
}

async function showOrders(list: OrderSummary[]) {
  vi.mocked(fetchOrderStat).mockResolvedValue({
    counts: {
      pending_payment: 0,
      paid: 0,
      picking: 0,
      packed: 0,
      out_for_delivery: 0,
      shipped: 0,
      delivered: 0,
      cancelled: 0,
    },
    total: list.length,
  });
  vi.mocked(listOrders).mockResolvedValue({ list, total: list.length, page: 1, pageSize: 10 });
  render(
    <Provider store={createAppStore()}>
      <MemoryRouter initialEntries={['/account/orders']}>
        <OrdersPage />
      </MemoryRouter>
    </Provider>,
  );
  await screen.findByTestId('orders-list');
}

const card = (orderID: number) => screen.getByTestId(`order-open-${orderID}`);

describe('the orders list', () => {
  it('leads an unpaid order store credit paid part of with what is left to pay, the total beside it', async () => {
    await showOrders([summary(5, 'pending_payment', 2025)]);
    expect(within(card(5)).getByTestId('order-card-to-pay').textContent).toBe('To pay $69.10');
    expect(within(card(5)).getByTestId('order-card-total').textContent).toBe('of $89.35 total');
  });

  it("shows any other order's total alone: unpaid without credit, paid, or cancelled unpaid", async () => {
    await showOrders([
      summary(6, 'pending_payment', 0),
      summary(7, 'paid', 2025),
      summary(8, 'cancelled', 2025),
    ]);
    for (const orderID of [6, 7, 8]) {
      expect(within(card(orderID)).queryByTestId('order-card-to-pay')).toBeNull();
      expect(within(card(orderID)).getByTestId('order-card-total').textContent).toBe('$89.35');
    }
  });
});

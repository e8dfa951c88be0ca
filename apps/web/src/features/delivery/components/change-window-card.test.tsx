import type { DeliveryWindow } from '@storefront/contract/delivery';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOrderDetail } from '../../../test-support/order-detail';
import { changeDeliveryWindow, fetchDeliveryWindows } from '../api';
import { ChangeWindowCard } from './change-window-card';

vi.mock('../api', () => ({ changeDeliveryWindow: vi.fn(), fetchDeliveryWindows: vi.fn() }));

// 3-5 pm and 9-11 am on Sunday 29 Nov 2026, Sydney (AEDT, UTC+11).
const booked: DeliveryWindow = {
  windowID: 3,
  startsAt: '2026-11-29T04:00:00.000Z',
  endsAt: '2026-11-29T06:00:00.000Z',
  cutoffAt: '2026-11-28T09:00:00.000Z',
  label: null,
  priceDelta: 0,
  capacity: 10,
  remaining: 4,
  isFull: false,
};
const morning: DeliveryWindow = {
  ...booked,
  windowID: 4,
  startsAt: '2026-11-28T22:00:00.000Z',
  endsAt: '2026-11-29T00:00:00.000Z',
};
const order = makeOrderDetail({ deliveryWindow: booked, canChangeWindow: true });

/** A window's row as shown: Ant Design puts the test id on the radio's input. */
async function windowRow(windowID: number): Promise<HTMLElement> {
  const row = (await screen.findByTestId(`window-${windowID}`)).closest('label');
  if (!row) throw new Error(`no row for window ${windowID}`);
  return row;
}

beforeEach(() => {
  vi.mocked(changeDeliveryWindow).mockReset();
  vi.mocked(fetchDeliveryWindows).mockResolvedValue({
    zone: 'metro',
    required: true,
    timeZone: 'Australia/Sydney',
    days: [{ date: '2026-11-29', windows: [morning, booked] }],
  });
});

describe("changing an order's delivery window", () => {
  it('gives the focus back to Change once the order is moved, not to the top of the page', async () => {
    vi.mocked(changeDeliveryWindow).mockResolvedValue({ ...order, deliveryWindow: morning });
    render(<ChangeWindowCard order={order} onChanged={vi.fn()} />);

    await userEvent.click(screen.getByTestId('order-window-change'));
    const card = screen.getByTestId('order-window');
    await userEvent.click(await within(card).findByText('9:00 – 11:00 am'));
    await userEvent.click(screen.getByTestId('order-window-save'));

    await waitFor(() => expect(changeDeliveryWindow).toHaveBeenCalledWith({ orderID: 12, windowID: 4 }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('order-window-change')));
  });

  it('gives the focus back to Change when the customer keeps the current window', async () => {
    render(<ChangeWindowCard order={order} onChanged={vi.fn()} />);

    await userEvent.click(screen.getByTestId('order-window-change'));
    await userEvent.click(screen.getByRole('button', { name: 'Keep the current one' }));

    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('order-window-change')));
    expect(changeDeliveryWindow).not.toHaveBeenCalled();
  });

  it('calls the window the order has "Your window", not "Available", and offers no move to it', async () => {
    render(<ChangeWindowCard order={order} onChanged={vi.fn()} />);
    await userEvent.click(screen.getByTestId('order-window-change'));

    const own = await windowRow(3);
    expect(own.textContent).toContain('Your window');
    expect(own.textContent).not.toContain('Available');
    expect((await windowRow(4)).textContent).toContain('Available');
    expect((screen.getByTestId('order-window-save') as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps the window the order has chosen, as "Your window", when its own booking is what fills it', async () => {
    vi.mocked(fetchDeliveryWindows).mockResolvedValue({
      zone: 'metro',
      required: true,
      timeZone: 'Australia/Sydney',
      days: [{ date: '2026-11-29', windows: [morning, { ...booked, remaining: 0, isFull: true }] }],
    });
    render(<ChangeWindowCard order={order} onChanged={vi.fn()} />);
    await userEvent.click(screen.getByTestId('order-window-change'));

    const own = await windowRow(3);
    expect(own.textContent).toContain('Your window');
    const input = screen.getByTestId('window-3') as HTMLInputElement;
    expect(input.disabled).toBe(false);
    // Still the choice: a chosen window that is full would otherwise be cleared.
    expect(input.checked).toBe(true);
  });
});

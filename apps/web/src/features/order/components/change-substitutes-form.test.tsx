import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeSubstitutes } from '../api';
import { makeOrderDetail } from '../../../test-support/order-detail';
import { ChangeSubstitutesForm } from './change-substitutes-form';

vi.mock('../api', () => ({ changeSubstitutes: vi.fn() }));

const line = {
  sku: 'X',
  imageUrl: '/x.svg',
  price: 300,
  quantity: 1,
  lineTotal: 300,
  gstFree: true,
  packedQuantity: null,
  substitute: null,
};
const milk = { ...line, productID: 3, name: 'Full cream milk 2L', allowSubstitute: true };
const bread = { ...line, productID: 4, name: 'Sourdough loaf', allowSubstitute: false };
const makeOrder = () => makeOrderDetail({ lines: [milk, bread] });

beforeEach(() => {
  vi.mocked(changeSubstitutes).mockReset();
});

describe("changing an order's substitutes", () => {
  it('opens a box per line as the order has them, and sends the lines left without one', async () => {
    const saved = makeOrderDetail({ lines: [{ ...milk, allowSubstitute: false }, bread] });
    vi.mocked(changeSubstitutes).mockResolvedValue(saved);
    const onChanged = vi.fn();
    render(<ChangeSubstitutesForm order={makeOrder()} onChanged={onChanged} onStale={vi.fn()} />);

    await userEvent.click(screen.getByRole('button', { name: 'Change substitutes' }));
    const milkBox = screen.getByLabelText<HTMLInputElement>(milk.name);
    expect([milkBox.checked, screen.getByLabelText<HTMLInputElement>(bread.name).checked]).toEqual([
      true,
      false,
    ]);
    await waitFor(() => expect(document.activeElement).toBe(milkBox));
    await userEvent.click(milkBox);
    await userEvent.click(screen.getByTestId('order-substitutes-save'));

    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(saved));
    expect(changeSubstitutes).toHaveBeenCalledWith({ orderID: 12, noSubstituteProductIDs: [3, 4] });
    const opener = await screen.findByTestId('order-substitutes-edit');
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('opens a line of an order from before substitutes were asked about as allowing one, as the cart would', async () => {
    const older = makeOrderDetail({ lines: [{ ...milk, allowSubstitute: null }] });
    render(<ChangeSubstitutesForm order={older} onChanged={vi.fn()} onStale={vi.fn()} />);
    await userEvent.click(screen.getByTestId('order-substitutes-edit'));
    expect(screen.getByLabelText<HTMLInputElement>(milk.name).checked).toBe(true);
  });

  it('keeps the boxes open when saving fails', async () => {
    vi.mocked(changeSubstitutes).mockRejectedValue(new Error('network down'));
    const onStale = vi.fn();
    render(<ChangeSubstitutesForm order={makeOrder()} onChanged={vi.fn()} onStale={onStale} />);

    await userEvent.click(screen.getByTestId('order-substitutes-edit'));
    await userEvent.click(screen.getByLabelText(bread.name));
    await userEvent.click(screen.getByTestId('order-substitutes-save'));

    await waitFor(() =>
      expect(changeSubstitutes).toHaveBeenCalledWith({ orderID: 12, noSubstituteProductIDs: [] }),
    );
    expect(onStale).not.toHaveBeenCalled();
    expect(screen.getByTestId('order-substitutes-form')).toBeTruthy();
  });

  it('has the page read the order again when it shipped meanwhile', async () => {
    const shipped = { code: 100609, msg: 'Substitutes can no longer be changed.', data: null };
    vi.mocked(changeSubstitutes).mockRejectedValue(shipped);
    const onStale = vi.fn();
    render(<ChangeSubstitutesForm order={makeOrder()} onChanged={vi.fn()} onStale={onStale} />);

    await userEvent.click(screen.getByTestId('order-substitutes-edit'));
    await userEvent.click(screen.getByTestId('order-substitutes-save'));

    await waitFor(() => expect(onStale).toHaveBeenCalledTimes(1));
  });
});

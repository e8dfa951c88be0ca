import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@storefront/contract/errors';
import { ApiError } from '../../../lib/http/api-error';
import { makeMe, renderAt } from '../../../test-utils';
import { adjustStock } from '../api';
import { makeAdminProduct } from '../catalogue-factories';
import { StockAdjustModal } from './stock-adjust-modal';

vi.mock('../api', () => ({ adjustStock: vi.fn() }));

const milk = makeAdminProduct({ stock: 4 });

function renderModal(onAdjusted = vi.fn()) {
  renderAt(<StockAdjustModal product={milk} onClose={vi.fn()} onAdjusted={onAdjusted} />, {
    me: makeMe('manager'),
  });
  return onAdjusted;
}

async function chooseReason(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(screen.getByTestId('stock-adjust-reason'));
  await user.click(await screen.findByTitle(title));
}

describe('adjusting stock', () => {
  beforeEach(() => {
    vi.mocked(adjustStock).mockResolvedValue(makeAdminProduct({ stock: 16 }));
  });

  it('a delivery received moves the stock up by the quantity, with the note', async () => {
    const user = userEvent.setup();
    const onAdjusted = renderModal();
    expect(screen.getByTestId('stock-adjust-form')).toBeTruthy();
    await user.type(screen.getByTestId('stock-adjust-quantity'), '12');
    expect(screen.getByTestId('stock-adjust-now').textContent).toBe('In stock now: 4 · after this: 16');
    await user.type(screen.getByTestId('stock-adjust-note'), ' Invoice 5521 ');
    await user.click(screen.getByTestId('stock-adjust-submit'));
    await waitFor(() =>
      expect(adjustStock).toHaveBeenCalledWith(12, { reason: 'received', delta: 12, note: 'Invoice 5521' }),
    );
    expect(onAdjusted).toHaveBeenCalledWith(makeAdminProduct({ stock: 16 }));
  });

  it('a stocktake sends the count found on the shelf', async () => {
    const user = userEvent.setup();
    renderModal();
    await chooseReason(user, 'Stocktake (counted on the shelf)');
    expect(await screen.findByLabelText('Count on the shelf')).toBeTruthy();
    await user.type(screen.getByTestId('stock-adjust-quantity'), '0');
    await user.click(screen.getByTestId('stock-adjust-submit'));
    await waitFor(() => expect(adjustStock).toHaveBeenCalledWith(12, { reason: 'stocktake', count: 0 }));
  });

  it('damaged stock moves it down', async () => {
    const user = userEvent.setup();
    renderModal();
    await chooseReason(user, 'Damaged or spoilt');
    await user.type(screen.getByTestId('stock-adjust-quantity'), '3');
    await user.click(screen.getByTestId('stock-adjust-submit'));
    await waitFor(() => expect(adjustStock).toHaveBeenCalledWith(12, { reason: 'damaged', delta: -3 }));
  });

  it('a change of 0 is refused before sending', async () => {
    const user = userEvent.setup();
    renderModal();
    await user.type(screen.getByTestId('stock-adjust-quantity'), '0');
    await user.click(screen.getByTestId('stock-adjust-submit'));
    expect(await screen.findByText('Enter a whole number from 1.')).toBeTruthy();
    expect(adjustStock).not.toHaveBeenCalled();
  });

  it('stock that would go below zero is refused at the quantity', async () => {
    vi.mocked(adjustStock).mockRejectedValue(
      new ApiError(errorCatalogue.STOCK_BELOW_ZERO.msg, {
        code: errorCatalogue.STOCK_BELOW_ZERO.code,
        status: 200,
      }),
    );
    const user = userEvent.setup();
    const onAdjusted = renderModal();
    await chooseReason(user, 'Damaged or spoilt');
    await user.type(screen.getByTestId('stock-adjust-quantity'), '9');
    await user.click(screen.getByTestId('stock-adjust-submit'));
    expect(await screen.findByText(errorCatalogue.STOCK_BELOW_ZERO.msg)).toBeTruthy();
    expect(onAdjusted).not.toHaveBeenCalled();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@storefront/contract/errors';
import { ApiError } from '../../../lib/http/api-error';
import { makeMe, renderAt } from '../../../test-utils';
import { refundOrder } from '../api';
import { makeOrderDetail, makeOrderLine } from '../order-factories';
import { RefundModal } from './refund-modal';

vi.mock('../api', () => ({ refundOrder: vi.fn() }));

const milk = makeOrderLine({ productID: 11, name: 'Milk 2L', quantity: 3, price: 450 });
const detail = { ...makeOrderDetail({ lines: [milk], status: 'delivered' }), refundable: 1500 };

function renderModal(onRefunded = vi.fn()) {
  renderAt(<RefundModal detail={detail} isOpen onClose={vi.fn()} onRefunded={onRefunded} />, {
    me: makeMe('manager'),
  });
  return onRefunded;
}

describe('the refund form', () => {
  beforeEach(() => {
    vi.mocked(refundOrder).mockReset();
  });

  it('says what is left to refund and sends dollars as cents, with the line', async () => {
    const refunded = { ...detail, refundable: 250 };
    vi.mocked(refundOrder).mockResolvedValue(refunded);
    const user = userEvent.setup();
    const onRefunded = renderModal();
    expect(screen.getByTestId('refund-refundable').textContent).toContain('$15.00');
    await user.type(screen.getByTestId('refund-amount'), '12.5');
    await user.type(screen.getByTestId('refund-reason'), ' Damaged in the van ');
    await user.click(screen.getByTestId('refund-line'));
    await user.click(await screen.findByTitle('Milk 2L'));
    await user.click(screen.getByTestId('refund-submit'));
    await waitFor(() =>
      expect(refundOrder).toHaveBeenCalledWith(7, {
        amountCents: 1250,
        reason: 'Damaged in the van',
        lineID: 11,
      }),
    );
    expect(onRefunded).toHaveBeenCalledWith(refunded);
  });

  it('refuses more than is left to refund, and what is not an amount, without calling the API', async () => {
    const user = userEvent.setup();
    renderModal();
    await user.type(screen.getByTestId('refund-amount'), '15.01');
    await user.type(screen.getByTestId('refund-reason'), 'Late');
    await user.click(screen.getByTestId('refund-submit'));
    expect(await screen.findByText('At most $15.00 is left to refund.')).toBeTruthy();
    await user.clear(screen.getByTestId('refund-amount'));
    await user.type(screen.getByTestId('refund-amount'), '4.555');
    await user.click(screen.getByTestId('refund-submit'));
    expect(await screen.findByText('Enter an amount in dollars, such as 4.50.')).toBeTruthy();
    expect(refundOrder).not.toHaveBeenCalled();
  });

  it('shows the API’s refusal at the amount', async () => {
    vi.mocked(refundOrder).mockRejectedValue(
      new ApiError(errorCatalogue.REFUND_TOO_MUCH.msg, {
        code: errorCatalogue.REFUND_TOO_MUCH.code,
        status: 200,
      }),
    );
    const user = userEvent.setup();
    renderModal();
    await user.type(screen.getByTestId('refund-amount'), '$15');
    await user.type(screen.getByTestId('refund-reason'), 'Late');
    await user.click(screen.getByTestId('refund-submit'));
    expect(await screen.findByText(errorCatalogue.REFUND_TOO_MUCH.msg)).toBeTruthy();
    expect(refundOrder).toHaveBeenCalledWith(7, { amountCents: 1500, reason: 'Late' });
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@storefront/contract/errors';
import type { StaffOrderDetail } from '@storefront/contract/fulfilment';
import type { OrderLine } from '@storefront/contract/order';
import { ApiError } from '../../../lib/http/api-error';
import { makeMe, renderAt } from '../../../test-utils';
import { packOrder } from '../../orders/api';
import { searchProducts } from '../api';
import { makeOrderDetail, makeOrderLine, makeProduct } from '../../orders/order-factories';
import { packChanges, packedInFull } from '../pack-changes';
import { PackForm } from './pack-form';

vi.mock('../../orders/api', () => ({ packOrder: vi.fn() }));
vi.mock('../api', () => ({ searchProducts: vi.fn() }));

const milk = makeOrderLine({ productID: 11, name: 'Milk 2L', quantity: 3, price: 450 });
const bread = makeOrderLine({ productID: 12, name: 'Sourdough', quantity: 1, price: 700 });
const eggs = makeOrderLine({
  productID: 13,
  name: 'Eggs 12',
  quantity: 2,
  price: 800,
  allowSubstitute: false,
});

function detailWith(lines: OrderLine[]): StaffOrderDetail {
  return makeOrderDetail({ lines, status: 'picking' });
}

describe('the pack form', () => {
  beforeEach(() => {
    vi.mocked(packOrder).mockReset();
  });

  it('sends only the lines packed short or substituted, named by their product', async () => {
    const detail = detailWith([milk, bread, eggs]);
    const packed = makeOrderDetail({
      lines: [milk, bread, eggs],
      status: 'packed',
      refunds: [
        { amount: 1150, byProvider: 1150, asCredit: 0, reason: 'Not packed', at: '2026-11-29T01:00:00Z' },
      ],
    });
    vi.mocked(packOrder).mockResolvedValue(packed);
    vi.mocked(searchProducts).mockResolvedValue([
      makeProduct({ productID: 21, name: 'Rye loaf', price: 500 }),
    ]);
    const onPacked = vi.fn();
    const user = userEvent.setup();
    renderAt(<PackForm detail={detail} onPacked={onPacked} />, { me: makeMe('picker') });

    await user.click(screen.getByTestId('pack-minus-11'));
    expect(screen.getByTestId('pack-count-11').textContent).toBe('2');
    expect(screen.getByTestId('pack-short-11').textContent).toBe('Short 1');
    await user.click(screen.getByTestId('pack-substitute-choose-12'));
    await user.type(await screen.findByTestId('substitute-search'), 'rye{Enter}');
    await user.click(await screen.findByTestId('substitute-option-21'));
    expect(screen.getByTestId('pack-substitute-12').textContent).toContain('Rye loaf');
    await user.click(screen.getByTestId('pack-submit'));

    await waitFor(() =>
      expect(packOrder).toHaveBeenCalledWith(7, {
        lines: [
          { lineID: 11, packedQuantity: 2 },
          { lineID: 12, packedQuantity: 1, substituteProductID: 21 },
        ],
      }),
    );
    expect(searchProducts).toHaveBeenCalledWith('rye');
    expect(onPacked).toHaveBeenCalledWith(packed, 1150);
  });

  it('packed as ordered, it sends no line at all', async () => {
    vi.mocked(packOrder).mockResolvedValue(makeOrderDetail({ lines: [milk], status: 'packed' }));
    const user = userEvent.setup();
    renderAt(<PackForm detail={detailWith([milk])} onPacked={vi.fn()} />, { me: makeMe('picker') });
    await user.click(screen.getByTestId('pack-submit'));
    await waitFor(() => expect(packOrder).toHaveBeenCalledWith(7, { lines: [] }));
  });

  it('offers no substitute where the customer said no to one', () => {
    renderAt(<PackForm detail={detailWith([milk, eggs])} onPacked={vi.fn()} />, { me: makeMe('picker') });
    expect(screen.getByTestId('pack-substitute-choose-11')).toBeTruthy();
    expect(screen.queryByTestId('pack-substitute-choose-13')).toBeNull();
    expect(screen.getByTestId('pack-no-substitute-13').textContent).toMatch(/no substitute/);
  });

  it('never sends a substitute for a line that allows none, and keeps counts within what was ordered', () => {
    const entries = packedInFull([milk, eggs]);
    entries[13] = { packedQuantity: 5, substitute: { productID: 30, name: 'Free range eggs', price: 600 } };
    entries[11] = { packedQuantity: -2, substitute: null };
    expect(packChanges([milk, eggs], entries)).toEqual([{ lineID: 11, packedQuantity: 0 }]);
  });

  it('shows the API’s refusal', async () => {
    vi.mocked(packOrder).mockRejectedValue(
      new ApiError(errorCatalogue.ORDER_MOVE_REFUSED.msg, {
        code: errorCatalogue.ORDER_MOVE_REFUSED.code,
        status: 200,
      }),
    );
    const user = userEvent.setup();
    renderAt(<PackForm detail={detailWith([milk])} onPacked={vi.fn()} />, { me: makeMe('picker') });
    await user.click(screen.getByTestId('pack-submit'));
    expect((await screen.findByTestId('pack-error')).textContent).toContain(
      errorCatalogue.ORDER_MOVE_REFUSED.msg,
    );
  });
});

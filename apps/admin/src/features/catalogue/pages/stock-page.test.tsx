import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeMe, renderAt } from '../../../test-utils';
import { adjustStock, listProducts } from '../api';
import { makeAdminProduct, makeProductList } from '../catalogue-factories';
import { StockPage } from './stock-page';

vi.mock('../api', () => ({ listProducts: vi.fn(), adjustStock: vi.fn() }));

const eggs = makeAdminProduct({ productID: 21, name: 'Free range eggs', sku: 'EGGS-12', stock: 2 });
const bread = makeAdminProduct({ productID: 22, name: 'Sourdough', sku: 'SOUR-1', stock: 0 });

describe('the stock page', () => {
  it('lists the active products low on stock, lowest first', async () => {
    vi.mocked(listProducts).mockResolvedValue(makeProductList([eggs, bread]));
    renderAt(<StockPage />, { me: makeMe('manager') });
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    const rows = await screen.findAllByTestId('stock-row');
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual([
      'Sourdough',
      'Free range eggs',
    ]);
    expect(within(rows[0] ?? document.body).getByText('Out of stock')).toBeTruthy();
    expect(listProducts).toHaveBeenCalledWith({ status: 'active', lowStock: true, page: 1, pageSize: 50 });
  });

  it('says when nothing is low on stock', async () => {
    vi.mocked(listProducts).mockResolvedValue(makeProductList([]));
    renderAt(<StockPage />, { me: makeMe('manager') });
    expect(await screen.findByText('Nothing is low on stock')).toBeTruthy();
  });

  it('a quick adjustment records a delivery and reads the list again', async () => {
    vi.mocked(listProducts)
      .mockResolvedValueOnce(makeProductList([eggs, bread]))
      .mockResolvedValueOnce(makeProductList([bread]));
    vi.mocked(adjustStock).mockResolvedValue({ ...eggs, stock: 26 });
    const user = userEvent.setup();
    renderAt(<StockPage />, { me: makeMe('manager') });
    await user.click(await screen.findByTestId('stock-quick-adjust-21'));
    expect(await screen.findByText('Adjust stock: Free range eggs')).toBeTruthy();
    await user.type(screen.getByTestId('stock-adjust-quantity'), '24');
    await user.click(screen.getByTestId('stock-adjust-submit'));
    await waitFor(() => expect(adjustStock).toHaveBeenCalledWith(21, { reason: 'received', delta: 24 }));
    await waitFor(() => expect(screen.queryByText('Free range eggs')).toBeNull());
    expect(await screen.findByText('Free range eggs: stock is now 26.')).toBeTruthy();
    expect(listProducts).toHaveBeenCalledTimes(2);
  });
});

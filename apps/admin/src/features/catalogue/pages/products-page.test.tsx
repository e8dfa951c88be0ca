import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@storefront/contract/errors';
import { ApiError } from '../../../lib/http/api-error';
import { makeMe, renderAt } from '../../../test-utils';
import { listProducts } from '../api';
import { makeAdminProduct, makeProductList } from '../catalogue-factories';
import { ProductsPage } from './products-page';

vi.mock('../api', () => ({ listProducts: vi.fn() }));

const milk = makeAdminProduct();
const bread = makeAdminProduct({
  productID: 13,
  sku: 'BREAD-WM',
  name: 'Wholemeal loaf',
  brand: null,
  category: 'bakery',
  price: 500,
  stock: 3,
  isActive: false,
  special: {
    price: 400,
    startsAt: '2026-11-01T00:00:00.000Z',
    endsAt: '2026-12-01T00:00:00.000Z',
    running: true,
  },
});

/** A screen at least `width` wide: Ant Design's breakpoints ask matchMedia for min-widths. */
function screenWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return {
      matches: min !== null && width >= Number(min[1]),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  });
}

function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

function renderList(at = '/products') {
  renderAt(
    <>
      <ProductsPage />
      <Address />
    </>,
    { path: '/products', at, me: makeMe('manager') },
  );
}

function rowOf(name: string): HTMLElement {
  const row = screen.getAllByTestId('product-row').find((r) => within(r).queryByText(name));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('the products list', () => {
  beforeEach(() => {
    vi.mocked(listProducts).mockResolvedValue(makeProductList([milk, bread]));
  });

  it('shows a row per product with its aisle, price, special, stock and status (desktop)', async () => {
    screenWidth(1280);
    renderList();
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    await screen.findByText('Wholemeal loaf');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByTestId('product-row')).toHaveLength(2);
    expect(screen.getByRole('table')).toBeTruthy();
    const milkRow = rowOf('Full cream milk 2L');
    expect(within(milkRow).getByText('Harbour Dairy')).toBeTruthy();
    expect(within(milkRow).getByText('MILK-2L')).toBeTruthy();
    expect(within(milkRow).getByText('$4.50')).toBeTruthy();
    expect(within(milkRow).getByTestId('product-stock').textContent).toBe('40');
    expect(within(milkRow).getByText('Active')).toBeTruthy();
    expect(within(milkRow).queryByTestId('product-special-tag')).toBeNull();
    const breadRow = rowOf('Wholemeal loaf');
    expect(within(breadRow).getByText('$4.00')).toBeTruthy();
    expect(within(breadRow).getByTestId('product-special-tag')).toBeTruthy();
    expect(within(breadRow).getByTestId('product-stock').textContent).toBe('3 left');
    expect(within(breadRow).getByText('Inactive')).toBeTruthy();
    expect(listProducts).toHaveBeenCalledWith({
      q: undefined,
      category: undefined,
      status: 'all',
      lowStock: false,
      page: 1,
      pageSize: 25,
    });
  });

  it('shows cards on a phone, each opening its product', async () => {
    screenWidth(375);
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Wholemeal loaf');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByTestId('product-cards')).toBeTruthy();
    await user.click(rowOf('Wholemeal loaf'));
    expect(screen.getByTestId('location').textContent).toBe('/products/13');
  });

  it('a row opens its product', async () => {
    screenWidth(1280);
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByText('MILK-2L'));
    expect(screen.getByTestId('location').textContent).toBe('/products/12');
  });

  it('reads its filters from the address and sends them', async () => {
    screenWidth(1280);
    renderList('/products?q=milk&category=dairy&status=active&lowStock=true&page=2');
    await screen.findByText('Wholemeal loaf');
    expect(listProducts).toHaveBeenCalledWith({
      q: 'milk',
      category: 'dairy',
      status: 'active',
      lowStock: true,
      page: 2,
      pageSize: 25,
    });
  });

  it('writes the search, aisle, status and low-stock filters into the address', async () => {
    screenWidth(1280);
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Wholemeal loaf');

    await user.type(within(screen.getByTestId('products-search')).getByRole('searchbox'), 'milk{Enter}');
    await waitFor(() =>
      expect(listProducts).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'milk' })),
    );

    await user.click(screen.getByTestId('products-aisle'));
    await user.click(await screen.findByTitle('Dairy & eggs'));
    await waitFor(() =>
      expect(listProducts).toHaveBeenLastCalledWith(
        expect.objectContaining({ q: 'milk', category: 'dairy' }),
      ),
    );

    await user.click(screen.getByTestId('products-status'));
    await user.click(await screen.findByTitle('Inactive'));
    await user.click(screen.getByTestId('products-low-stock'));
    await waitFor(() =>
      expect(listProducts).toHaveBeenLastCalledWith({
        q: 'milk',
        category: 'dairy',
        status: 'inactive',
        lowStock: true,
        page: 1,
        pageSize: 25,
      }),
    );
    expect(screen.getByTestId('address').textContent).toBe(
      '?q=milk&category=dairy&status=inactive&lowStock=true',
    );
  });

  it('says when nothing matches the filters, and offers to show all', async () => {
    vi.mocked(listProducts).mockResolvedValue(makeProductList([]));
    renderList('/products?q=zebra');
    expect(await screen.findByText('No product matches these filters.')).toBeTruthy();
  });

  it('a failed read says so and tries again', async () => {
    vi.mocked(listProducts)
      .mockRejectedValueOnce(
        new ApiError(errorCatalogue.INTERNAL.msg, { code: errorCatalogue.INTERNAL.code, status: 500 }),
      )
      .mockResolvedValueOnce(makeProductList([milk]));
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByTestId('load-retry'));
    expect(await screen.findByText('Full cream milk 2L')).toBeTruthy();
  });

  it('leads to a new product', async () => {
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByTestId('products-new'));
    expect(screen.getByTestId('location').textContent).toBe('/products/new');
  });

  it('leads to the CSV import', async () => {
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByTestId('products-import'));
    expect(screen.getByTestId('location').textContent).toBe('/products/import');
  });
});

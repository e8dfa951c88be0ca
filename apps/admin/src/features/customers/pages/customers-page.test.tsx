import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@storefront/contract/errors';
import { ApiError } from '../../../lib/http/api-error';
import { makeMe, renderAt } from '../../../test-utils';
import { listCustomers } from '../api';
import { makeCustomerList, makeCustomerSummary, screenWidth } from '../customer-factories';
import { CustomersPage } from './customers-page';

vi.mock('../api', () => ({ listCustomers: vi.fn() }));

const cam = makeCustomerSummary();
const dee = makeCustomerSummary({
  customerID: 4,
  name: 'Dee Disabled',
  email: 'dee@shop.test',
  status: 'disabled',
  emailVerified: false,
  orderCount: 0,
  lastOrderAt: null,
});

function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

function renderList(at = '/customers') {
  renderAt(
    <>
      <CustomersPage />
      <Address />
    </>,
    { path: '/customers', at, me: makeMe('support') },
  );
}

function rowOf(name: string): HTMLElement {
  const row = screen.getAllByTestId('customer-row').find((r) => within(r).queryByText(name));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('the customers list', () => {
  beforeEach(() => {
    vi.mocked(listCustomers).mockResolvedValue(makeCustomerList([cam, dee]));
  });

  it('shows a row per customer with their account state and orders (desktop)', async () => {
    screenWidth(1280);
    renderList();
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    await screen.findByText('Dee Disabled');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.getAllByTestId('customer-row')).toHaveLength(2);
    const camRow = rowOf('Cam Customer');
    expect(within(camRow).getByText('cam@shop.test')).toBeTruthy();
    expect(within(camRow).getByText('Active')).toBeTruthy();
    expect(within(camRow).getByText('Email verified')).toBeTruthy();
    expect(within(camRow).getByText(/^2 orders, last /)).toBeTruthy();
    const deeRow = rowOf('Dee Disabled');
    expect(within(deeRow).getByText('Disabled')).toBeTruthy();
    expect(within(deeRow).getByText('Email not verified')).toBeTruthy();
    expect(within(deeRow).getByText('No orders')).toBeTruthy();
    expect(listCustomers).toHaveBeenCalledWith({ q: undefined, page: 1, pageSize: 20 });
  });

  it('searches by what is typed, from the first page, and keeps it in the address', async () => {
    screenWidth(1280);
    const user = userEvent.setup();
    renderList('/customers?page=3');
    await screen.findByText('Cam Customer');
    await user.type(screen.getByTestId('customer-search'), '  SO-5 ');
    await user.click(screen.getByTestId('customer-search-submit'));
    await waitFor(() => expect(listCustomers).toHaveBeenLastCalledWith({ q: 'SO-5', page: 1, pageSize: 20 }));
    expect(screen.getByTestId('address').textContent).toBe('?q=SO-5');
    await user.click(await screen.findByTestId('customer-search-clear'));
    expect(screen.getByTestId('address').textContent).toBe('');
  });

  it('says when nobody matches the search', async () => {
    vi.mocked(listCustomers).mockResolvedValue(makeCustomerList([]));
    renderList('/customers?q=nobody');
    expect((await screen.findByTestId('customers-empty')).textContent).toContain(
      'No customer matches “nobody”.',
    );
    expect(listCustomers).toHaveBeenCalledWith({ q: 'nobody', page: 1, pageSize: 20 });
  });

  it('a row opens the customer', async () => {
    screenWidth(1280);
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByText('dee@shop.test'));
    expect(screen.getByTestId('location').textContent).toBe('/customers/4');
  });

  it('shows cards on a phone, each opening its customer', async () => {
    screenWidth(375);
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Dee Disabled');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByTestId('customer-cards')).toBeTruthy();
    await user.click(rowOf('Cam Customer'));
    expect(screen.getByTestId('location').textContent).toBe('/customers/3');
  });

  it('a failed read says why and tries again', async () => {
    vi.mocked(listCustomers)
      .mockRejectedValueOnce(new ApiError('Please check your network connection and try again.'))
      .mockResolvedValueOnce(makeCustomerList([cam]));
    const user = userEvent.setup();
    renderList();
    expect(await screen.findByText('Please check your network connection and try again.')).toBeTruthy();
    await user.click(screen.getByTestId('load-retry'));
    expect(await screen.findByText('Cam Customer')).toBeTruthy();
  });

  it('a role that may not read customers sees the 403 result', async () => {
    vi.mocked(listCustomers).mockRejectedValue(
      new ApiError(errorCatalogue.FORBIDDEN.msg, { code: errorCatalogue.FORBIDDEN.code, status: 403 }),
    );
    renderList();
    expect(await screen.findByTestId('forbidden')).toBeTruthy();
  });
});

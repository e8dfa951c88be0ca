import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@storefront/contract/staff';
import { errorCatalogue } from '@storefront/contract/errors';
import { ApiError } from '../../../lib/http/api-error';
import { makeMe, renderAt } from '../../../test-utils';
import {
  disableCustomer,
  enableCustomer,
  readCustomer,
  sendPasswordResetMail,
  sendVerificationMail,
} from '../api';
import { makeCustomerDetail, makeCustomerOrder, screenWidth } from '../customer-factories';
import { CustomerPage } from './customer-page';

vi.mock('../api', () => ({
  readCustomer: vi.fn(),
  sendVerificationMail: vi.fn(),
  sendPasswordResetMail: vi.fn(),
  disableCustomer: vi.fn(),
  enableCustomer: vi.fn(),
}));

const active = makeCustomerDetail(
  {},
  {
    orders: [
      makeCustomerOrder({ orderID: 9, status: 'paid', total: 1299 }),
      makeCustomerOrder({ orderID: 7 }),
    ],
  },
);
const disabled = makeCustomerDetail(
  { status: 'disabled' },
  { disabled: { at: '2026-11-28T01:00:00.000Z', reason: 'Card fraud', staffName: 'Sam Support' } },
);

function renderPage(role: StaffRole = 'support', at = '/customers/3') {
  renderAt(<CustomerPage />, { path: '/customers/:customerID', at, me: makeMe(role) });
}

describe("a customer's page", () => {
  beforeEach(() => {
    vi.mocked(readCustomer).mockResolvedValue(active);
  });

  it('shows the profile, account state, credit and orders linking to each order', async () => {
    screenWidth(1280);
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Cam Customer' })).toBeTruthy();
    expect(readCustomer).toHaveBeenCalledWith(3);
    expect(screen.getByTestId('customer-status').textContent).toBe('Active');
    expect(screen.getByText('Email not verified')).toBeTruthy();
    const profile = screen.getByTestId('customer-profile');
    expect(within(profile).getByText('cam@shop.test')).toBeTruthy();
    expect(within(profile).getByText('Password')).toBeTruthy();
    expect(screen.getByTestId('customer-credit').textContent).toBe('$15.00');
    const orders = screen.getByTestId('customer-orders');
    expect(within(orders).getByText('Orders (2)')).toBeTruthy();
    expect(within(orders).getByText('$12.99')).toBeTruthy();
    expect(within(orders).getByText('Paid')).toBeTruthy();
    await user.click(screen.getByTestId('customer-order-link-9'));
    expect(screen.getByTestId('location').textContent).toBe('/orders/9');
  });

  it('a customer without orders says so', async () => {
    vi.mocked(readCustomer).mockResolvedValue(makeCustomerDetail({}, { orders: [] }));
    renderPage();
    expect(
      await within(await screen.findByTestId('customer-orders')).findByText('No orders yet'),
    ).toBeTruthy();
  });

  it('on a phone the orders are a list, each linking to its order', async () => {
    screenWidth(375);
    const user = userEvent.setup();
    renderPage();
    const orders = await screen.findByTestId('customer-orders');
    expect(within(orders).queryByRole('table')).toBeNull();
    expect(within(orders).getAllByTestId('customer-order')).toHaveLength(2);
    await user.click(within(orders).getByTestId('customer-order-link-7'));
    expect(screen.getByTestId('location').textContent).toBe('/orders/7');
  });

  it('resends the verification mail and sends a reset link, saying where they went', async () => {
    vi.mocked(sendVerificationMail).mockResolvedValue({ email: 'cam@shop.test' });
    vi.mocked(sendPasswordResetMail).mockResolvedValue({ email: 'cam@shop.test' });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('customer-resend-verification'));
    expect(await screen.findByText('A verification link is on its way to cam@shop.test.')).toBeTruthy();
    expect(sendVerificationMail).toHaveBeenCalledWith(3);
    await user.click(screen.getByTestId('customer-send-reset'));
    expect(await screen.findByText('A password reset link is on its way to cam@shop.test.')).toBeTruthy();
    expect(sendPasswordResetMail).toHaveBeenCalledWith(3);
  });

  it('says why a mail was refused', async () => {
    vi.mocked(sendVerificationMail).mockRejectedValue(
      new ApiError(errorCatalogue.CUSTOMER_ALREADY_VERIFIED.msg, {
        code: errorCatalogue.CUSTOMER_ALREADY_VERIFIED.code,
        status: 200,
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('customer-resend-verification'));
    expect(await screen.findByText(errorCatalogue.CUSTOMER_ALREADY_VERIFIED.msg)).toBeTruthy();
  });

  it('a verified address has no verification mail to resend', async () => {
    vi.mocked(readCustomer).mockResolvedValue(makeCustomerDetail({ emailVerified: true }));
    renderPage();
    await screen.findByTestId('customer-send-reset');
    expect(screen.queryByTestId('customer-resend-verification')).toBeNull();
  });

  it('support disables an account with a reason, and cannot enable it again', async () => {
    vi.mocked(disableCustomer).mockResolvedValue(disabled);
    const user = userEvent.setup();
    renderPage('support');
    await user.click(await screen.findByTestId('customer-disable'));
    await user.click(await screen.findByTestId('customer-disable-confirm'));
    expect(await screen.findByText('Say why the account is disabled.')).toBeTruthy();
    expect(disableCustomer).not.toHaveBeenCalled();
    await user.type(screen.getByTestId('customer-disable-reason'), ' Card fraud ');
    await user.click(screen.getByTestId('customer-disable-confirm'));
    await waitFor(() => expect(disableCustomer).toHaveBeenCalledWith(3, { reason: 'Card fraud' }));
    expect(await screen.findByTestId('customer-disabled-note')).toBeTruthy();
    expect(screen.getByTestId('customer-status').textContent).toBe('Disabled');
    expect(screen.getByTestId('customer-disabled-note').textContent).toContain('Sam Support');
    expect(screen.queryByTestId('customer-disable')).toBeNull();
    expect(screen.queryByTestId('customer-send-reset')).toBeNull();
    expect(screen.queryByTestId('customer-enable')).toBeNull();
  });

  it("shows the API's refusal of a disable in the dialog", async () => {
    vi.mocked(disableCustomer).mockRejectedValue(
      new ApiError(errorCatalogue.NOT_FOUND.msg, { code: errorCatalogue.NOT_FOUND.code, status: 404 }),
    );
    const user = userEvent.setup();
    renderPage('manager');
    await user.click(await screen.findByTestId('customer-disable'));
    await user.type(await screen.findByTestId('customer-disable-reason'), 'Duplicate');
    await user.click(screen.getByTestId('customer-disable-confirm'));
    expect((await screen.findByTestId('customer-disable-error')).textContent).toContain(
      errorCatalogue.NOT_FOUND.msg,
    );
  });

  it('a manager enables a disabled account', async () => {
    vi.mocked(readCustomer).mockResolvedValue(disabled);
    vi.mocked(enableCustomer).mockResolvedValue(active);
    const user = userEvent.setup();
    renderPage('manager');
    expect((await screen.findByTestId('customer-disabled-note')).textContent).toContain('Card fraud');
    await user.click(screen.getByTestId('customer-enable'));
    await user.click(await screen.findByTestId('customer-enable-confirm'));
    await waitFor(() => expect(enableCustomer).toHaveBeenCalledWith(3));
    await waitFor(() => expect(screen.getByTestId('customer-status').textContent).toBe('Active'));
    expect(screen.queryByTestId('customer-disabled-note')).toBeNull();
  });

  it('an unknown customer says so, with a way to try again', async () => {
    vi.mocked(readCustomer).mockRejectedValue(
      new ApiError('No such customer.', { code: errorCatalogue.NOT_FOUND.code, status: 404 }),
    );
    renderPage();
    expect(await screen.findByText('No such customer.')).toBeTruthy();
    expect(screen.getByTestId('load-retry')).toBeTruthy();
  });

  it('an address that names no customer is not read', async () => {
    renderPage('support', '/customers/abc');
    expect(await screen.findByText('There is no such customer.')).toBeTruthy();
    expect(readCustomer).not.toHaveBeenCalled();
  });
});

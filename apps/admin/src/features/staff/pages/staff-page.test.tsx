import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@storefront/contract/errors';
import { ApiError } from '../../../lib/http/api-error';
import { makeMe, makeMember, renderAt } from '../../../test-utils';
import { addStaffMember, listStaff, updateStaffMember } from '../api';
import { StaffPage } from './staff-page';

vi.mock('../api', () => ({
  listStaff: vi.fn(),
  addStaffMember: vi.fn(),
  updateStaffMember: vi.fn(),
  sendPasswordLink: vi.fn(),
}));

const owner = makeMember();
const picker = makeMember({ staffID: 2, email: 'pat@shop.test', name: 'Pat Picker', role: 'picker' });

function rowOf(name: string): HTMLElement {
  const row = screen
    .getAllByText(name, { exact: false })
    .map((element) => element.closest('tr'))
    .find((found) => found !== null);
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('the staff page', () => {
  beforeEach(() => {
    vi.mocked(listStaff).mockResolvedValue({ list: [owner, picker] });
  });

  it('lists the members with their role and state', async () => {
    renderAt(<StaffPage />, { me: makeMe('owner') });
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    await screen.findByText('Pat Picker');
    expect(document.title).toMatch(/^Staff · /);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(rowOf('Olive Owner')).getByText('Active')).toBeTruthy();
    expect(within(rowOf('Pat Picker')).getByText('pat@shop.test')).toBeTruthy();
  });

  it('adds a member, who then shows in the list waiting for their password', async () => {
    const added = makeMember({
      staffID: 3,
      email: 'new@shop.test',
      name: 'Nia New',
      role: 'support',
      hasPassword: false,
    });
    vi.mocked(addStaffMember).mockResolvedValue(added);
    const user = userEvent.setup();
    renderAt(<StaffPage />, { me: makeMe('owner') });
    await screen.findByText('Pat Picker');

    await user.click(screen.getByTestId('staff-add'));
    await user.type(await screen.findByTestId('staff-add-email'), ' new@shop.test ');
    await user.type(screen.getByTestId('staff-add-name'), 'Nia New');
    await user.click(screen.getByTestId('staff-add-role'));
    await user.click(await screen.findByTitle('Support'));
    await user.click(screen.getByTestId('staff-add-submit'));

    await waitFor(() =>
      expect(addStaffMember).toHaveBeenCalledWith({
        email: 'new@shop.test',
        name: 'Nia New',
        role: 'support',
      }),
    );
    expect(within(rowOf('Nia New')).getByText('Waiting for password')).toBeTruthy();
    expect(await screen.findByText(/Nia New is added/)).toBeTruthy();
  });

  it('says at the email field when the email is taken', async () => {
    vi.mocked(addStaffMember).mockRejectedValue(
      new ApiError(errorCatalogue.STAFF_EMAIL_TAKEN.msg, {
        code: errorCatalogue.STAFF_EMAIL_TAKEN.code,
        status: 200,
      }),
    );
    const user = userEvent.setup();
    renderAt(<StaffPage />, { me: makeMe('owner') });
    await screen.findByText('Pat Picker');
    await user.click(screen.getByTestId('staff-add'));
    await user.type(await screen.findByTestId('staff-add-email'), 'pat@shop.test');
    await user.type(screen.getByTestId('staff-add-name'), 'Pat Again');
    await user.click(screen.getByTestId('staff-add-submit'));
    expect(await screen.findByText('A staff member with this email already exists.')).toBeTruthy();
    expect(screen.queryByTestId('staff-add-error')).toBeNull();
  });

  it('tells why a change was refused and keeps the role shown', async () => {
    vi.mocked(updateStaffMember).mockRejectedValue(
      new ApiError(errorCatalogue.STAFF_LAST_OWNER.msg, {
        code: errorCatalogue.STAFF_LAST_OWNER.code,
        status: 200,
      }),
    );
    const user = userEvent.setup();
    renderAt(<StaffPage />, { me: makeMe('owner') });
    await screen.findByText('Pat Picker');
    await user.click(within(rowOf('Olive Owner')).getByRole('combobox'));
    await user.click(await screen.findByTitle('Manager'));
    expect(await screen.findByText(errorCatalogue.STAFF_LAST_OWNER.msg)).toBeTruthy();
    expect(updateStaffMember).toHaveBeenCalledWith(1, { role: 'manager' });
    expect(within(rowOf('Olive Owner')).getByTitle('Owner')).toBeTruthy();
  });

  it('a refused read shows the error with a way to try again', async () => {
    vi.mocked(listStaff)
      .mockRejectedValueOnce(new ApiError('Please check your network connection and try again.'))
      .mockResolvedValueOnce({ list: [owner] });
    const user = userEvent.setup();
    renderAt(<StaffPage />, { me: makeMe('owner') });
    expect(await screen.findByText('Please check your network connection and try again.')).toBeTruthy();
    await user.click(screen.getByTestId('load-retry'));
    expect(await screen.findByText('Olive Owner', { exact: false })).toBeTruthy();
  });

  it('a read the role may not make shows the 403 result', async () => {
    vi.mocked(listStaff).mockRejectedValue(
      new ApiError(errorCatalogue.FORBIDDEN.msg, { code: errorCatalogue.FORBIDDEN.code, status: 403 }),
    );
    renderAt(<StaffPage />, { me: makeMe('manager') });
    expect(await screen.findByTestId('forbidden')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});

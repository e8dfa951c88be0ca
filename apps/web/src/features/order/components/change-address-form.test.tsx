import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { listAddresses } from '../../address/api';
import { changeOrderAddress } from '../api';
import { makeOrderDetail } from '../../../test-support/order-detail';
import { ChangeAddressForm } from './change-address-form';

vi.mock('../api', () => ({ changeOrderAddress: vi.fn() }));
vi.mock('../../address/api');

const office = {
  addressID: 9,
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '0412345678',
  line1: '5 Martin Pl',
  line2: null,
  suburbID: 1,
  suburb: 'Sydney',
  state: 'NSW',
  postcode: '2000',
  country: 'AU',
  isDefaultShipping: false,
  isDefaultBilling: false,
} as const;

describe("changing an order's delivery address", () => {
  it('has the page read the order again when it shipped meanwhile, as the other changes do', async () => {
    vi.mocked(listAddresses).mockResolvedValue({ list: [office], cartAddressID: null });
    const shipped = { code: 100602, msg: 'The delivery address can no longer be changed.', data: null };
    vi.mocked(changeOrderAddress).mockRejectedValue(shipped);
    const onStale = vi.fn();
    render(<ChangeAddressForm order={makeOrderDetail()} onChanged={vi.fn()} onStale={onStale} />);

    fireEvent.mouseDown(screen.getByRole('combobox'));
    await userEvent.click(await screen.findByText('5 Martin Pl, Sydney NSW 2000'));
    await userEvent.click(screen.getByTestId('order-address-save'));

    await waitFor(() => expect(changeOrderAddress).toHaveBeenCalledWith({ orderID: 12, addressID: 9 }));
    await waitFor(() => expect(onStale).toHaveBeenCalledTimes(1));
  });
});

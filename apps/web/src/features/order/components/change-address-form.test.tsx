import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { listAddresses } from '../../address/api';
import { changeOrderAddress, fetchOrderAddressOptions } from '../api';
import { makeAddress } from '../../../test-support/address';
import { makeOrderDetail } from '../../../test-support/order-detail';
import { ChangeAddressForm } from './change-address-form';

vi.mock('../api', () => ({ changeOrderAddress: vi.fn(), fetchOrderAddressOptions: vi.fn() }));
vi.mock('../../address/api');

const office = makeAddress({ addressID: 9, line1: '5 Martin Pl' });

const melbourne = makeAddress({
  addressID: 10,
  line1: '200 Bourke St',
  suburbID: 2,
  suburb: 'Melbourne',
  state: 'VIC',
  postcode: '3000',
});
const current = makeAddress({ addressID: 3, line1: '1 Macquarie St' });

const inRouter = (form: ReactElement) => render(<MemoryRouter>{form}</MemoryRouter>);

describe("changing an order's delivery address", () => {
  it('offers only the addresses the order may go to, not the one it goes to already', async () => {
    vi.mocked(listAddresses).mockResolvedValue({ list: [current, office, melbourne], cartAddressID: null });
    vi.mocked(fetchOrderAddressOptions).mockResolvedValue({ addressIDs: [3, 9] });
    inRouter(<ChangeAddressForm order={makeOrderDetail()} onChanged={vi.fn()} onStale={vi.fn()} />);

    await waitFor(() => expect(fetchOrderAddressOptions).toHaveBeenCalledWith(12));
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await screen.findByText('5 Martin Pl, Sydney NSW 2000');
    expect(screen.queryByText('200 Bourke St, Melbourne VIC 3000')).toBeNull();
    expect(screen.queryByText('1 Macquarie St, Sydney NSW 2000')).toBeNull();
  });

  it('says so when no other address will do, rather than offer one the API refuses', async () => {
    vi.mocked(listAddresses).mockResolvedValue({ list: [current, melbourne], cartAddressID: null });
    vi.mocked(fetchOrderAddressOptions).mockResolvedValue({ addressIDs: [3] });
    inRouter(<ChangeAddressForm order={makeOrderDetail()} onChanged={vi.fn()} onStale={vi.fn()} />);

    expect((await screen.findByTestId('order-address-none')).textContent).toContain(
      'No other saved address can take this order',
    );
    expect(screen.queryByTestId('order-address-save')).toBeNull();
    expect(screen.getByTestId('order-address-add').getAttribute('href')).toBe('/account/addresses');
  });

  it('has the page read the order again when it shipped meanwhile, as the other changes do', async () => {
    vi.mocked(listAddresses).mockResolvedValue({ list: [office], cartAddressID: null });
    vi.mocked(fetchOrderAddressOptions).mockResolvedValue({ addressIDs: [9] });
    const shipped = { code: 100602, msg: 'The delivery address can no longer be changed.', data: null };
    vi.mocked(changeOrderAddress).mockRejectedValue(shipped);
    const onStale = vi.fn();
    inRouter(<ChangeAddressForm order={makeOrderDetail()} onChanged={vi.fn()} onStale={onStale} />);

    fireEvent.mouseDown(screen.getByRole('combobox'));
    await userEvent.click(await screen.findByText('5 Martin Pl, Sydney NSW 2000'));
    await userEvent.click(screen.getByTestId('order-address-save'));

    await waitFor(() => expect(changeOrderAddress).toHaveBeenCalledWith({ orderID: 12, addressID: 9 }));
    await waitFor(() => expect(onStale).toHaveBeenCalledTimes(1));
  });
});

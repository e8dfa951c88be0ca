import type { OrderAddress } from '@storefront/contract/order';
import { describe, expect, it } from 'vitest';
import { formatAddress, orderStatusLabels, orderStatusOrder } from './order-status';

const address: OrderAddress = {
  addressID: 1,
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '0412345678',
  line1: '1 Macquarie St',
  line2: null,
  suburbID: 1,
  suburb: 'Sydney',
  state: 'NSW',
  postcode: '2000',
  country: 'AU',
};

describe('order status display', () => {
  it('names every status once, in the order of the timeline', () => {
    expect(new Set(orderStatusOrder).size).toBe(orderStatusOrder.length);
    expect(Object.keys(orderStatusLabels).sort()).toEqual([...orderStatusOrder].sort());
    expect(orderStatusLabels.pending_payment).toBe('Awaiting payment');
  });

  it('writes an address on one line, leaving out an empty second line', () => {
    expect(formatAddress(address)).toBe('1 Macquarie St, Sydney NSW 2000');
    expect(formatAddress({ ...address, line2: 'Level 4' })).toBe('1 Macquarie St, Level 4, Sydney NSW 2000');
  });
});

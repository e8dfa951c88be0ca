import { describe, expect, it } from 'vitest';
import { formatAddress } from './format-address';

const address = {
  line1: '1 Macquarie St',
  line2: null,
  suburb: 'Sydney',
  state: 'NSW',
  postcode: '2000',
} as const;

describe('formatAddress', () => {
  it('writes an address on one line, the level or unit before the street, leaving out an empty second line', () => {
    expect(formatAddress(address)).toBe('1 Macquarie St, Sydney NSW 2000');
    expect(formatAddress({ ...address, line2: 'Level 4' })).toBe('Level 4, 1 Macquarie St, Sydney NSW 2000');
  });
});

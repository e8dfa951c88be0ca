import { describe, expect, it } from 'vitest';
import { formatAddress, streetLine } from './address-lines.js';

const kingSt = { line1: '12 King St', line2: null, suburb: 'Newtown', state: 'NSW', postcode: '2042' };

describe('an address on one line', () => {
  it('puts the unit, apartment or level (line 2) before the street, as Australians write it', () => {
    expect(formatAddress({ ...kingSt, line2: 'Unit 3' })).toBe('Unit 3, 12 King St, Newtown NSW 2042');
    expect(streetLine({ line1: '100 George St', line2: 'Level 2' })).toBe('Level 2, 100 George St');
  });

  it('leaves out an empty or blank second line', () => {
    expect(formatAddress(kingSt)).toBe('12 King St, Newtown NSW 2042');
    expect(formatAddress({ ...kingSt, line2: '' })).toBe('12 King St, Newtown NSW 2042');
    expect(formatAddress({ ...kingSt, line2: '  ' })).toBe('12 King St, Newtown NSW 2042');
    expect(streetLine({ line1: '12 King St' })).toBe('12 King St');
  });
});

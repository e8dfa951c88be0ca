import { describe, expect, it } from 'vitest';
import { registerBody, updateCustomerBody } from './account.js';
import { addressBody } from './address.js';

const account = { email: 'cher@example.com', password: 'long enough pw', firstName: 'Cher' };
const address = {
  firstName: 'Cher',
  phone: '0412 345 678',
  line1: '1 George St',
  suburb: 'Sydney',
  state: 'NSW',
  postcode: '2000',
};

describe('a person with one name', () => {
  it('registers with the last name empty or left out', () => {
    expect(registerBody.parse({ ...account, lastName: '' }).lastName).toBe('');
    expect(registerBody.parse(account).lastName).toBe('');
    expect(registerBody.parse({ ...account, lastName: '  ' }).lastName).toBe('');
  });

  it('may empty the last name in the profile', () => {
    expect(updateCustomerBody.parse({ lastName: '' })).toEqual({ lastName: '' });
  });

  it('is an address’s recipient with the last name empty or left out', () => {
    expect(addressBody.parse({ ...address, lastName: '' }).lastName).toBe('');
    expect(addressBody.parse(address).lastName).toBe('');
  });

  it('still needs the one name, in firstName', () => {
    expect(registerBody.safeParse({ ...account, firstName: ' ' }).error?.issues[0]?.path).toEqual([
      'firstName',
    ]);
    expect(addressBody.safeParse({ ...address, firstName: '' }).error?.issues[0]?.path).toEqual([
      'firstName',
    ]);
  });
});

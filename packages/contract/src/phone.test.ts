import { describe, expect, it } from 'vitest';
import { auPhone } from './account.js';
import { AU_PHONE_PATTERN, formatPhone, normalisePhone } from './limits.js';

describe('Australian phone numbers as customers write them', () => {
  it.each([
    ['0412 345 678', '0412345678'],
    ['0412-345-678', '0412345678'],
    ['0412.345.678', '0412345678'],
    [' 04 1234 5678 ', '0412345678'],
    ['(02) 9876 5432', '0298765432'],
    ['+61 412 345 678', '0412345678'],
    ['+61412345678', '0412345678'],
    ['61412345678', '0412345678'],
    ['+61 (0) 412 345 678', '0412345678'],
    ['0061 2 9876 5432', '0298765432'],
    ['1300 123 456', '1300123456'],
    ['1800-123-456', '1800123456'],
    ['13 13 14', '131314'],
  ])('%j is taken and kept as %j', (typed, stored) => {
    expect(auPhone.parse(typed)).toBe(stored);
  });

  it.each([
    '9876 5432',
    '0412 345 67',
    '04123456789',
    '+1 415 555 0100',
    '0112345678',
    '1900 123 456',
    'call me',
  ])('%j is refused', (typed) => {
    expect(auPhone.safeParse(typed).success).toBe(false);
  });

  it('a number stored in the international form before is read as the national one', () => {
    expect(normalisePhone('+61412345678')).toBe('0412345678');
    expect(AU_PHONE_PATTERN.test(normalisePhone('+61412345678'))).toBe(true);
  });

  it.each([
    ['0412345678', '0412 345 678'],
    ['+61412345678', '0412 345 678'],
    ['0298765432', '02 9876 5432'],
    ['1300123456', '1300 123 456'],
    ['131314', '13 13 14'],
    ['not a number', 'not a number'],
  ])('%j is shown as %j', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });
});

import { describe, expect, it } from 'vitest';
import { addressBody } from './address.js';
import { applyDiscountBody } from './cart.js';
import { linesOfText, postcode } from './common.js';
import { DELIVERY_NOTES_MAX } from './limits.js';
import { applyVoucherBody } from './wallet.js';

const street = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '0412 345 678',
  line1: '1 Macquarie St',
  suburb: 'Sydney',
  state: 'NSW',
  postcode: '2000',
} as const;

describe('values as customers type them', () => {
  it('a postcode pasted with spaces around it is the four digits, its leading zero kept', () => {
    expect(postcode.parse(' 0800 ')).toBe('0800');
    expect(postcode.safeParse('800').success).toBe(false);
  });

  it.each([
    '3/12 Smith St',
    'Unit 3, 12 Smith St',
    'Level 2, 100 George St',
    'Shop 4 Boxhill Plaza',
    '7 Box St',
  ])('a street address %j is taken', (line1) => {
    expect(addressBody.safeParse({ ...street, line1 }).success).toBe(true);
  });

  it.each([
    ['line1', 'PO Box 123'],
    ['line1', 'P.O. Box 123'],
    ['line1', 'GPO Box 1234'],
    ['line1', 'Locked Bag 5'],
    ['line1', 'Parcel Locker 1234567890'],
    ['line2', 'PO Box 9'],
  ])('a %s that only the post can deliver to (%j) is refused naming it', (field, value) => {
    const result = addressBody.safeParse({ ...street, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
    expect(result.error?.issues[0]?.message).toMatch(/street address/);
  });

  it('delivery instructions count an emoji as one character, as the page counter does', () => {
    const notes = linesOfText(DELIVERY_NOTES_MAX);
    expect(notes.parse('🍎'.repeat(DELIVERY_NOTES_MAX))).toHaveLength(DELIVERY_NOTES_MAX * 2);
    expect(notes.safeParse('🍎'.repeat(DELIVERY_NOTES_MAX + 1)).success).toBe(false);
    expect(notes.safeParse('x'.repeat(DELIVERY_NOTES_MAX + 1)).success).toBe(false);
    expect(notes.parse(`${'🍎\r\n'.repeat(125)}`)).toBe(`${'🍎\n'.repeat(124)}🍎`);
  });

  it('discount and voucher codes typed with spaces in them are the codes without', () => {
    expect(applyDiscountBody.parse({ code: ' welcome 10 ' })).toEqual({ code: 'welcome10' });
    expect(applyVoucherBody.parse({ code: ' gift - 2500 ' })).toEqual({ code: 'gift-2500' });
    expect(applyVoucherBody.safeParse({ code: '   ' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { applyVoucherBody } from '@storefront/contract/wallet';
import { newVoucherCode, newVoucherCodes, VOUCHER_ALPHABET } from './voucher-codes.js';

describe('gift voucher codes', () => {
  it('are three groups of four from an alphabet without 0, O, 1 or I', () => {
    expect(VOUCHER_ALPHABET).toHaveLength(32);
    for (const ambiguous of ['0', 'O', '1', 'I']) expect(VOUCHER_ALPHABET).not.toContain(ambiguous);
    for (const code of newVoucherCodes(200)) {
      expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    }
  });

  it('use every symbol of the alphabet', () => {
    const seen = new Set(newVoucherCodes(400).join('').replace(/-/g, ''));
    expect([...seen].sort().join('')).toBe(VOUCHER_ALPHABET);
  });

  it('a batch holds no code twice, even when the random source repeats one', () => {
    const drawn = ['AAAA-AAAA-AAAA', 'AAAA-AAAA-AAAA', 'BBBB-BBBB-BBBB'];
    expect(newVoucherCodes(2, () => drawn.shift() ?? '')).toEqual(['AAAA-AAAA-AAAA', 'BBBB-BBBB-BBBB']);
  });

  it('are taken as they are by the redeem form', () => {
    const code = newVoucherCode();
    expect(applyVoucherBody.parse({ code })).toEqual({ code });
  });
});

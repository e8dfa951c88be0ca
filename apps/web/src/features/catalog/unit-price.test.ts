import { describe, expect, it } from 'vitest';
import { formatUnitPrice } from './unit-price';

describe('formatUnitPrice', () => {
  it('writes the unit price in dollars per the measure the Unit Pricing Code names', () => {
    expect(formatUnitPrice({ cents: 399, per: '1kg' })).toBe('$3.99 per kg');
    expect(formatUnitPrice({ cents: 45, per: '100g' })).toBe('$0.45 per 100 g');
    expect(formatUnitPrice({ cents: 175, per: '1L' })).toBe('$1.75 per L');
    expect(formatUnitPrice({ cents: 160, per: '100mL' })).toBe('$1.60 per 100 mL');
    expect(formatUnitPrice({ cents: 63, per: 'each' })).toBe('$0.63 each');
  });
});

import { describe, expect, it } from 'vitest';
import { formatUnitPrice, unitPriceNote } from './unit-price';

describe('formatUnitPrice', () => {
  it('writes the unit price in dollars per the measure the Unit Pricing Code names', () => {
    expect(formatUnitPrice({ cents: 399, per: '1kg' })).toBe('$3.99 per kg');
    expect(formatUnitPrice({ cents: 45, per: '100g' })).toBe('$0.45 per 100 g');
    expect(formatUnitPrice({ cents: 175, per: '1L' })).toBe('$1.75 per L');
    expect(formatUnitPrice({ cents: 160, per: '100mL' })).toBe('$1.60 per 100 mL');
    expect(formatUnitPrice({ cents: 63, per: 'each' })).toBe('$0.63 each');
  });
});

describe('unitPriceNote', () => {
  it('says the units differ and in which order they are compared, and nothing when they do not', () => {
    expect(
      unitPriceNote({
        groups: [
          { per: 'L', count: 3 },
          { per: 'kg', count: 2 },
          { per: 'each', count: 1 },
        ],
        withoutUnitPrice: 2,
        unitsDiffer: true,
      }),
    ).toBe(
      'Units differ here, so unit prices are compared within each kind: per L (3), then per kg (2), then each (1). Products without a unit price (2) come last.',
    );
    expect(
      unitPriceNote({
        groups: [
          { per: 'kg', count: 4 },
          { per: 'each', count: 1 },
        ],
        withoutUnitPrice: 0,
        unitsDiffer: true,
      }),
    ).toBe('Units differ here, so unit prices are compared within each kind: per kg (4), then each (1).');
    expect(
      unitPriceNote({ groups: [{ per: 'kg', count: 4 }], withoutUnitPrice: 1, unitsDiffer: false }),
    ).toBe('');
    expect(unitPriceNote(undefined)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { formatUnitPrice, unitPriceOf } from './unit-price';

const priced = (packSize: number | null, packUnit: 'g' | 'ml' | 'each' | null, category = 'pantry') =>
  unitPriceOf({ price: 450, packSize, packUnit, category });

describe('the unit price staff see while editing', () => {
  it('is per 100 g or 100 mL for small packs, per kg or L from 1 kg or 1 L', () => {
    expect(priced(500, 'g')).toEqual({ cents: 90, per: '100g' });
    expect(priced(1500, 'g')).toEqual({ cents: 300, per: '1kg' });
    expect(priced(375, 'ml')).toEqual({ cents: 120, per: '100mL' });
    expect(priced(2000, 'ml')).toEqual({ cents: 225, per: '1L' });
  });

  it('is per kg for fresh produce whatever the pack, and per item for things sold by count', () => {
    expect(priced(500, 'g', 'fruit-veg')).toEqual({ cents: 900, per: '1kg' });
    expect(priced(6, 'each')).toEqual({ cents: 75, per: 'each' });
  });

  it('reads as the storefront shows it', () => {
    expect(formatUnitPrice({ cents: 90, per: '100g' })).toBe('$0.90 per 100 g');
    expect(formatUnitPrice({ cents: 225, per: '1L' })).toBe('$2.25 per L');
  });

  it('is none without a pack size and unit', () => {
    expect(priced(null, 'g')).toBeNull();
    expect(priced(500, null)).toBeNull();
  });
});

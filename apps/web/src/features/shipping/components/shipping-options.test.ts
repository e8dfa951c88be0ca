import { describe, expect, it } from 'vitest';
import { describeEta } from './shipping-options';

describe('describeEta', () => {
  it('gives a range of business days', () => {
    expect(describeEta({ etaDaysMin: 3, etaDaysMax: 6 })).toBe('3–6 business days');
  });

  it('speaks of days for a range that ends at one', () => {
    expect(describeEta({ etaDaysMin: 0, etaDaysMax: 1 })).toBe('0–1 business days');
  });

  it('gives one day once', () => {
    expect(describeEta({ etaDaysMin: 1, etaDaysMax: 1 })).toBe('1 business day');
  });
});

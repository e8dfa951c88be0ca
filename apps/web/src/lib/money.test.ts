import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('shows integer cents as Australian dollars', () => {
    expect(formatMoney(1250)).toBe('$12.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(123456)).toBe('$1,234.56');
  });

  it('shows a discount as a negative amount', () => {
    expect(formatMoney(-500)).toBe('-$5.00');
  });
});

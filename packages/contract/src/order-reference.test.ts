import { describe, expect, it } from 'vitest';
import { orderIdOfReference, orderReference } from './order-reference';

describe('an order reference', () => {
  it('names the order, and is read back to its id', () => {
    expect(orderReference(5)).toBe('SO-5');
    expect(orderIdOfReference(orderReference(123_456))).toBe(123_456);
  });

  it('reads nothing from what no order is named by', () => {
    for (const reference of [
      '',
      '5',
      'SO-',
      'SO-0',
      'SO-05',
      'so-5',
      'SO-5 ',
      'SO-1.5',
      'SO-99999999999999999',
    ])
      expect(orderIdOfReference(reference), reference).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { makeQuote } from '../../test-support/shipping-quote';
import { describeMinimumGap, describeMinimumOrder } from './minimum-order';

describe("a zone's minimum order", () => {
  it('names what is left to add, the minimum and the postcode while the items come to less', () => {
    expect(describeMinimumGap(makeQuote({ minimumOrder: 5_000, amountToMinimum: 1_240 }))).toBe(
      'Add $12.40 more to reach the $50.00 minimum for delivery to 2000.',
    );
  });

  it('says nothing once it is reached, where there is none, or before the prices are known', () => {
    expect(describeMinimumGap(makeQuote({ minimumOrder: 5_000, amountToMinimum: 0 }))).toBeNull();
    expect(describeMinimumGap(makeQuote())).toBeNull();
    expect(describeMinimumGap(null)).toBeNull();
  });

  it('is said beside the prices only where a zone has one', () => {
    expect(describeMinimumOrder({ minimumOrder: 3_000 })).toBe('Minimum order $30.00');
    expect(describeMinimumOrder({ minimumOrder: 0 })).toBeNull();
  });
});

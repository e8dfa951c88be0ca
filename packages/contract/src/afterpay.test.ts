import { describe, expect, it } from 'vitest';
import { afterpayInstalments } from './afterpay.js';

describe('afterpayInstalments', () => {
  it('splits an amount divisible by 4 into four equal instalments', () => {
    expect(afterpayInstalments(10_000)).toEqual({ firstCents: 2500, laterCents: 2500 });
  });

  it('rounds the instalments down and puts the cents left over on the first, so the four add up to the amount', () => {
    expect(afterpayInstalments(10_001)).toEqual({ firstCents: 2501, laterCents: 2500 });
    expect(afterpayInstalments(10_002)).toEqual({ firstCents: 2502, laterCents: 2500 });
    expect(afterpayInstalments(10_003)).toEqual({ firstCents: 2503, laterCents: 2500 });
    for (const amount of [3501, 4001, 9999, 149_999]) {
      const { firstCents, laterCents } = afterpayInstalments(amount);
      expect(firstCents + 3 * laterCents).toBe(amount);
      expect(firstCents - laterCents).toBeLessThan(4);
    }
  });
});

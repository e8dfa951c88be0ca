import { describe, expect, it } from 'vitest';
import { localDateOfWindow, localInstant } from './delivery.rules.js';

describe('the store’s wall clock (Sydney)', () => {
  it('names the instant of a local time on either side of the change to daylight saving', () => {
    // Clocks went forward at 2:00 on Sunday 4 October 2026: +10:00 before, +11:00 after.
    expect(localInstant('2026-10-03', '08:00').toISOString()).toBe('2026-10-02T22:00:00.000Z');
    expect(localInstant('2026-10-05', '08:00').toISOString()).toBe('2026-10-04T21:00:00.000Z');
    // Asked again, the same answer (remembered).
    expect(localInstant('2026-10-05', '08:00').toISOString()).toBe('2026-10-04T21:00:00.000Z');
  });

  it('puts a window on its local day, also when that is the next day in UTC', () => {
    expect(localDateOfWindow(new Date('2026-10-04T21:00:00.000Z'))).toBe('2026-10-05');
    expect(localDateOfWindow(new Date('2026-10-04T12:59:00.000Z'))).toBe('2026-10-04');
    expect(localDateOfWindow(new Date('2026-10-04T21:00:00.000Z'))).toBe('2026-10-05');
  });
});

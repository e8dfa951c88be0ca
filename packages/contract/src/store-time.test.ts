import { describe, expect, it } from 'vitest';
import { formatStoreMoment } from './store-time.js';

describe('a moment as customers read it', () => {
  it("is Sydney's clock with its zone, standard or daylight time as on the day", () => {
    // 04:27 UTC is 3:27 pm in Sydney's summer (AEDT, UTC+11) and 2:27 pm in its winter (AEST, UTC+10).
    expect(formatStoreMoment('2026-11-27T04:27:00Z')).toBe('27 Nov 2026, 3:27 pm AEDT');
    expect(formatStoreMoment(new Date('2026-05-27T04:27:00Z'))).toBe('27 May 2026, 2:27 pm AEST');
  });

  it('is the same asked twice in a row, and another moment after it is its own', () => {
    const at = new Date('2026-11-27T04:27:00Z');
    expect(formatStoreMoment(at)).toBe('27 Nov 2026, 3:27 pm AEDT');
    expect(formatStoreMoment(new Date(at))).toBe('27 Nov 2026, 3:27 pm AEDT');
    expect(formatStoreMoment(new Date(at.getTime() + 60_000))).toBe('27 Nov 2026, 3:28 pm AEDT');
  });
});

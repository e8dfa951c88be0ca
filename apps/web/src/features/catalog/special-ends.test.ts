import { describe, expect, it } from 'vitest';
import { specialEndsText } from './special-ends';

describe('specialEndsText', () => {
  it("names the special's last day by the store's clock", () => {
    // 10 am on Wednesday 3 June in Sydney (AEST, UTC+10).
    expect(specialEndsText('2026-06-03T00:00:00Z')).toBe('Special ends Wednesday 3 June');
    // 11:30 pm on Tuesday 2 June in Sydney, though it is already Wednesday in Auckland.
    expect(specialEndsText('2026-06-02T13:30:00Z')).toBe('Special ends Tuesday 2 June');
  });

  it('a special that ends at midnight ends on the day before', () => {
    // Midnight starting Wednesday 3 June in Sydney.
    expect(specialEndsText('2026-06-02T14:00:00Z')).toBe('Special ends Tuesday 2 June');
    // Midnight starting Monday 7 December in Sydney, in daylight saving time (AEDT, UTC+11).
    expect(specialEndsText('2026-12-06T13:00:00Z')).toBe('Special ends Sunday 6 December');
  });
});

import { describe, expect, it } from 'vitest';
import { dayLabel, storeToday, windowSummary, windowTimes, windowZone } from './window-format';

describe('how delivery windows read', () => {
  it('names today and tomorrow, and other days by weekday and date', () => {
    expect(dayLabel('2026-11-24', '2026-11-24')).toEqual({ top: 'Today', bottom: '24 Nov' });
    expect(dayLabel('2026-11-25', '2026-11-24')).toEqual({ top: 'Tomorrow', bottom: '25 Nov' });
    expect(dayLabel('2026-11-26', '2026-11-24')).toEqual({ top: 'Thu', bottom: '26 Nov' });
  });

  it('shows times in Sydney, the half of the day once when both ends share it, never on a line of its own', () => {
    // 9-11 am and 11 am-1 pm on 26 Nov 2026 (AEDT, UTC+11); "\u00a0" is a no-break space.
    expect(windowTimes('2026-11-25T22:00:00.000Z', '2026-11-26T00:00:00.000Z')).toBe('9:00 – 11:00\u00a0am');
    expect(windowTimes('2026-11-26T00:00:00.000Z', '2026-11-26T02:00:00.000Z')).toBe(
      '11:00\u00a0am – 1:00\u00a0pm',
    );
    expect(windowSummary({ startsAt: '2026-11-26T06:00:00.000Z', endsAt: '2026-11-26T08:00:00.000Z' })).toBe(
      'Thursday 26 November, 5:00 – 7:00\u00a0pm',
    );
  });

  it("today is Sydney's date, not the machine's", () => {
    // 10 pm UTC on the 23rd is 9 am on the 24th in Sydney.
    expect(storeToday(new Date('2026-11-23T22:00:00Z'))).toBe('2026-11-24');
  });

  it('names the clock the times are on, Sydney standard or daylight time as on the window’s day', () => {
    // Daylight saving began at 2 am on Sunday 4 October 2026: 8 am on the 3rd is AEST, on the 4th AEDT.
    expect(windowZone('2026-10-02T22:00:00.000Z')).toBe('Sydney time (AEST)');
    expect(windowZone('2026-10-03T21:00:00.000Z')).toBe('Sydney time (AEDT)');
  });
});

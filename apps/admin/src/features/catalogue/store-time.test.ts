import { describe, expect, it } from 'vitest';
import { fromStorePickerValue, toStorePickerValue } from './store-time';

describe('the store clock in date pickers', () => {
  it('shows an instant as Sydney’s wall clock, in summer and winter', () => {
    expect(toStorePickerValue('2026-12-01T00:00:00.000Z').format('YYYY-MM-DD HH:mm')).toBe(
      '2026-12-01 11:00',
    );
    expect(toStorePickerValue('2026-06-01T00:00:00.000Z').format('YYYY-MM-DD HH:mm')).toBe(
      '2026-06-01 10:00',
    );
  });

  it('sends Sydney’s wall clock as an instant with Sydney’s offset', () => {
    expect(fromStorePickerValue(toStorePickerValue('2026-12-01T00:00:00Z'))).toBe(
      '2026-12-01T11:00:00+11:00',
    );
    expect(fromStorePickerValue(toStorePickerValue('2026-06-30T14:00:00Z'))).toBe(
      '2026-07-01T00:00:00+10:00',
    );
  });

  it('keeps the offset right on the days daylight saving starts and ends', () => {
    // 5 Oct 2025: 2:00 AEST became 3:00 AEDT; 6 Apr 2025: 3:00 AEDT became 2:00 AEST.
    expect(fromStorePickerValue(toStorePickerValue('2025-10-04T15:30:00Z'))).toBe(
      '2025-10-05T01:30:00+10:00',
    );
    expect(fromStorePickerValue(toStorePickerValue('2025-10-04T17:00:00Z'))).toBe(
      '2025-10-05T04:00:00+11:00',
    );
    expect(fromStorePickerValue(toStorePickerValue('2025-04-05T18:00:00Z'))).toBe(
      '2025-04-06T04:00:00+10:00',
    );
  });
});

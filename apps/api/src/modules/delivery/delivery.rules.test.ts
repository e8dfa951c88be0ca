import { describe, expect, it } from 'vitest';
import { localDateOfWindow, localEndInstant, localInstant, localInstantBefore } from './delivery.rules.js';

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

  it('names midnight on the days the clocks change (the start and end of a Sydney day, as order/list asks)', () => {
    expect(localInstant('2026-10-04', '00:00').toISOString()).toBe('2026-10-03T14:00:00.000Z');
    expect(localInstant('2026-10-05', '00:00').toISOString()).toBe('2026-10-04T13:00:00.000Z');
    expect(localInstant('2027-04-04', '00:00').toISOString()).toBe('2027-04-03T13:00:00.000Z');
    expect(localInstant('2027-04-05', '00:00').toISOString()).toBe('2027-04-04T14:00:00.000Z');
  });

  it('counts a cut-off on the wall clock, across midnight and a change of the clocks', () => {
    // 8 am AEDT on Sunday 4 October 2026 less 720 minutes: 8 pm AEST on Saturday (eleven hours before).
    expect(localInstantBefore('2026-10-04', '08:00', 720).toISOString()).toBe('2026-10-03T10:00:00.000Z');
    // 8 am AEST on Sunday 4 April 2027 less 720 minutes: 8 pm AEDT on Saturday (thirteen hours before).
    expect(localInstantBefore('2027-04-04', '08:00', 720).toISOString()).toBe('2027-04-03T09:00:00.000Z');
    expect(localInstantBefore('2026-11-26', '07:00', 120).toISOString()).toBe('2026-11-25T18:00:00.000Z');
  });

  it('starts a time the clocks skip when they jump past it, and ends one they repeat the second time it comes', () => {
    // 2:00 and 2:30 am on Sunday 4 October 2026 never come: the clock reads 1:59 AEST, then 3:00 AEDT.
    expect(localInstant('2026-10-04', '02:30').toISOString()).toBe('2026-10-03T16:00:00.000Z');
    expect(localEndInstant('2026-10-04', '02:00').toISOString()).toBe('2026-10-03T16:00:00.000Z');
    expect(localInstant('2026-10-04', '03:00').toISOString()).toBe('2026-10-03T16:00:00.000Z');
    expect(localInstant('2026-10-04', '01:59').toISOString()).toBe('2026-10-03T15:59:00.000Z');
    // 2:30 am on Sunday 4 April 2027 comes in AEDT, then again in AEST.
    expect(localInstant('2027-04-04', '02:30').toISOString()).toBe('2027-04-03T15:30:00.000Z');
    expect(localEndInstant('2027-04-04', '02:30').toISOString()).toBe('2027-04-03T16:30:00.000Z');
    expect(localEndInstant('2027-04-04', '03:00').toISOString()).toBe('2027-04-03T17:00:00.000Z');
    expect(localEndInstant('2026-11-26', '09:00').toISOString()).toBe('2026-11-25T22:00:00.000Z');
  });
});

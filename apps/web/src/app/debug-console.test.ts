import { describe, expect, it } from 'vitest';
import { isDebugAsked } from './debug-console';

const customer = { apiBaseUrl: '', debugConsole: false, googleClientId: null, storeAbn: null };

describe('isDebugAsked', () => {
  it('keeps the switch hidden for a customer who asked for nothing', () => {
    expect(isDebugAsked(customer, '', sessionStorage)).toBe(false);
  });

  it('shows it when the runtime config asks for debugging', () => {
    expect(isDebugAsked({ ...customer, debugConsole: true }, '', sessionStorage)).toBe(true);
  });

  it('shows it for ?debug=1 and for the rest of the visit, until ?debug=0', () => {
    expect(isDebugAsked(customer, '?debug=1', sessionStorage)).toBe(true);
    expect(isDebugAsked(customer, '?page=2', sessionStorage)).toBe(true);
    expect(isDebugAsked(customer, '?debug=0', sessionStorage)).toBe(false);
    expect(isDebugAsked(customer, '', sessionStorage)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { canOpen, homePathOf, pagesFor } from './access';

describe('which role opens which page', () => {
  it('an owner opens every page and lands on the dashboard', () => {
    expect(pagesFor('owner')).toEqual(['dashboard', 'staff', 'audit', 'account']);
    expect(homePathOf('owner')).toBe('/dashboard');
  });

  it('a manager reads the audit log but does not manage staff', () => {
    expect(pagesFor('manager')).toEqual(['dashboard', 'audit', 'account']);
    expect(canOpen('manager', 'staff')).toBe(false);
  });

  it('support sees the dashboard and their account only', () => {
    expect(pagesFor('support')).toEqual(['dashboard', 'account']);
  });

  it('a picker has only their account for now, and lands there', () => {
    expect(pagesFor('picker')).toEqual(['account']);
    expect(homePathOf('picker')).toBe('/account');
    expect(canOpen('picker', 'audit')).toBe(false);
  });
});

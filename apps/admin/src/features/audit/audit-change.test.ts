import { describe, expect, it } from 'vitest';
import { describeAction, listChanges } from './audit-change';

describe('an audit entry as staff read it', () => {
  it('an update shows only the fields that changed, before and after', () => {
    const changes = listChanges({
      before: { name: 'Pat Picker', role: 'picker', disabled: false, email: 'pat@shop.test' },
      after: { name: 'Pat Picker', role: 'manager', disabled: true, email: 'pat@shop.test' },
    });
    expect(changes).toEqual([
      { field: 'role', label: 'Role', before: 'Picker', after: 'Manager' },
      { field: 'disabled', label: 'Disabled', before: 'No', after: 'Yes' },
    ]);
  });

  it('a creation shows every field it was given', () => {
    const changes = listChanges({ before: null, after: { email: 'new@shop.test', mfaEnabled: false } });
    expect(changes).toEqual([
      { field: 'email', label: 'Email', before: null, after: 'new@shop.test' },
      { field: 'mfaEnabled', label: 'Two-factor', before: null, after: 'No' },
    ]);
  });

  it('names actions and fields it does not know in plain words', () => {
    expect(describeAction('staff.created')).toBe('Added a staff member');
    expect(describeAction('order.refund_issued')).toBe('Order refund issued');
    expect(listChanges({ before: null, after: { lastSignInAt: null } })[0]?.label).toBe('Last sign in at');
  });
});

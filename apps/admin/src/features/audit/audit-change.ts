import { staffRole, type AuditEntry } from '@storefront/contract/staff';
import { roleLabels } from '../../lib/access';
import { formatDateTime } from '../../lib/format';

/** One field of an entry as it reads on screen: what it was and what it became (null: absent on that side). */
export type FieldChange = { field: string; label: string; before: string | null; after: string | null };

const actionLabels: Record<string, string> = {
  'staff.created': 'Added a staff member',
  'staff.updated': 'Changed a staff member',
  'staff.password_set': 'Set a password from the mailed link',
  'staff.password_changed': 'Changed their password',
  'staff.password_link_sent': 'Sent a password link',
  'staff.mfa_enabled': 'Turned on two-factor sign-in',
  'staff.recovery_codes_renewed': 'Made new recovery codes',
};

const fieldLabels: Record<string, string> = {
  email: 'Email',
  name: 'Name',
  role: 'Role',
  disabled: 'Disabled',
  mfaEnabled: 'Two-factor',
  hasPassword: 'Password set',
};

/** "staff.created" as a sentence; an action the app does not know yet reads as its words. */
export function describeAction(action: string): string {
  const known = actionLabels[action];
  if (known) return known;
  const words = action.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function labelOf(field: string): string {
  const known = fieldLabels[field];
  if (known) return known;
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A recorded value as staff read it: yes/no, a role's name, a time in Sydney, money-free plain text. */
export function formatValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const role = staffRole.safeParse(value);
    if (field === 'role' && role.success) return roleLabels[role.data];
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value)))
      return formatDateTime(value);
    return value;
  }
  return JSON.stringify(value);
}

/**
 * The fields an entry changed: on an update only those whose value differs, on a creation every field it was
 * given, on a removal every field it had.
 */
export function listChanges(entry: Pick<AuditEntry, 'before' | 'after'>): FieldChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const hasBefore = entry.before !== null && field in before;
    const hasAfter = entry.after !== null && field in after;
    if (hasBefore && hasAfter && JSON.stringify(before[field]) === JSON.stringify(after[field])) continue;
    changes.push({
      field,
      label: labelOf(field),
      before: hasBefore ? formatValue(field, before[field]) : null,
      after: hasAfter ? formatValue(field, after[field]) : null,
    });
  }
  return changes;
}
